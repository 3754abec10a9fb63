import type { SessionState } from '@/lib/session/session-store';
import type * as SessionStore from '@/lib/session/session-store';
import type { Summary } from '@tandem/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api-client';
import { postGeneration } from '@/lib/generation-stream';
import { renderWithTheme } from '@/lib/testing/render';
import { makeSummary, makeSummaryAnswer, uuid } from '@/features/summaries/testing/make-summary';
import { Component as SummaryRoute } from './summary';

const session = vi.hoisted(() => ({ current: {} as Partial<SessionState> }));
vi.mock('@/lib/session/session-store', async (importOriginal) => ({
  ...(await importOriginal<typeof SessionStore>()),
  useSession: <T,>(selector: (state: SessionState) => T) => selector(session.current as SessionState),
}));
vi.mock('@/lib/api-client', () => ({ api: { get: vi.fn(), post: vi.fn(), delete: vi.fn() }, apiRequest: vi.fn() }));
vi.mock('@/lib/generation-stream', () => ({ postGeneration: vi.fn() }));

const get = vi.mocked(api.get);
const post = vi.mocked(api.post);
const generate = vi.mocked(postGeneration);
const cited = makeSummary();
// A publishable summary: every key point cites an answer.
const summary: Summary = { ...cited, keyPoints: [cited.keyPoints[0]!, { ...cited.keyPoints[1]!, answerIds: [cited.answers[1]!.id] }] };
const publication = {
  publicId: 'a1B2c3D4e5F6g7H8i9J0kL',
  url: 'https://tandem.test/s/a1B2c3D4e5F6g7H8i9J0kL',
  expiresAt: null,
  revokedAt: null,
  isActive: true,
  viewCount: 2,
  lastViewedAt: null,
  publishedAt: '2026-03-11T12:00:00.000Z',
  hasUnpublishedChanges: false,
};

function renderDetail(current: Summary) {
  session.current = {
    workspace: { id: 'w1', name: 'Acme' } as SessionState['workspace'],
    workspaceMember: { id: 'm1', workspaceMemberType: 'OWNER' } as SessionState['workspaceMember'],
  };
  get.mockImplementation((path) =>
    Promise.resolve(
      path.endsWith('/views')
        ? { items: [{ at: '2026-03-11T13:00:00.000Z', ipPrefix: '203.0.113.0/24', userAgentFamily: 'Safari' }], nextCursor: null }
        : current,
    ),
  );
  const router = createMemoryRouter([{ path: '/questions/summaries/:id', element: <SummaryRoute /> }], {
    initialEntries: [`/questions/summaries/${current.id}`],
  });
  renderWithTheme(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

beforeEach(() => vi.clearAllMocks());

describe('/questions/summaries/{id} (issue #11: view, publish, update)', { timeout: 20_000 }, () => {
  it('reads key points with the names they cite, and lists the issues that stop publishing', async () => {
    renderDetail({ ...cited, issues: [{ path: 'keyPoints.1.answerIds', message: 'Key point 2 cites no answer.' }] });
    // Each cited person links to the request their answer belongs to.
    expect((await screen.findByRole('link', { name: 'Dana Reyes' })).getAttribute('href')).toMatch(/^\/questions\/[0-9a-f-]{36}$/);
    expect(screen.getByText('Key point 2 cites no answer.')).toBeDefined();
    expect(screen.getByRole('button', { name: 'Publish' })).toBeDisabled();
  });

  it('publishes with the chosen expiry, then shows the link, its views, and unpublishes after confirming', async () => {
    const user = userEvent.setup();
    renderDetail(summary);
    await user.click(await screen.findByRole('button', { name: 'Publish' }));
    const dialog = await screen.findByRole('dialog', { name: 'Publish summary' });
    await user.click(within(dialog).getByRole('radio', { name: 'Never' }));
    post.mockResolvedValueOnce({ ...summary, status: 'PUBLISHED', version: 4, publication });
    await user.click(within(dialog).getByRole('button', { name: 'Publish' }));
    expect(post).toHaveBeenCalledWith(`v1/workspaces/w1/summaries/${summary.id}/publish`, { version: 3, expiresAt: null });
    expect(await screen.findByDisplayValue(publication.url)).toBeDefined();
    expect(screen.getByText(/never expires · 2 views/)).toBeDefined();
    expect(await screen.findByText(/203\.0\.113\.0\/24 · Safari/)).toBeDefined();

    await user.click(await screen.findByRole('button', { name: 'Unpublish' }));
    const confirm = await screen.findByRole('dialog', { name: 'Unpublish this summary?' });
    expect(post).toHaveBeenCalledTimes(1);
    post.mockResolvedValueOnce({
      ...summary,
      version: 5,
      publication: { ...publication, isActive: false, revokedAt: '2026-03-12T00:00:00.000Z' },
    });
    await user.click(within(confirm).getByRole('button', { name: 'Unpublish' }));
    expect(post).toHaveBeenLastCalledWith(`v1/workspaces/w1/summaries/${summary.id}/unpublish`, { version: 4 });
    expect(await screen.findByText(/is no longer active/)).toBeDefined();
  });

  it('updates a stale summary and shows what changed', async () => {
    const user = userEvent.setup();
    const late = makeSummaryAnswer(3, 'Yes, May please.');
    const updated: Summary = {
      ...summary,
      version: 4,
      freshness: { newAnswers: 0 },
      answers: [...summary.answers, late],
      keyPoints: [...summary.keyPoints, { id: uuid(703), text: 'Most want May.', answerIds: [late.id] }],
      perQuestion: [
        {
          ...summary.perQuestion[0]!,
          answered: 3,
          counts: [
            { label: 'Yes', count: 2 },
            { label: 'No', count: 1 },
          ],
        },
      ],
    };
    generate.mockResolvedValue({ summary: updated, previous: summary });
    renderDetail({ ...summary, freshness: { newAnswers: 1 } });
    expect(await screen.findByText('1 new answer since this summary was made.')).toBeDefined();
    await user.click(screen.getByRole('button', { name: 'Update' }));
    const dialog = await screen.findByRole('dialog', { name: 'What changed' });
    expect(generate).toHaveBeenCalledWith(
      `v1/workspaces/w1/summaries/${summary.id}/update`,
      { version: 3 },
      expect.objectContaining({ signal: expect.any(AbortSignal) }),
    );
    expect(within(dialog).getByText('Most want May.')).toBeDefined();
    expect(within(dialog).getByText('Ari Reyes: Yes, May please.')).toBeDefined();
    expect(within(dialog).getByText(/Move the offsite\?: answered 2 → 3 \(counts changed\)/)).toBeDefined();
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByText('1 new answer since this summary was made.')).toBeNull());
  });

  it('asks before dropping unsaved edits when Edit is cancelled', async () => {
    const user = userEvent.setup();
    renderDetail(summary);
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const title = screen.getByRole('textbox', { name: 'Title' });
    await user.click(title);
    await user.paste(' v2');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Discard your changes?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('Offsite feedback v2');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Discard your changes?' })).getByRole('button', { name: 'Discard changes' }),
    );
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Title' })).toBeNull());
  });
});
