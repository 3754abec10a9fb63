import type { SessionState } from '@/lib/session/session-store';
import type * as SessionStore from '@/lib/session/session-store';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api, apiRequest } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { renderWithTheme } from '@/lib/testing/render';
import { makeSummary, uuid } from '@/features/summaries/testing/make-summary';
import { Component as Step2Route } from './summaries-step2';

const session = vi.hoisted(() => ({ current: {} as Partial<SessionState> }));
vi.mock('@/lib/session/session-store', async (importOriginal) => ({
  ...(await importOriginal<typeof SessionStore>()),
  useSession: <T,>(selector: (state: SessionState) => T) => selector(session.current as SessionState),
}));
vi.mock('@/lib/api-client', () => ({ api: { get: vi.fn(), post: vi.fn(), delete: vi.fn() }, apiRequest: vi.fn() }));

const get = vi.mocked(api.get);
const post = vi.mocked(api.post);
const request = vi.mocked(apiRequest);
const summary = makeSummary();

function renderStep2() {
  session.current = {
    workspace: { id: 'w1', name: 'Acme' } as SessionState['workspace'],
    workspaceMember: { id: 'm1', workspaceMemberType: 'OWNER' } as SessionState['workspaceMember'],
  };
  const router = createMemoryRouter(
    [
      { path: '/questions/summaries/step2', element: <Step2Route /> },
      { path: '/questions/summaries/:id', element: <p>Summary page</p> },
      { path: '/questions/summaries', element: <p>Summaries list</p> },
    ],
    { initialEntries: [`/questions/summaries/step2?id=${summary.id}`] },
  );
  renderWithTheme(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

beforeEach(() => {
  vi.clearAllMocks();
  get.mockImplementation((path) => Promise.resolve(path.endsWith(`/summaries/${summary.id}`) ? summary : []));
});

describe('/questions/summaries/step2 (issue #11: review the draft)', { timeout: 20_000 }, () => {
  it('shows each key point with its citations by name, and warns on an uncited one', async () => {
    renderStep2();
    const citations = await screen.findByRole('list', { name: 'Citations of key point 1' });
    expect(within(citations).getByText('Dana Reyes')).toBeDefined();
    expect(within(screen.getByRole('list', { name: 'Citations of key point 2' })).queryAllByRole('listitem')).toHaveLength(0);
    expect(screen.getAllByText('Needs a citation to publish')).toHaveLength(1);
    // Counts are computed and shown as sentences; dissent is named.
    expect(screen.getByText('1 of 2 said yes')).toBeDefined();
    expect(screen.getAllByText('Sam Reyes: May is fine but budget is tight.').length).toBeGreaterThan(0);
  });

  it('saves the edits as a PUT at the draft’s version and opens the summary', async () => {
    const user = userEvent.setup();
    request.mockResolvedValue({ ...summary, version: 4 });
    const router = renderStep2();
    const point = await screen.findByRole('textbox', { name: 'Key point 2' });
    await user.clear(point);
    await user.click(point);
    await user.paste('Budget is tight.');
    await user.click(screen.getAllByRole('button', { name: "Cite in… (Sam Reyes's answer)" })[0]!);
    await user.click(await screen.findByRole('menuitem', { name: /2\. Budget is tight\./ }));
    await user.click(screen.getByRole('button', { name: 'Save summary' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/questions/summaries/${summary.id}`));
    expect(request).toHaveBeenCalledWith(`v1/workspaces/w1/summaries/${summary.id}`, {
      method: 'PUT',
      body: {
        version: 3,
        title: 'Offsite feedback',
        keyPoints: [
          { id: uuid(701), text: 'People prefer May.', answerIds: [summary.answers[0]!.id] },
          { id: uuid(702), text: 'Budget is tight.', answerIds: [summary.answers[1]!.id] },
        ],
        perQuestion: [{ requestId: uuid(1), itemId: uuid(101), synthesis: 'Split on moving it.' }],
        quotes: [{ id: uuid(801), answerId: summary.answers[1]!.id, text: 'budget is tight' }],
        actionItems: [{ id: uuid(851), text: 'Check the May budget', answerIds: [summary.answers[1]!.id] }],
        redactions: [],
      },
    });
  });

  it('shows the server’s 400 on "quotes.0.text" on that quote', async () => {
    const user = userEvent.setup();
    request.mockRejectedValue(
      new ApiError({
        status: 400,
        errorCode: 'VALIDATION',
        errorDisplayMessage: 'Check the summary.',
        errorData: { 'quotes.0.text': 'This quote is not in the answer it cites.' },
        payload: null,
      }),
    );
    renderStep2();
    await user.click(await screen.findByRole('button', { name: 'Save summary' }));
    const quote = await screen.findByRole('textbox', { name: 'Quote 1 — Sam Reyes' });
    await waitFor(() => expect(quote).toHaveAccessibleDescription('This quote is not in the answer it cites.'));
  });

  it('makes an action item a task and links to it', async () => {
    const user = userEvent.setup();
    const taskId = uuid(999);
    post.mockResolvedValue({ ...summary, version: 4, actionItems: [{ ...summary.actionItems[0]!, taskId }] });
    renderStep2();
    await user.click(await screen.findByRole('button', { name: 'Make task' }));
    const dialog = await screen.findByRole('dialog', { name: 'Make a task' });
    await user.click(within(dialog).getByRole('button', { name: 'Make task' }));
    expect(post).toHaveBeenCalledWith(`v1/workspaces/w1/summaries/${summary.id}/action-items/${uuid(851)}/task`, {
      version: 3,
      assigneeMemberId: null,
      dueDate: null,
    });
    expect((await screen.findByRole('link', { name: 'Open the task' })).getAttribute('href')).toBe(`/tasks?task=${taskId}`);
  });

  it('offers to reload on a version conflict, and the reload shows the other save', async () => {
    const user = userEvent.setup();
    request.mockRejectedValue(
      new ApiError({
        status: 409,
        errorCode: 'VERSION_CONFLICT',
        errorDisplayMessage: 'Changed elsewhere.',
        errorData: null,
        payload: null,
      }),
    );
    renderStep2();
    const title = await screen.findByRole('textbox', { name: 'Title' });
    await user.click(title);
    await user.paste(' (mine)');
    await user.click(screen.getByRole('button', { name: 'Save summary' }));
    const dialog = await screen.findByRole('dialog', { name: 'This summary changed' });
    get.mockResolvedValue({ ...summary, version: 4, title: 'Their title' });
    await user.click(within(dialog).getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('Their title'));
  });

  it('jumps from a citation to its answer and back', async () => {
    const user = userEvent.setup();
    renderStep2();
    const citations = await screen.findByRole('list', { name: 'Citations of key point 1' });
    await user.click(within(citations).getByRole('listitem', { name: "Dana Reyes's answer (show)" }));
    expect(document.activeElement?.id).toBe(`summary-answer-${summary.answers[0]!.id}`);
    await user.click(screen.getByRole('button', { name: 'Back to the key point' }));
    expect(document.activeElement?.id).toBe(`summary-point-${uuid(701)}`);
  });

  it('adds a trimmed quote of an answer and previews a hidden name as the public page will show it', async () => {
    const user = userEvent.setup();
    request.mockResolvedValue({ ...summary, version: 4 });
    renderStep2();
    await user.click(await screen.findByRole('combobox', { name: 'Quote from an answer' }));
    await user.click(await screen.findByRole('option', { name: /Dana Reyes — Move the offsite\?/ }));
    const words = screen.getByRole('textbox', { name: 'Words to quote' });
    await user.clear(words);
    await user.click(words);
    await user.paste('move the offsite');
    await user.click(screen.getByRole('button', { name: 'Add quote' }));
    expect(screen.getByRole('textbox', { name: 'Quote 2 — Dana Reyes' })).toHaveValue('move the offsite');

    await user.click(screen.getByRole('checkbox', { name: 'Hide Dana Reyes' }));
    await user.click(screen.getByRole('switch', { name: 'Preview published page' }));
    const preview = screen.getByRole('region', { name: 'Preview of the published page' });
    expect(within(preview).getByText('— A respondent')).toBeDefined();
    expect(within(preview).getByText('“move the offsite” — A respondent')).toBeDefined();
    expect(within(preview).queryByText(/Dana/)).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Save summary' }));
    await waitFor(() => expect(request).toHaveBeenCalled());
    const body = request.mock.calls[0]![1]!.body as { quotes: unknown[]; redactions: unknown[] };
    expect(body.quotes[1]).toEqual({ answerId: summary.answers[0]!.id, text: 'move the offsite' });
    expect(body.redactions).toEqual([{ kind: 'NAME', contactId: summary.answers[0]!.contact.id, replacement: '' }]);
  });

  it('discards the draft after confirming, even with unsaved edits', async () => {
    const user = userEvent.setup();
    vi.mocked(api.delete).mockResolvedValue(undefined);
    const router = renderStep2();
    await user.click(await screen.findByRole('textbox', { name: 'Title' }));
    await user.paste(' (edited)');
    await user.click(screen.getByRole('button', { name: 'Discard draft' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Discard this draft?' })).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/questions/summaries'));
    expect(api.delete).toHaveBeenCalledWith(`v1/workspaces/w1/summaries/${summary.id}`, { query: { version: 3 } });
  });
});
