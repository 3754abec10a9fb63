import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import type * as SessionStore from '@/lib/session/session-store';
import type { SessionState } from '@/lib/session/session-store';
import { getToastMessage } from '@/lib/toast-store';
import { Component as SlackAuthRoute } from './auth';
import { renderAfterSlackSettings } from './slack-route-testing';

const session = vi.hoisted(() => ({ current: {} as Partial<SessionState> }));
vi.mock('@/lib/session/session-store', async (importOriginal) => ({
  ...(await importOriginal<typeof SessionStore>()),
  useSession: <T,>(selector: (state: SessionState) => T) => selector(session.current as SessionState),
}));
vi.mock('@/lib/api-client', () => ({ api: { get: vi.fn(), post: vi.fn() }, apiRequest: vi.fn() }));

const workspaceId = '00000000-0000-4000-8000-000000000002';
const post = vi.mocked(api.post);
const replaceLocation = vi.fn();

function renderAuth() {
  session.current = {
    workspace: { id: workspaceId, name: 'Acme office' } as SessionState['workspace'],
    workspaceMember: { id: 'm1', workspaceMemberType: 'OWNER' } as SessionState['workspaceMember'],
  };
  return renderAfterSlackSettings('/slack/auth', <SlackAuthRoute />, '/slack/auth').router;
}

beforeEach(() => {
  vi.clearAllMocks();
  // happy-dom would try to load the page; the test only needs to see where it was sent.
  vi.spyOn(window.location, 'replace').mockImplementation(replaceLocation);
});

afterEach(() => replaceLocation.mockReset());

describe('/slack/auth (issue #12: starts Slack’s OAuth v2)', () => {
  it('asks for the authorize URL once and replaces the page with it', async () => {
    const authorizeUrl = 'https://slack.example/oauth/v2/authorize?client_id=1.2&scope=chat%3Awrite&state=signed.state';
    post.mockResolvedValueOnce({ authorizeUrl } as never);
    renderAuth();
    expect(screen.getByRole('status')).toHaveTextContent('Opening Slack…');
    await waitFor(() => expect(replaceLocation).toHaveBeenCalledExactlyOnceWith(authorizeUrl));
    expect(post).toHaveBeenCalledExactlyOnceWith(`v1/workspaces/${workspaceId}/slack/install`);
  });

  it('never follows a javascript: URL', async () => {
    post.mockResolvedValueOnce({ authorizeUrl: 'javascript:alert(1)' } as never);
    renderAuth();
    expect(await screen.findByText('Settings page ?tab=slack')).toBeInTheDocument();
    expect(replaceLocation).not.toHaveBeenCalled();
    expect(getToastMessage()).toMatchObject({ type: 'error', message: expect.stringMatching(/^Tandem couldn't open Slack\./) });
  });

  it.each([
    [402, 'PLAN_LIMIT', 'Slack is included in the Pro and Enterprise plans.'],
    [403, 'FORBIDDEN', 'Only an owner, the executive or an executive assistant can connect Slack.'],
    [409, 'SLACK_NOT_CONFIGURED', 'Slack is not set up on this server.'],
  ])('returns to Settings → Slack with the server’s message on %i', async (status, errorCode, errorDisplayMessage) => {
    post.mockRejectedValueOnce(new ApiError({ status, errorCode, errorDisplayMessage, errorData: null, payload: undefined }));
    const router = renderAuth();
    expect(await screen.findByText('Settings page ?tab=slack')).toBeInTheDocument();
    expect(router.state.historyAction).toBe('REPLACE');
    expect(getToastMessage()).toMatchObject({ message: errorDisplayMessage, type: 'error' });
    expect(replaceLocation).not.toHaveBeenCalled();
    expect(post).toHaveBeenCalledTimes(1);
  });
});
