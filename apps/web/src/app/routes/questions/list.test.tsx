import type { SessionState } from '@/lib/session/session-store';
import type * as SessionStore from '@/lib/session/session-store';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api-client';
import { renderWithTheme } from '@/lib/testing/render';
import { makeRequest, uuid } from '@/features/questions/testing/make-request';
import { Component as ListRoute } from './list';

const session = vi.hoisted(() => ({ current: {} as Partial<SessionState> }));
vi.mock('@/lib/session/session-store', async (importOriginal) => ({
  ...(await importOriginal<typeof SessionStore>()),
  useSession: <T,>(selector: (state: SessionState) => T) => selector(session.current as SessionState),
}));
vi.mock('@/lib/api-client', () => ({ api: { get: vi.fn() }, apiRequest: vi.fn() }));

const get = vi.mocked(api.get);
const { recipients: _r, answers: _a, items: _i, ...listed } = makeRequest();
const row = { ...listed, itemCount: 1 };

function renderList(url: string, type: 'USER' | 'GUEST' = 'USER') {
  session.current = {
    workspace: { id: 'w1', name: 'Acme' } as SessionState['workspace'],
    workspaceMember: { id: 'm1', workspaceMemberType: type } as SessionState['workspaceMember'],
  };
  const router = createMemoryRouter([{ path: '/questions/list', element: <ListRoute /> }], { initialEntries: [url] });
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
        ? { items: [{ ...row, id: uuid(2), title: 'Offsite' }], nextCursor: null }
        : { items: [row], nextCursor: 'next' },
    ),
  );
});

describe('/questions/list (issue #10: filters in the URL)', { timeout: 20_000 }, () => {
  it('reads the filters from the URL into the query', async () => {
    renderList('/questions/list?status=SENT&q=board&sort=dueDate');
    expect(await screen.findByRole('link', { name: /Board prep/ })).toBeDefined();
    expect(get).toHaveBeenCalledWith('v1/workspaces/w1/question-requests', {
      query: { limit: 25, sort: 'dueDate', status: 'SENT', q: 'board', cursor: undefined },
    });
  });

  it('writes a status chip into the URL and loads more with the cursor', async () => {
    const user = userEvent.setup();
    const router = renderList('/questions/list');
    await screen.findByRole('link', { name: /Board prep/ });
    await user.click(screen.getByRole('button', { name: 'Closed' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=CLOSED'));
    await waitFor(() => expect(get).toHaveBeenLastCalledWith(expect.any(String), { query: expect.objectContaining({ status: 'CLOSED' }) }));
    await user.click(await screen.findByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(get).toHaveBeenLastCalledWith(expect.any(String), { query: expect.objectContaining({ cursor: 'next' }) }));
    expect(await screen.findByRole('link', { name: /Offsite/ })).toBeDefined();
  });

  it('shows a GUEST no requests and asks nothing of the server', () => {
    renderList('/questions/list', 'GUEST');
    expect(screen.getByText('Questions are not shared with guests')).toBeDefined();
    expect(get).not.toHaveBeenCalled();
    expect(uuid(1)).toHaveLength(36);
  });
});
