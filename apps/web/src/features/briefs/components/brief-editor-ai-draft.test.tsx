import type { Brief, BriefSectionDraft, UpdateBriefBody } from '@tandem/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api-client';
import { postGeneration } from '@/lib/generation-stream';
import { renderWithTheme } from '@/lib/testing/render';
import { briefQueryOptions } from '../api/get-brief';
import { makeBrief, makeSection } from '../testing/make-brief';
import { BriefEditor } from './brief-editor';

vi.mock('@/lib/api-client', () => ({ api: { get: vi.fn(), patch: vi.fn(), post: vi.fn() }, apiRequest: vi.fn() }));
vi.mock('@/lib/generation-stream', () => ({ postGeneration: vi.fn() }));

const workspaceId = 'w1';
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const brief = makeBrief('b1', {
  title: 'Board prep',
  sections: [makeSection('s1', { heading: 'Agenda', body: 'Budget' }), makeSection('s2', { heading: 'Risks', body: '' })],
});
const provider = { kind: 'BUILT_IN' as const, model: null, fellBack: false, fallbackReason: null };
const draft: BriefSectionDraft = {
  sectionId: id(2),
  sentences: [
    { text: 'Hiring in the north is behind plan.', sourceIds: ['a1', 't1'] },
    { text: 'Last board flagged costs.', sourceIds: ['b1'] },
  ],
  sources: [
    {
      id: 'a1',
      type: 'ANSWER',
      label: 'Dana Reyes on Q3 budget',
      excerpt: 'We are behind.',
      answerId: id(5),
      requestId: id(6),
      briefId: null,
      taskId: null,
    },
    {
      id: 't1',
      type: 'TASK',
      label: 'Task: Hire two leads',
      excerpt: 'Hire two leads',
      answerId: null,
      requestId: null,
      briefId: null,
      taskId: id(7),
    },
    {
      id: 'b1',
      type: 'BRIEF',
      label: 'Board prep — Risks',
      excerpt: 'Costs.',
      answerId: null,
      requestId: null,
      briefId: id(8),
      taskId: null,
    },
  ],
  markdown: '- Hiring in the north is behind plan.\n- Last board flagged costs.',
  provider,
};
const generate = vi.mocked(postGeneration);
let queryClient: QueryClient;
let saved: UpdateBriefBody[];

