import type { Brief, WorkspaceMemberType } from '@tandem/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api-client';
import type * as SessionStore from '@/lib/session/session-store';
import type { SessionState } from '@/lib/session/session-store';
import { renderWithTheme } from '@/lib/testing/render';
import { briefQueryOptions } from '@/features/briefs/api/get-brief';
import { makeBrief, makeSection } from '@/features/briefs/testing/make-brief';
import { membersQueryOptions } from '@/features/workspaces/api/get-members';
import { Component as BriefRoute } from './brief';

const session = vi.hoisted(() => ({ current: {} as Partial<SessionState> }));
vi.mock('@/lib/session/session-store', async (importOriginal) => ({
  ...(await importOriginal<typeof SessionStore>()),
  useSession: <T,>(selector: (state: SessionState) => T) => selector(session.current as SessionState),
}));
vi.mock('@/lib/api-client', () => ({ api: { get: vi.fn(), patch: vi.fn(), post: vi.fn() }, apiRequest: vi.fn() }));

const workspaceId = 'w1';
const ready = makeBrief('b1', {
  title: 'Board prep',
  status: 'READY',
  sections: [
    makeSection('s1', { heading: 'Purpose', body: 'Approve the **budget**.' }),
    makeSection('s2', {
      heading: 'Numbers',
      body: '- Revenue up 12 %',
      mark: 'NEED_MORE',
      markNote: 'Split by region, please',
      markedAt: '2026-03-10T12:00:00.000Z',
      markedBy: { memberId: 'm9', firstName: 'Eleanor', lastName: 'Vance' },
    }),
  ],
});
let queryClient: QueryClient;

