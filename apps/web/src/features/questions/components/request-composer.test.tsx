import type { QuestionRequest } from '@tandem/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { renderWithTheme } from '@/lib/testing/render';
import { makeRequest, uuid } from '../testing/make-request';
import { readComposerHandoff } from '../utils/composer-handoff';
import { emptyDraft, type ComposerDraft } from '../utils/composer-draft';
import { RequestComposer } from './request-composer';

vi.mock('@/lib/api-client', () => ({ api: { get: vi.fn(), patch: vi.fn(), post: vi.fn(), delete: vi.fn() }, apiRequest: vi.fn() }));

const workspaceId = 'w1';
const post = vi.mocked(api.post);
const patch = vi.mocked(api.patch);
const get = vi.mocked(api.get);
const dana = { id: uuid(301), firstName: 'Dana', lastName: 'Reyes', email: 'dana@example.com', company: 'Acme' };
const saved = (version: number): QuestionRequest => {
  const { recipients: _r, answers: _a, ...request } = makeRequest({ status: 'DRAFT', version });
  return request;
};

function renderComposer(
  draft: ComposerDraft = emptyDraft('UTC'),
  initialSaved: { requestId: string; version: number; savedJson: string } | null = null,
) {
  const onCreated = vi.fn();
  const onSent = vi.fn();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  renderWithTheme(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <RequestComposer workspaceId={workspaceId} initialDraft={draft} initialSaved={initialSaved} onCreated={onCreated} onSent={onSent} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { onCreated, onSent };
}

beforeEach(() => {
  vi.clearAllMocks();
  get.mockResolvedValue({ items: [dana], nextCursor: null });
});

// Rendering MUI selects on a shared 2-core machine is slow; the waits are signals, not sleeps.
// The first test took 13–15 s on a slow host: the limit is one that only a hang reaches.
describe('RequestComposer (issue #10 /questions/new)', { timeout: 45_000 }, () => {
  it('adds a question of each kind with its own editor, options only for choices', async () => {
    const user = userEvent.setup();
    renderComposer();
    await user.click(screen.getByRole('button', { name: 'Add question' }));
    const questions = screen.getAllByRole('listitem', { name: /^Question \d$/ });
    expect(questions).toHaveLength(2);
    const second = questions[1]!;
    await user.click(within(second).getByRole('combobox', { name: 'Answer type' }));
    await user.click(screen.getByRole('option', { name: 'Multiple choice' }));
    expect(within(second).getAllByRole('textbox', { name: /^Option \d$/ })).toHaveLength(2);
    await user.click(within(second).getByRole('button', { name: 'Add option' }));
    expect(within(second).getAllByRole('textbox', { name: /^Option \d$/ })).toHaveLength(3);
    for (const kind of ['Scale 1–5', 'Yes / no', 'Date', 'Open text']) {
      await user.click(within(second).getByRole('combobox', { name: 'Answer type' }));
      await user.click(screen.getByRole('option', { name: kind }));
      expect(within(second).queryByRole('textbox', { name: /^Option \d$/ })).toBeNull();
    }
    // The preview shows each question as the recipient will see it.
    await user.type(within(questions[0]!).getByRole('textbox', { name: 'Question' }), 'How is Q3?');
    expect(within(screen.getByRole('region', { name: 'Preview' })).getByRole('textbox', { name: 'How is Q3?' })).toBeDisabled();
  });

  it('asks before removing a filled question and reorders with the arrows', async () => {
    const user = userEvent.setup();
    renderComposer({
      ...emptyDraft('UTC'),
      items: [
        { key: 'a', prompt: 'First', kind: 'OPEN_TEXT', options: [], required: true },
        { key: 'b', prompt: 'Second', kind: 'OPEN_TEXT', options: [], required: true },
      ],
    });
    await user.click(screen.getByRole('button', { name: 'Move question 2 up' }));
    const prompts = () => screen.getAllByRole('textbox', { name: 'Question' }).map((field) => (field as HTMLTextAreaElement).value);
    expect(prompts()).toEqual(['Second', 'First']);
    await user.click(screen.getByRole('button', { name: 'Remove question 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove this question?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(prompts()).toEqual(['First']));
  });

  it('saves a draft as you go: creates it once, then patches with the version', async () => {
    const user = userEvent.setup();
    post.mockResolvedValueOnce(saved(1));
    patch.mockResolvedValueOnce(saved(2));
    const { onCreated } = renderComposer();
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Board prep');
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1), { timeout: 3000 });
    expect(post).toHaveBeenCalledWith(`v1/workspaces/${workspaceId}/question-requests`, expect.objectContaining({ title: 'Board prep' }));
    expect(onCreated).toHaveBeenCalledWith(expect.objectContaining({ id: uuid(1) }));
    await waitFor(() => expect(screen.getByText(/^Saved/)).toBeDefined());
    await user.type(screen.getByRole('textbox', { name: 'Context' }), 'For Thursday');
    // Typing after the first save reaches /questions/{id} even before it is saved (no lost typing).
    expect(readComposerHandoff(uuid(1))?.draft.context).toBe('For Thursday');
    await waitFor(() => expect(patch).toHaveBeenCalledTimes(1), { timeout: 3000 });
    expect(patch).toHaveBeenCalledWith(
      `v1/workspaces/${workspaceId}/question-requests/${uuid(1)}`,
      expect.objectContaining({ context: 'For Thursday', version: 1 }),
    );
    expect(post).toHaveBeenCalledTimes(1);
  });

  it('says when a save fails', async () => {
    const user = userEvent.setup();
    post.mockRejectedValueOnce(
      new ApiError({ status: 400, errorCode: 'VALIDATION_FAILED', errorDisplayMessage: 'Bad title.', errorData: null, payload: null }),
    );
    renderComposer();
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'X');
    expect(await screen.findByText("Couldn't save — Bad title.", {}, { timeout: 3000 })).toBeDefined();
  });

  it('lists what stops a send and sends nothing', async () => {
    const user = userEvent.setup();
    renderComposer();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(/Before sending: Enter a title\./)).toBeDefined();
    expect(screen.getByText('Write the question.')).toBeDefined();
    expect(screen.getByText('Choose at least one person.')).toBeDefined();
    expect(post).not.toHaveBeenCalled();
  });

  it('shows the plan limit of a 402 with a link to the subscription', async () => {
    const user = userEvent.setup();
    const draft: ComposerDraft = {
      ...emptyDraft('UTC'),
      title: 'Board prep',
      items: [{ key: 'a', prompt: 'How is Q3?', kind: 'OPEN_TEXT', options: [], required: true }],
      recipients: [dana],
    };
    patch.mockResolvedValue(saved(4));
    post.mockRejectedValueOnce(
      new ApiError({
        status: 402,
        errorCode: 'PLAN_LIMIT',
        errorDisplayMessage: 'Your plan allows 3 active requests.',
        errorData: null,
        payload: null,
      }),
    );
    const { onSent } = renderComposer(draft, { requestId: uuid(1), version: 3, savedJson: 'stale' });
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(/Your plan allows 3 active requests\./)).toBeDefined();
    expect(screen.getByRole('link', { name: 'See your plan' }).getAttribute('href')).toBe('/workspaces/settings?tab=subscription');
    expect(post).toHaveBeenCalledWith(`v1/workspaces/${workspaceId}/question-requests/${uuid(1)}/send`, { version: 4 });
    expect(onSent).not.toHaveBeenCalled();
  });

  it('sends a ready draft with the version it saved', async () => {
    const user = userEvent.setup();
    const draft: ComposerDraft = {
      ...emptyDraft('UTC'),
      title: 'Board prep',
      items: [{ key: 'a', prompt: 'How is Q3?', kind: 'OPEN_TEXT', options: [], required: true }],
      recipients: [dana],
      channel: 'LINK',
    };
    patch.mockResolvedValue(saved(4));
    post.mockResolvedValueOnce(makeRequest({ version: 5 }));
    const { onSent } = renderComposer(draft, { requestId: uuid(1), version: 3, savedJson: 'stale' });
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(onSent).toHaveBeenCalledWith(expect.objectContaining({ status: 'SENT' })));
    expect(patch).toHaveBeenCalledWith(expect.any(String), expect.objectContaining({ version: 3, channel: 'LINK' }));
  });
  it('sends straight from /questions/new: creates the draft, then sends it, without leaving first', async () => {
    const user = userEvent.setup();
    const draft: ComposerDraft = {
      ...emptyDraft('UTC'),
      title: 'Board prep',
      items: [{ key: 'a', prompt: 'How is Q3?', kind: 'OPEN_TEXT', options: [], required: true }],
      recipients: [dana],
    };
    post.mockResolvedValueOnce(saved(1)).mockResolvedValueOnce(makeRequest({ version: 2 }));
    const { onCreated, onSent } = renderComposer(draft);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(onSent).toHaveBeenCalledWith(expect.objectContaining({ status: 'SENT' })));
    expect(post).toHaveBeenNthCalledWith(2, `v1/workspaces/${workspaceId}/question-requests/${uuid(1)}/send`, { version: 1 });
    expect(onCreated).not.toHaveBeenCalled();
  });
});
