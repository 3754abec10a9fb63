import type { WorkspaceMemberType } from '@tandem/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { SessionState } from '@/lib/session/session-store';
import { renderWithTheme } from '@/lib/testing/render';

/** The workspace of the people route tests. */
export const TEST_WORKSPACE_ID = '00000000-0000-4000-8000-0000000000aa';

/**
 * Renders a people route `Component` at `url` (matching `path`) for a member of `type`, with the
 * other people routes as placeholders ("The list", "The profile"). `session` is the mocked session
 * store's state holder. Returns the router and the query client.
 */
export function renderPeopleRoute(
  session: { current: Partial<SessionState> },
  Component: ComponentType,
  { path, url, type = 'EXECUTIVEASSISTANT' }: { path: string; url: string; type?: WorkspaceMemberType },
) {
  session.current = {
    workspace: { id: TEST_WORKSPACE_ID, name: 'Acme office' } as SessionState['workspace'],
    workspaceMember: { id: 'm1', workspaceMemberType: type } as SessionState['workspaceMember'],
  };
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const placeholders = [
    { path: '/questions/people', element: <p>The list</p> },
    { path: '/questions/people/:id', element: <p>The profile</p> },
  ].filter((route) => route.path !== path);
  const router = createMemoryRouter([{ path, element: <Component /> }, ...placeholders], { initialEntries: [url] });
  renderWithTheme(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, queryClient };
}
