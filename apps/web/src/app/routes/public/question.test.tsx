import { QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { renderWithTheme } from '@/lib/testing/render';
import { publicLayoutRoute } from '../../router';

const SHORT_URL = 'q1B2c3D4e5F6g7H8i9J0kL';
const TEXT_ID = '00000000-0000-4000-8000-000000000101';
const CHOICE_ID = '00000000-0000-4000-8000-000000000102';
const SCALE_ID = '00000000-0000-4000-8000-000000000103';
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const page = {
  title: 'Board prep, Q3',
  context: 'Three quick questions.\n<b>not bold</b>',
  items: [
    { id: TEXT_ID, prompt: 'What worries you most?', kind: 'OPEN_TEXT', options: [], required: true },
    { id: CHOICE_ID, prompt: 'Which region leads?', kind: 'SINGLE_CHOICE', options: ['North', 'South'], required: true },
    { id: SCALE_ID, prompt: 'How confident are you?', kind: 'SCALE_1_5', options: [], required: false },
  ],
  dueDate: '2026-03-13',
  askedBy: { firstName: 'Avery', workspaceName: 'Acme office' },
  recipientFirstName: 'Dana',
  state: 'OPENED',
  completedAt: null,
  isClosed: false,
  answers: [] as { itemId: string; value: unknown; updatedAt: string; late: boolean }[],
  messages: [
    {
      id: '00000000-0000-4000-8000-000000000201',
      contactId: '00000000-0000-4000-8000-000000000301',
      authorType: 'MEMBER',
      authorFirstName: 'Avery',
      body: 'Thanks for helping!',
      via: 'EMAIL',
      requestId: null,
      createdAt: '2026-03-10T12:00:00Z',
    },
  ],
};
const answer = (itemId: string, value: unknown) => ({ itemId, value, updatedAt: '2026-03-11T12:00:00Z', late: false });
const stateOf = (state: string, answers: unknown[] = [], completedAt: string | null = null) =>
  json(200, { payload: { state, completedAt, answers } });

function renderAnswerPage() {
  const router = createMemoryRouter([{ hydrateFallbackElement: <p>Loading…</p>, children: [publicLayoutRoute] }], {
    initialEntries: [`/q/${SHORT_URL}`],
  });
  renderWithTheme(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const fetchMock = vi.fn();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  queryClient.clear();
});

const FIRST_RENDER = { timeout: 5_000 };
const call = (index: number) => {
  const [url, init] = fetchMock.mock.calls[index] as [string, RequestInit];
  return { url: String(url), method: init.method, body: init.body ? (JSON.parse(String(init.body)) as unknown) : undefined };
};
const question = (n: number) => screen.getByRole('listitem', { name: `Question ${n}` });

describe('/q/{shortUrl}: the public answer page (issue #10)', () => {
  it('shows who asks, the context as inert text, the due date, each question and the thread', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { payload: page }));
    renderAnswerPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Board prep, Q3' }, FIRST_RENDER)).toBeInTheDocument();
    expect(call(0).url).toMatch(new RegExp(`/v1/public/questions/${SHORT_URL}$`));
    expect(screen.getByText('Questions from Avery at Acme office')).toBeInTheDocument();
    expect(screen.getByText(/<b>not bold<\/b>/)).toBeInTheDocument();
    expect(document.querySelector('article b')).toBeNull();
    expect(screen.getByText('Friday, March 13, 2026')).toBeInTheDocument();
    expect(screen.getByText('0 of 3 answered')).toBeInTheDocument();
    expect(within(question(1)).getByRole('textbox', { name: /What worries you most\?/ })).toBeInTheDocument();
    expect(within(question(2)).getByRole('radio', { name: 'North' })).toBeInTheDocument();
    expect(within(question(3)).getByRole('button', { name: '4 of 5' })).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Messages' })).getByText('Thanks for helping!')).toBeInTheDocument();
  });

  it('saves a choice at once and text after a pause in typing, one PUT per item, showing "Saved"', async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValueOnce(json(200, { payload: page }));
    renderAnswerPage();
    await screen.findByRole('heading', { level: 1 }, FIRST_RENDER);

    fetchMock.mockResolvedValueOnce(stateOf('PARTIAL', [answer(CHOICE_ID, 'South')]));
    await user.click(within(question(2)).getByRole('radio', { name: 'South' }));
    await waitFor(() => expect(within(question(2)).getByText('Saved')).toBeInTheDocument());
    expect(call(1)).toEqual({
      url: expect.stringMatching(new RegExp(`/v1/public/questions/${SHORT_URL}/answers/${CHOICE_ID}$`)) as string,
      method: 'PUT',
      body: { value: 'South' },
    });

    fetchMock.mockResolvedValueOnce(stateOf('PARTIAL', [answer(CHOICE_ID, 'South'), answer(TEXT_ID, 'Hiring')]));
    await user.type(within(question(1)).getByRole('textbox'), 'Hiring');
    // Typing is not sent key by key: one save of the whole text after the pause.
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(within(question(1)).getByText('Saving…')).toBeInTheDocument();
    await waitFor(() => expect(within(question(1)).getByText('Saved')).toBeInTheDocument(), { timeout: 3_000 });
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(call(2)).toMatchObject({ method: 'PUT', body: { value: 'Hiring' } });
    expect(call(2).url).toMatch(new RegExp(`/answers/${TEXT_ID}$`));
    expect(screen.getByText('2 of 3 answered')).toBeInTheDocument();
  });

  it('saves text at once when the field loses focus, and shows the server’s refusal on the field', async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValueOnce(json(200, { payload: page }));
    renderAnswerPage();
    await screen.findByRole('heading', { level: 1 }, FIRST_RENDER);
    fetchMock.mockResolvedValueOnce(
      json(400, { errorCode: 'VALIDATION_FAILED', errorDisplayMessage: 'Invalid.', errorData: { value: 'That answer is too long.' } }),
    );
    await user.type(within(question(1)).getByRole('textbox'), 'Long');
    await user.tab();
    expect(await within(question(1)).findByText('That answer is too long.')).toBeInTheDocument();
    expect(call(1)).toMatchObject({ method: 'PUT', body: { value: 'Long' } });
    expect(within(question(1)).getByRole('textbox')).toHaveValue('Long');
  });

  it('sends a change made while a save is in flight after it, newest value last; clearing sends null', async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValueOnce(json(200, { payload: page }));
    renderAnswerPage();
    await screen.findByRole('heading', { level: 1 }, FIRST_RENDER);
    let finishFirst: (response: Response) => void = () => undefined;
    fetchMock.mockImplementationOnce(() => new Promise<Response>((resolve) => (finishFirst = resolve)));
    const box = within(question(1)).getByRole('textbox');
    await user.type(box, 'Hir');
    await user.tab();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    await user.type(box, 'ing');
    await user.tab();
    // One save per item at a time: the second waits for the first.
    expect(fetchMock).toHaveBeenCalledTimes(2);
    fetchMock.mockResolvedValueOnce(stateOf('PARTIAL', [answer(TEXT_ID, 'Hiring')]));
    finishFirst(stateOf('PARTIAL', [answer(TEXT_ID, 'Hir')]));
    await waitFor(() => expect(within(question(1)).getByText('Saved')).toBeInTheDocument());
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(call(1).body).toEqual({ value: 'Hir' });
    expect(call(2).body).toEqual({ value: 'Hiring' });

    fetchMock.mockResolvedValueOnce(stateOf('OPENED', []));
    await user.clear(box);
    await user.tab();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(4));
    expect(call(3).body).toEqual({ value: null });
    await waitFor(() => expect(screen.getByText('0 of 3 answered')).toBeInTheDocument());
  });

  it('resumes from the answers the server has (a reload on another device)', async () => {
    fetchMock.mockResolvedValueOnce(
      json(200, { payload: { ...page, state: 'PARTIAL', answers: [answer(TEXT_ID, 'Hiring in Q3'), answer(SCALE_ID, 4)] } }),
    );
    renderAnswerPage();
    expect(await within(await screen.findByRole('listitem', { name: 'Question 1' }, FIRST_RENDER)).findByRole('textbox')).toHaveValue(
      'Hiring in Q3',
    );
    expect(within(question(3)).getByRole('button', { name: '4 of 5' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(question(2)).getByRole('radio', { name: 'North' })).not.toBeChecked();
    expect(screen.getByText('2 of 3 answered')).toBeInTheDocument();
    expect(within(question(1)).getByText('Saved')).toBeInTheDocument();
  });

  it('marks the required questions left when "I’m done" is refused, then thanks and still allows changes', async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValueOnce(json(200, { payload: { ...page, answers: [answer(TEXT_ID, 'Hiring')] } }));
    renderAnswerPage();
    await screen.findByRole('heading', { level: 1 }, FIRST_RENDER);
    fetchMock
      .mockResolvedValueOnce(
        json(400, {
          errorCode: 'VALIDATION_FAILED',
          errorDisplayMessage: 'Missing answers.',
          errorData: { [CHOICE_ID]: 'This question needs an answer.' },
        }),
      )
      .mockResolvedValueOnce(
        json(400, {
          errorCode: 'VALIDATION_FAILED',
          errorDisplayMessage: 'Missing answers.',
          errorData: { [CHOICE_ID]: 'This question needs an answer.' },
        }),
      );
    await user.click(screen.getByRole('button', { name: 'I’m done' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('A few questions still need an answer.');
    expect(within(question(2)).getByText('This question needs an answer.')).toBeInTheDocument();
    expect(call(1)).toMatchObject({ method: 'POST', body: {} });
    expect(call(1).url).toMatch(/\/submit$/);

    const submits = fetchMock.mock.calls.length;
    fetchMock.mockResolvedValueOnce(stateOf('PARTIAL', [answer(TEXT_ID, 'Hiring'), answer(CHOICE_ID, 'North')]));
    await user.click(within(question(2)).getByRole('radio', { name: 'North' }));
    expect(within(question(2)).queryByText('This question needs an answer.')).toBeNull();
    fetchMock.mockResolvedValueOnce(stateOf('ANSWERED', [answer(TEXT_ID, 'Hiring'), answer(CHOICE_ID, 'North')], '2026-03-11T12:00:00Z'));
    await user.click(screen.getByRole('button', { name: 'I’m done' }));
    const thanks = await screen.findByRole('heading', { name: 'Thank you, Dana!' });
    expect(thanks).toHaveFocus();
    expect(fetchMock.mock.calls.length).toBe(submits + 2);
    expect(call(submits).body).toEqual({ value: 'North' });

    await user.click(screen.getByRole('button', { name: 'Change my answers' }));
    expect(within(question(2)).getByRole('radio', { name: 'North' })).toBeChecked();
    expect(within(question(2)).getByRole('radio', { name: 'North' })).toBeEnabled();
  });

  it('shows a closed request read-only with a notice, and no "I’m done"', async () => {
    fetchMock.mockResolvedValueOnce(
      json(200, { payload: { ...page, isClosed: true, state: 'PARTIAL', answers: [answer(CHOICE_ID, 'South')] } }),
    );
    renderAnswerPage();
    expect(await screen.findByText(/This request is closed/, {}, FIRST_RENDER)).toBeInTheDocument();
    expect(within(question(1)).getByRole('textbox')).toBeDisabled();
    expect(within(question(2)).getByRole('radio', { name: 'South' })).toBeChecked();
    expect(within(question(2)).getByRole('radio', { name: 'South' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'I’m done' })).toBeNull();
  });

  it('turns read-only when a save finds the request closed meanwhile', async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValueOnce(json(200, { payload: page }));
    renderAnswerPage();
    await screen.findByRole('heading', { level: 1 }, FIRST_RENDER);
    fetchMock.mockResolvedValueOnce(json(409, { errorCode: 'CONFLICT', errorDisplayMessage: 'This request is closed.' }));
    await user.click(within(question(2)).getByRole('radio', { name: 'North' }));
    expect(await screen.findByText(/This request is closed/)).toBeInTheDocument();
    expect(within(question(2)).getByRole('radio', { name: 'South' })).toBeDisabled();
  });

  it('shows "This link is no longer active" for a 410', async () => {
    fetchMock.mockResolvedValueOnce(json(410, { errorCode: 'GONE', errorDisplayMessage: 'This link is no longer active.' }));
    renderAnswerPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'This link is no longer active' }, FIRST_RENDER)).toBeInTheDocument();
  });

  it('shows "Page Not Found" for an unknown or malformed link', async () => {
    fetchMock.mockResolvedValueOnce(json(400, { errorCode: 'VALIDATION_FAILED', errorDisplayMessage: 'shortUrl: too long' }));
    renderAnswerPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Page Not Found' }, FIRST_RENDER)).toBeInTheDocument();
    expect(screen.queryByText('shortUrl: too long')).toBeNull();
  });

  it('shows a calm "too many attempts" notice for a 429', async () => {
    fetchMock.mockResolvedValueOnce(json(429, { errorCode: 'TOO_MANY_REQUESTS', errorDisplayMessage: 'Too many requests.' }));
    renderAnswerPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Too many attempts' }, FIRST_RENDER)).toBeInTheDocument();
  });

  it('sends a message to the office with Ctrl+Enter, and keeps the text when it is refused', async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValueOnce(json(200, { payload: page }));
    renderAnswerPage();
    const box = await screen.findByRole('textbox', { name: 'Your message' }, FIRST_RENDER);
    const tooMany = () => json(429, { errorCode: 'TOO_MANY_REQUESTS', errorDisplayMessage: 'Slow down.' });
    fetchMock.mockResolvedValueOnce(tooMany()).mockResolvedValueOnce(tooMany());
    await user.type(box, 'Is Q3 calendar or fiscal?');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(/Too many messages in a short time/)).toBeInTheDocument();
    expect(box).toHaveValue('Is Q3 calendar or fiscal?');

    fetchMock.mockResolvedValueOnce(
      json(201, {
        payload: {
          ...page.messages[0],
          id: '00000000-0000-4000-8000-000000000202',
          authorType: 'CONTACT',
          authorFirstName: 'Dana',
          body: 'Is Q3 calendar or fiscal?',
        },
      }),
    );
    await user.click(box);
    await user.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(box).toHaveValue(''));
    expect(call(fetchMock.mock.calls.length - 1)).toMatchObject({ method: 'POST', body: { body: 'Is Q3 calendar or fiscal?' } });
    expect(within(screen.getByRole('list', { name: 'Messages' })).getByText('Is Q3 calendar or fiscal?')).toBeInTheDocument();
  });
});
