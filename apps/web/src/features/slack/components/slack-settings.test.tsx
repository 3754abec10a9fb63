import type { SlackStatus } from '@tandem/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { renderWithTheme } from '@/lib/testing/render';
import { getToastMessage } from '@/lib/toast-store';
import { SlackSettings } from './slack-settings';

vi.mock('@/lib/api-client', () => ({ api: { get: vi.fn(), post: vi.fn() }, apiRequest: vi.fn() }));

const workspaceId = '00000000-0000-4000-8000-000000000002';
const get = vi.mocked(api.get);
const post = vi.mocked(api.post);

const notConnected: SlackStatus = {
  configured: true,
  missingSettings: [],
  planAllows: true,
  canConnect: true,
  connection: null,
  disconnectedReason: null,
  redirectUrl: 'https://tandem.example/slack/oauth/callback',
  eventsUrl: 'https://tandem.example/api/slack/events',
};
const connected: SlackStatus = {
  ...notConnected,
  connection: {
    teamId: 'T0001',
    teamName: 'Acme HQ',
    botUserId: 'UBOT1',
    scopes: ['chat:write', 'im:history', 'users:read.email'],
    installedBy: { memberId: '00000000-0000-4000-8000-000000000007', firstName: 'Avery', lastName: 'Tester' },
    // Midday UTC: the same calendar day in every time zone the tests may run in.
    installedAt: '2026-11-20T12:00:00.000Z',
  },
};

