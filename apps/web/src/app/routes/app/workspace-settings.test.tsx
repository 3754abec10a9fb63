import type { SlackStatus } from '@tandem/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api-client';
import type * as SessionStore from '@/lib/session/session-store';
import type { SessionState } from '@/lib/session/session-store';
import { renderWithTheme } from '@/lib/testing/render';
import { Component as WorkspaceSettingsRoute } from './workspace-settings';

const session = vi.hoisted(() => ({ current: {} as Partial<SessionState> }));
vi.mock('@/lib/session/session-store', async (importOriginal) => ({
  ...(await importOriginal<typeof SessionStore>()),
  useSession: <T,>(selector: (state: SessionState) => T) => selector(session.current as SessionState),
}));
vi.mock('@/lib/api-client', () => ({ api: { get: vi.fn(), post: vi.fn() }, apiRequest: vi.fn() }));

const workspaceId = '00000000-0000-4000-8000-000000000002';
const slackStatus: SlackStatus = {
  configured: false,
  missingSettings: ['SLACK_CLIENT_ID', 'SLACK_CLIENT_SECRET', 'SLACK_SIGNING_SECRET'],
  planAllows: true,
  canConnect: true,
  connection: null,
  disconnectedReason: null,
  redirectUrl: 'https://tandem.example/slack/oauth/callback',
  eventsUrl: 'https://tandem.example/api/slack/events',
};

function renderSettings(url: string) {
  session.current = {
    user: { workspaces: [{ id: workspaceId }] } as unknown as SessionState['user'],
    workspace: { id: workspaceId, name: 'Acme office' } as SessionState['workspace'],
    workspaceMember: { id: 'm1', workspaceMemberType: 'EXECUTIVEASSISTANT' } as SessionState['workspaceMember'],
  };
  vi.mocked(api.get).mockImplementation(async (path: string) => {
    if (path === `v1/workspaces/${workspaceId}/slack`) return slackStatus as never;
    if (path === `v1/workspaces/${workspaceId}/public-links`) return { enabled: true } as never;
    throw new Error(`Unexpected GET ${path}`);
  });
  const router = createMemoryRouter([{ path: '/workspaces/settings', element: <WorkspaceSettingsRoute /> }], { initialEntries: [url] });
  renderWithTheme(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

beforeEach(() => vi.clearAllMocks());

describe('/workspaces/settings?tab=slack (issue #12; PRODUCT §3 Settings → Slack)', () => {
  it('opens the Slack tab from the URL, with its card under the page’s heading', async () => {
    renderSettings('/workspaces/settings?tab=slack');
    const tab = screen.getByRole('tab', { name: 'Slack' });
    expect(tab).toHaveAttribute('aria-selected', 'true');
    const panel = screen.getByRole('tabpanel', { name: 'Slack' });
    expect(within(panel).getByRole('heading', { level: 2, name: 'Slack' })).toBeInTheDocument();
    expect(await within(panel).findByRole('list', { name: 'Missing settings' })).toBeInTheDocument();
    // Headings descend one level at a time: the page, the card, the card's steps.
    expect(screen.getAllByRole('heading').map((heading) => Number(heading.tagName.slice(1)))).toEqual([1, 2, 3, 3, 3]);
    for (const button of screen.getAllByRole('button')) expect(button).toHaveAccessibleName();
  });

  it('keeps the open tab in the URL', async () => {
    const user = userEvent.setup();
    const router = renderSettings('/workspaces/settings');
    await user.click(screen.getByRole('tab', { name: 'Slack' }));
    expect(router.state.location.search).toBe('?tab=slack');
    expect(await screen.findByRole('list', { name: 'Missing settings' })).toBeInTheDocument();
  });
});
