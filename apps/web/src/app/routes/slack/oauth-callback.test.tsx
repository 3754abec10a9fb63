import type { SlackStatus } from '@tandem/contract';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import type * as SessionStore from '@/lib/session/session-store';
import type { SessionState } from '@/lib/session/session-store';
import { getToastMessage } from '@/lib/toast-store';
import { slackStatusQueryOptions } from '@/features/slack/api/get-slack-status';
import { Component as SlackOAuthCallbackRoute } from './oauth-callback';
import { renderAfterSlackSettings } from './slack-route-testing';

const session = vi.hoisted(() => ({ current: {} as Partial<SessionState> }));
vi.mock('@/lib/session/session-store', async (importOriginal) => ({
  ...(await importOriginal<typeof SessionStore>()),
  useSession: <T,>(selector: (state: SessionState) => T) => selector(session.current as SessionState),
}));
vi.mock('@/lib/api-client', () => ({ api: { get: vi.fn(), post: vi.fn() }, apiRequest: vi.fn() }));

const workspaceId = '00000000-0000-4000-8000-000000000002';
const post = vi.mocked(api.post);
const status: SlackStatus = {
  configured: true,
  missingSettings: [],
  planAllows: true,
  canConnect: true,
  connection: {
    teamId: 'T0001',
    teamName: 'Acme HQ',
    botUserId: 'UBOT1',
    scopes: ['chat:write'],
    installedBy: null,
    installedAt: '2026-11-24T12:00:00.000Z',
  },
  disconnectedReason: null,
  redirectUrl: 'https://tandem.example/slack/oauth/callback',
  eventsUrl: 'https://tandem.example/api/slack/events',
};

/** Opens the callback as Slack returns to it, after the settings page the install started from. */
function renderCallback(search: string) {
  session.current = {
    workspace: { id: workspaceId, name: 'Acme office' } as SessionState['workspace'],
    workspaceMember: { id: 'm1', workspaceMemberType: 'EXECUTIVEASSISTANT' } as SessionState['workspaceMember'],
  };
  return renderAfterSlackSettings('/slack/oauth/callback', <SlackOAuthCallbackRoute />, `/slack/oauth/callback${search}`);
}

/** The entry before the current one: the callback's own entry must have been replaced, not kept. */
async function previousEntry(router: ReturnType<typeof renderCallback>['router']) {
  await router.navigate(-1);
  return `${router.state.location.pathname}${router.state.location.search}`;
}

beforeEach(() => vi.clearAllMocks());

describe('/slack/oauth/callback (issue #12: finishes the install and returns to Settings → Slack with a toast)', () => {
  it('hands code and state to the API once, without leaving the code in the address, then says which team is connected', async () => {
    let answer: (value: SlackStatus) => void = () => undefined;
    post.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)) as never);
    const { router, queryClient } = renderCallback('?code=C0DE-123&state=signed.state');
    expect(screen.getByRole('status')).toHaveTextContent('Connecting Slack…');
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    expect(post).toHaveBeenCalledWith(`v1/workspaces/${workspaceId}/slack/oauth/callback`, {
      state: 'signed.state',
      code: 'C0DE-123',
      error: undefined,
    });
    // While the exchange runs, the code is already off the address bar.
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/slack/oauth/callback');

    answer(status);
    expect(await screen.findByText('Settings page ?tab=slack')).toBeInTheDocument();
    expect(router.state.historyAction).toBe('REPLACE');
    expect(getToastMessage()).toMatchObject({ message: 'Slack connected to Acme HQ.', type: 'success' });
    expect(queryClient.getQueryData(slackStatusQueryOptions(workspaceId).queryKey)).toEqual(status);
    expect(post).toHaveBeenCalledTimes(1);
    expect(await previousEntry(router)).toBe('/workspaces/settings?tab=slack');
  });

  it('returns with the server’s message when the person declined in Slack', async () => {
    post.mockRejectedValueOnce(
      new ApiError({
        status: 400,
        errorCode: 'SLACK_OAUTH_FAILED',
        errorDisplayMessage: 'Slack was not connected: the request was declined in Slack.',
        errorData: null,
        payload: undefined,
      }),
    );
    const { router } = renderCallback('?error=access_denied&state=signed.state');
    expect(await screen.findByText('Settings page ?tab=slack')).toBeInTheDocument();
    expect(post).toHaveBeenCalledExactlyOnceWith(`v1/workspaces/${workspaceId}/slack/oauth/callback`, {
      state: 'signed.state',
      code: undefined,
      error: 'access_denied',
    });
    expect(getToastMessage()).toMatchObject({ message: 'Slack was not connected: the request was declined in Slack.', type: 'error' });
    expect(await previousEntry(router)).toBe('/workspaces/settings?tab=slack');
  });

  it('returns with the server’s message for a reused or expired state', async () => {
    post.mockRejectedValueOnce(
      new ApiError({
        status: 400,
        errorCode: 'VALIDATION_ERROR',
        errorDisplayMessage: 'This Slack link was already used or has expired. Connect Slack again.',
        errorData: null,
        payload: undefined,
      }),
    );
    renderCallback('?code=C0DE-123&state=used.state');
    expect(await screen.findByText('Settings page ?tab=slack')).toBeInTheDocument();
    expect(getToastMessage()).toMatchObject({
      message: 'This Slack link was already used or has expired. Connect Slack again.',
      type: 'error',
    });
  });

  it('calls nothing for a link without a state and says so', async () => {
    const { router } = renderCallback('?code=C0DE-123');
    expect(await screen.findByText('Settings page ?tab=slack')).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();
    expect(getToastMessage()).toMatchObject({ type: 'error', message: expect.stringMatching(/^The link from Slack is incomplete\./) });
    expect(await previousEntry(router)).toBe('/workspaces/settings?tab=slack');
  });
});