function renderSlackSettings(status: SlackStatus | ApiError) {
  get.mockImplementation(async (path: string) => {
    if (path !== `v1/workspaces/${workspaceId}/slack`) throw new Error(`Unexpected GET ${path}`);
    if (status instanceof ApiError) throw status;
    return status as never;
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(
    [
      {
        path: '/workspaces/settings',
        element: (
          <>
            <h2>Slack</h2>
            <SlackSettings workspaceId={workspaceId} />
          </>
        ),
      },
      { path: '/slack/auth', element: <p>Slack auth page</p> },
    ],
    { initialEntries: ['/workspaces/settings?tab=slack'] },
  );
  renderWithTheme(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, queryClient };
}

/** The headings' levels in document order: no level is skipped below the card's h2. */
function headingLevels(): number[] {
  return screen.getAllByRole('heading').map((heading) => Number(heading.tagName.slice(1)));
}

beforeEach(() => vi.clearAllMocks());

describe('SlackSettings (issue #12: Settings → Slack)', () => {
  it('shows a loading state, then a way to retry when the status cannot be loaded', async () => {
    const failure = new ApiError({ status: 500, errorCode: 'INTERNAL', errorDisplayMessage: null, errorData: null, payload: undefined });
    renderSlackSettings(failure);
    expect(screen.getByRole('status', { name: 'Loading the Slack connection' })).toBeInTheDocument();
    expect(await screen.findByText('The Slack connection could not be loaded.')).toBeInTheDocument();
    get.mockResolvedValueOnce(notConnected as never);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Connect Slack' })).toBeInTheDocument();
  });

  it('explains what to configure when the server has no Slack settings', async () => {
    renderSlackSettings({ ...notConnected, configured: false, missingSettings: ['SLACK_CLIENT_SECRET', 'SLACK_SIGNING_SECRET'] });
    const missing = await screen.findByRole('list', { name: 'Missing settings' });
    expect(
      within(missing)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['SLACK_CLIENT_SECRET', 'SLACK_SIGNING_SECRET']);
    expect(screen.getByRole('textbox', { name: 'Redirect URL' })).toHaveValue('https://tandem.example/slack/oauth/callback');
    expect(screen.getByRole('textbox', { name: 'Redirect URL' })).toHaveAccessibleDescription('OAuth & Permissions → Redirect URLs');
    expect(screen.getByRole('textbox', { name: 'Events request URL' })).toHaveValue('https://tandem.example/api/slack/events');
    expect(screen.getByRole('button', { name: 'Copy Redirect URL' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy Events request URL' })).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Bot token scopes' })).getByText('users:read.email')).toBeInTheDocument();
    expect(screen.getByText(/"Connecting Slack" of Tandem.s README/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Connect Slack' })).toBeNull();
    expect(headingLevels()).toEqual([2, 3, 3, 3]);
  });

  it('copies the redirect URL', async () => {
    const user = userEvent.setup();
    renderSlackSettings({ ...notConnected, configured: false, missingSettings: ['SLACK_CLIENT_ID'] });
    await user.click(await screen.findByRole('button', { name: 'Copy Redirect URL' }));
    await expect(navigator.clipboard.readText()).resolves.toBe('https://tandem.example/slack/oauth/callback');
    expect(getToastMessage()?.message).toBe('Redirect URL copied.');
  });

  it('says Slack is on Pro and Enterprise, with the way to the plan, on a plan without Slack', async () => {
    renderSlackSettings({ ...notConnected, planAllows: false });
    expect(await screen.findByText(/Slack is included in the Pro and Enterprise plans\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See your plan' })).toHaveAttribute('href', '/workspaces/settings?tab=subscription');
    expect(screen.queryByRole('button', { name: 'Connect Slack' })).toBeNull();
  });

  it('offers "Connect Slack", which opens /slack/auth, and says why the last connection ended', async () => {
    const user = userEvent.setup();
    const { router } = renderSlackSettings({ ...notConnected, disconnectedReason: 'Tandem was uninstalled from Slack.' });
    expect(await screen.findByText('Tandem was uninstalled from Slack.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Connect Slack' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/slack/auth'));
    expect(post).not.toHaveBeenCalled();
  });

  it('tells a member who may not connect whom to ask', async () => {
    renderSlackSettings({ ...notConnected, canConnect: false });
    expect(await screen.findByText('Ask an owner, executive or assistant to connect Slack.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Connect Slack' })).toBeNull();
  });

  it('shows the connection: team, who installed it and when, and its scopes', async () => {
    renderSlackSettings(connected);
    expect(await screen.findByText('Acme HQ')).toBeInTheDocument();
    expect(screen.getByText('Connected')).toBeInTheDocument();
    expect(screen.getByText('Avery Tester')).toBeInTheDocument();
    expect(screen.getByText('November 20, 2026')).toHaveAttribute('datetime', '2026-11-20T12:00:00.000Z');
    const scopes = within(screen.getByRole('list', { name: 'Scopes' })).getAllByRole('listitem');
    expect(scopes.map((scope) => scope.textContent)).toEqual(['chat:write', 'im:history', 'users:read.email']);
    expect(screen.getByRole('button', { name: 'Disconnect' })).toBeInTheDocument();
  });

  it('names a former member as the installer and hides "Disconnect" from those who may not', async () => {
    renderSlackSettings({ ...connected, canConnect: false, connection: { ...connected.connection!, installedBy: null } });
    expect(await screen.findByText('A former member')).toBeInTheDocument();
    expect(screen.getByText('Ask an owner, executive or assistant to disconnect Slack.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Disconnect' })).toBeNull();
  });

  it('asks before disconnecting, and cancelling calls nothing', async () => {
    const user = userEvent.setup();
    renderSlackSettings(connected);
    await user.click(await screen.findByRole('button', { name: 'Disconnect' }));
    const dialog = screen.getByRole('dialog', { name: 'Disconnect Slack?' });
    expect(dialog).toHaveTextContent(/gives up its access to Acme HQ/);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(post).not.toHaveBeenCalled();
  });

  it('disconnects after the confirmation: POST …/slack/disconnect, a toast, and the tab shows the new status', async () => {
    const user = userEvent.setup();
    post.mockResolvedValueOnce(notConnected as never);
    renderSlackSettings(connected);
    await user.click(await screen.findByRole('button', { name: 'Disconnect' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Disconnect Slack?' })).getByRole('button', { name: 'Disconnect' }));
    expect(await screen.findByRole('button', { name: 'Connect Slack' })).toBeInTheDocument();
    expect(post).toHaveBeenCalledExactlyOnceWith(`v1/workspaces/${workspaceId}/slack/disconnect`);
    expect(getToastMessage()).toMatchObject({ message: 'Slack is disconnected from Acme HQ.', type: 'success' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('keeps the connection and shows the server’s message when disconnecting fails', async () => {
    const user = userEvent.setup();
    post.mockRejectedValueOnce(
      new ApiError({ status: 403, errorCode: 'FORBIDDEN', errorDisplayMessage: 'Only an owner can.', errorData: null, payload: undefined }),
    );
    renderSlackSettings(connected);
    await user.click(await screen.findByRole('button', { name: 'Disconnect' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Disconnect' }));
    await waitFor(() => expect(getToastMessage()).toMatchObject({ message: 'Only an owner can.', type: 'error' }));
    expect(screen.getByText('Acme HQ')).toBeInTheDocument();
  });
});