/** /executive-briefs/{id} as `type` sees it, starting at `url`; the brief and the members are already cached. */
function renderBriefRoute(type: WorkspaceMemberType, url = '/executive-briefs/b1', brief: Brief = ready) {
  session.current = {
    workspace: { id: workspaceId } as SessionState['workspace'],
    workspaceMember: { id: 'm9', workspaceMemberType: type } as SessionState['workspaceMember'],
  };
  queryClient.setQueryData(briefQueryOptions(workspaceId, brief.id).queryKey, brief);
  queryClient.setQueryData(membersQueryOptions(workspaceId).queryKey, []);
  const router = createMemoryRouter(
    [
      { path: '/executive-briefs/:id', element: <BriefRoute /> },
      { path: '/executive-briefs', element: <p>The list</p> },
    ],
    { initialEntries: [url] },
  );
  renderWithTheme(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const modeGroup = () => screen.getByRole('group', { name: 'Brief mode' });
const isEditor = () => screen.queryByRole('textbox', { name: 'Title' }) !== null;

beforeEach(() => {
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
});
afterEach(() => {
  queryClient.clear();
  vi.mocked(api.post).mockReset();
  vi.mocked(api.patch).mockReset();
});

describe('/executive-briefs/{id}: reading and editing per role (issue #9)', () => {
  it('opens the brief rendered for the executive, with her marks and Acknowledge at the top and after the last section', async () => {
    renderBriefRoute('EXECUTIVE');
    expect(screen.getByRole('heading', { level: 1, name: 'Board prep' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual(['Purpose', 'Numbers']);
    expect(await screen.findByText('budget')).toHaveProperty('tagName', 'STRONG');
    expect(isEditor()).toBe(false);
    expect(screen.queryByRole('tab', { name: 'Write' })).toBeNull();
    expect(within(modeGroup()).getByRole('button', { name: 'Read' })).toHaveAttribute('aria-pressed', 'true');
    const marks = screen.getByRole('group', { name: 'Your mark for “Numbers”' });
    expect(within(marks).getByRole('button', { name: 'Need more' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('textbox', { name: 'Note (optional)' })).toHaveValue('Split by region, please');
    expect(screen.getAllByRole('button', { name: 'Acknowledge' })).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'History' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Share' })).toBeInTheDocument();
  });

  it('acknowledges from the end of the brief', async () => {
    const user = userEvent.setup();
    vi.mocked(api.post).mockResolvedValue({ ...ready, status: 'ACKNOWLEDGED', version: 2 } as never);
    renderBriefRoute('EXECUTIVE');
    await user.click(screen.getAllByRole('button', { name: 'Acknowledge' })[1]!);
    expect(api.post).toHaveBeenCalledWith('v1/workspaces/w1/briefs/b1/acknowledge', { version: 1 });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Acknowledge' })).toBeNull());
    expect(screen.getByText('Acknowledged')).toBeInTheDocument();
  });

  it('lets the executive switch to the editor and back, keeping the choice in the URL', async () => {
    const user = userEvent.setup();
    const router = renderBriefRoute('EXECUTIVE');
    await user.click(within(modeGroup()).getByRole('button', { name: 'Edit' }));
    expect(router.state.location.search).toBe('?mode=edit');
    expect(await screen.findByRole('textbox', { name: 'Title' })).toHaveValue('Board prep');
    expect(within(modeGroup()).getByRole('button', { name: 'Edit' })).toHaveAttribute('aria-pressed', 'true');
    // Marking stays possible while editing.
    expect(screen.getByRole('group', { name: 'Your mark for “Numbers”' })).toBeInTheDocument();

    await user.click(within(modeGroup()).getByRole('button', { name: 'Read' }));
    expect(router.state.location.search).toBe('');
    expect(isEditor()).toBe(false);
  });

  it('opens the editor for the executive when the URL says so (a reload keeps the mode)', async () => {
    renderBriefRoute('EXECUTIVE', '/executive-briefs/b1?mode=edit');
    expect(await screen.findByRole('textbox', { name: 'Title' })).toHaveValue('Board prep');
  });

  it('opens the editor for the assistant; "Read" shows the brief as the executive will, her marks as chips', async () => {
    const user = userEvent.setup();
    const router = renderBriefRoute('EXECUTIVEASSISTANT');
    expect(await screen.findByRole('textbox', { name: 'Title' })).toHaveValue('Board prep');
    await user.click(within(modeGroup()).getByRole('button', { name: 'Read' }));
    expect(router.state.location.search).toBe('?mode=read');
    expect(isEditor()).toBe(false);
    expect(screen.getByRole('heading', { level: 1, name: 'Board prep' })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: /^Your mark for/ })).toBeNull();
    expect(screen.getByText('Need more')).toBeInTheDocument();
    expect(screen.getByText('“Split by region, please”')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Acknowledge' })).toBeNull();
  });

  it('switches to reading only once what was typed is saved', async () => {
    const user = userEvent.setup();
    let save: (brief: Brief) => void = () => undefined;
    vi.mocked(api.patch).mockImplementation(() => new Promise((resolve) => (save = resolve as (brief: Brief) => void)));
    const router = renderBriefRoute('EXECUTIVEASSISTANT');
    await user.type(await screen.findByRole('textbox', { name: 'Title' }), ' Q3');
    await user.click(within(modeGroup()).getByRole('button', { name: 'Read' }));
    expect(await screen.findByRole('dialog', { name: 'Leave before your changes are saved?' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
    await waitFor(() => expect(api.patch).toHaveBeenCalledTimes(1), { timeout: 3000 });
    save({ ...ready, title: 'Board prep Q3', version: 2 });
    expect(await screen.findByRole('heading', { level: 1, name: 'Board prep Q3' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?mode=read');
    expect(isEditor()).toBe(false);
  });

  it('offers "Mark ready" on a draft in the assistant’s reading mode', () => {
    renderBriefRoute('OWNER', '/executive-briefs/b1?mode=read', { ...ready, status: 'DRAFT' });
    expect(isEditor()).toBe(false);
    expect(screen.getByRole('button', { name: 'Mark ready' })).toBeInTheDocument();
  });

  it('gives a user the rendered brief only: no mode toggle, no editor even when the URL asks, no history', () => {
    renderBriefRoute('USER', '/executive-briefs/b1?mode=edit');
    expect(screen.getByRole('heading', { level: 1, name: 'Board prep' })).toBeInTheDocument();
    expect(isEditor()).toBe(false);
    expect(screen.queryByRole('group', { name: 'Brief mode' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'History' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Share' })).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByText('“Split by region, please”')).toBeInTheDocument();
  });
});