function renderEditor(shown: Brief = brief) {
  queryClient.setQueryData(briefQueryOptions(workspaceId, shown.id).queryKey, shown);
  const router = createMemoryRouter(
    [
      {
        path: '/executive-briefs/:id',
        element: <BriefEditor workspaceId={workspaceId} brief={shown} member={{ id: 'm1', type: 'OWNER' }} members={[]} />,
      },
    ],
    { initialEntries: ['/executive-briefs/b1'] },
  );
  return renderWithTheme(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const sectionCard = (heading: string) => screen.getByRole('textbox', { name: `Text of “${heading}”` }).closest('li') as HTMLElement;

async function openDraft(user: ReturnType<typeof userEvent.setup>, heading: string, result: BriefSectionDraft = draft) {
  generate.mockResolvedValueOnce(result);
  await user.click(within(sectionCard(heading)).getByRole('button', { name: `Draft with AI: “${heading}”` }));
  await user.type(within(sectionCard(heading)).getByRole('textbox', { name: 'Instructions (optional)' }), 'Three bullets');
  await user.click(within(sectionCard(heading)).getByRole('button', { name: 'Draft' }));
  return screen.findByRole('region', { name: `AI draft for “${heading}”` });
}

beforeEach(() => {
  vi.clearAllMocks();
  saved = [];
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  let server = brief;
  vi.mocked(api.patch).mockImplementation(async (_path, body) => {
    const update = body as UpdateBriefBody;
    saved.push(update);
    server = {
      ...server,
      version: server.version + 1,
      sections: (update.sections ?? []).map((section, index) =>
        makeSection(section.id ?? `new-${index}`, { heading: section.heading, body: section.body }),
      ),
    };
    return server as never;
  });
});

afterEach(() => queryClient.clear());

describe('Draft with AI in the brief editor (issue #11)', { timeout: 30_000 }, () => {
  it('reviews the drafted sentences with their sources, and Accept fills the empty section through autosave', async () => {
    const user = userEvent.setup();
    renderEditor();
    const panel = await openDraft(user, 'Risks');
    expect(generate).toHaveBeenCalledWith(
      'v1/workspaces/w1/briefs/b1/draft',
      { sectionId: 's2', instructions: 'Three bullets' },
      expect.objectContaining({ signal: expect.any(AbortSignal) }),
    );
    const sentences = within(panel)
      .getAllByRole('listitem')
      .filter((item) => item.parentElement?.getAttribute('aria-label') === 'Drafted sentences');
    expect(sentences).toHaveLength(2);
    expect(within(sentences[0]!).getByText('Hiring in the north is behind plan.')).toBeInTheDocument();
    expect(within(sentences[0]!).getByRole('link', { name: 'Source: Dana Reyes on Q3 budget' })).toHaveAttribute(
      'href',
      `/questions/${id(6)}`,
    );
    expect(within(sentences[0]!).getByRole('link', { name: 'Source: Task: Hire two leads' })).toHaveAttribute(
      'href',
      `/tasks?task=${id(7)}`,
    );
    expect(within(sentences[1]!).getByRole('link', { name: 'Source: Board prep — Risks' })).toHaveAttribute(
      'href',
      `/executive-briefs/${id(8)}`,
    );
    expect(within(panel).getByText('Built-in assistant')).toBeInTheDocument();
    expect(saved).toHaveLength(0);

    await user.click(within(panel).getByRole('button', { name: 'Accept' }));
    expect(screen.getByRole('textbox', { name: 'Text of “Risks”' })).toHaveValue(draft.markdown);
    expect(screen.queryByRole('region', { name: 'AI draft for “Risks”' })).toBeNull();
    await waitFor(() => expect(saved).toHaveLength(1), { timeout: 5000 });
    expect(saved[0]?.sections?.find((section) => section.id === 's2')?.body).toBe(draft.markdown);
  });

  it('Edit then Accept appends the edited text after the section’s own text', async () => {
    const user = userEvent.setup();
    renderEditor();
    const panel = await openDraft(user, 'Agenda');
    await user.click(within(panel).getByRole('button', { name: 'Edit' }));
    const text = within(panel).getByRole('textbox', { name: 'Draft text' });
    expect(text).toHaveValue(draft.markdown);
    await user.clear(text);
    await user.type(text, 'Costs are on track.');
    await user.click(within(panel).getByRole('button', { name: 'Accept' }));
    expect(screen.getByRole('textbox', { name: 'Text of “Agenda”' })).toHaveValue('Budget\n\nCosts are on track.');
    await waitFor(() => expect(saved).toHaveLength(1), { timeout: 5000 });
    expect(saved[0]?.sections?.find((section) => section.id === 's1')?.body).toBe('Budget\n\nCosts are on track.');
  });

  it('Discard writes nothing: the next save carries the section as it was', async () => {
    const user = userEvent.setup();
    renderEditor();
    const panel = await openDraft(user, 'Risks');
    await user.click(within(panel).getByRole('button', { name: 'Discard' }));
    expect(screen.queryByRole('region', { name: 'AI draft for “Risks”' })).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Text of “Risks”' })).toHaveValue('');
    await user.type(screen.getByRole('textbox', { name: 'Title' }), '!');
    await waitFor(() => expect(saved).toHaveLength(1), { timeout: 5000 });
    expect(saved[0]?.title).toBe('Board prep!');
    expect(saved[0]?.sections?.map((section) => section.body)).toEqual(['Budget', '']);
  });

  it('says so when no source speaks to the section, with nothing to accept', async () => {
    const user = userEvent.setup();
    renderEditor();
    const panel = await openDraft(user, 'Risks', { ...draft, sentences: [], sources: [], markdown: '' });
    expect(within(panel).getByText('No sources in this workspace speak to this section yet.')).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Accept' })).toBeNull();
  });

  it('a confidential brief is never sent: the button is disabled with the reason', () => {
    renderEditor({ ...brief, confidential: true });
    const button = within(sectionCard('Risks')).getByRole('button', { name: 'Draft with AI: “Risks”' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription('Confidential briefs are never sent to an AI assistant.');
    expect(generate).not.toHaveBeenCalled();
  });
});
