import type { SessionState } from '@/lib/session/session-store';
import type * as SessionStore from '@/lib/session/session-store';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api-client';
import { renderWithTheme } from '@/lib/testing/render';
import { makeSummaryListItem, uuid } from '@/features/summaries/testing/make-summary';
import { Component as SummariesRoute } from './summaries';

const session = vi.hoisted(() => ({ current: {} as Partial<SessionState> }));
vi.mock('@/lib/session/session-store', async (importOriginal) => ({
  ...(await importOriginal<typeof SessionStore>()),
  useSession: <T,>(selector: (state: SessionState) => T) => selector(session.current as SessionState),
}));
vi.mock('@/lib/api-client', () => ({ api: { get: vi.fn() }, apiRequest: vi.fn() }));

const get = vi.mocked(api.get);

function renderList(url: string, type: 'OWNER' | 'USER' | 'GUEST' = 'OWNER') {
  session.current = {
    workspace: { id: 'w1', name: 'Acme' } as SessionState['workspace'],
    workspaceMember: { id: 'm1', workspaceMemberType: type } as SessionState['workspaceMember'],
  };
  const router = createMemoryRouter([{ path: '/questions/summaries', element: <SummariesRoute /> }], { initialEntries: [url] });
  renderWithTheme(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

beforeEach(() => {
  vi.clearAllMocks();
  get.mockImplementation((_path, options) =>
    Promise.resolve(
      options?.query?.cursor
        ? { items: [makeSummaryListItem({ id: uuid(901), title: 'Board prep', newAnswers: 0 })], nextCursor: null }
        : { items: [makeSummaryListItem()], nextCursor: 'next' },
    ),
  );
});

describe('/questions/summaries (issue #11: the list)', { timeout: 20_000 }, () => {
  it('reads the filters from the URL and shows scope, freshness and key points', async () => {
    renderList('/questions/summaries?status=PUBLISHED&q=offsite');
    expect(await screen.findByRole('link', { name: 'Offsite feedback' })).toBeDefined();
    expect(get).toHaveBeenCalledWith('v1/workspaces/w1/summaries', {
      query: { limit: 25, status: 'PUBLISHED', q: 'offsite', cursor: undefined },
    });
    expect(screen.getByText('3 new answers')).toBeDefined();
    expect(screen.getByText('Offsite · 2 people')).toBeDefined();
    expect(screen.getByText(/2 key points · 2 answers · Built-in assistant/)).toBeDefined();
  });

  it('writes a status chip into the URL and loads more with the cursor', async () => {
    const user = userEvent.setup();
    const router = renderList('/questions/summaries');
    await screen.findByRole('link', { name: 'Offsite feedback' });
    await user.click(screen.getByRole('button', { name: 'Draft' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=DRAFT'));
    await waitFor(() => expect(get).toHaveBeenLastCalledWith(expect.any(String), { query: expect.objectContaining({ status: 'DRAFT' }) }));
    await user.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: 'Board prep' })).toBeDefined();
  });

  it('shows the empty state with "New summary" for a writer, and none for a USER', async () => {
    get.mockResolvedValue({ items: [], nextCursor: null });
    renderList('/questions/summaries');
    expect(await screen.findByText('No summaries yet.')).toBeDefined();
    expect(screen.getAllByRole('link', { name: 'New summary' }).length).toBeGreaterThan(0);
  });

  it('offers a USER no "New summary"', async () => {
    renderList('/questions/summaries', 'USER');
    await screen.findByRole('link', { name: 'Offsite feedback' });
    expect(screen.queryByRole('link', { name: 'New summary' })).toBeNull();
  });

  it('shows a GUEST no summaries and asks nothing of the server', () => {
    renderList('/questions/summaries', 'GUEST');
    expect(screen.getByText('Questions are not shared with guests')).toBeDefined();
    expect(get).not.toHaveBeenCalled();
  });
});
