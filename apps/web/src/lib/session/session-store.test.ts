import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, profile, stubLocalStorage, subscription, WORKSPACE_ID } from '@/lib/testing/session-fixtures';

const GONE_WORKSPACE_ID = '00000000-0000-4000-8000-000000000003';

/**
 * A browser with a stored session (token and current organization `storedWorkspaceId`) whose
 * profile call answers only when the test says so; subscriptions answer at once (404 for a
 * workspace that is gone). Returns the requested URLs and the profile's answer.
 */
function installBrowser(storedWorkspaceId: string) {
  stubLocalStorage([
    ['accessToken', 'a1'],
    ['refreshToken', 'r1'],
    ['currentOrganization', storedWorkspaceId],
  ]);
  let answerProfile!: (response: Response) => void;
  const profileAnswer = new Promise<Response>((resolve) => (answerProfile = resolve));
  const requested: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((request: Request | string) => {
      const url = typeof request === 'string' ? request : request.url;
      requested.push(url);
      if (url.includes('v1/profile')) return profileAnswer;
      if (url.includes(GONE_WORKSPACE_ID))
        return Promise.resolve(jsonResponse(404, { errorCode: 'NOT_FOUND', errorDisplayMessage: 'Not found.' }));
      return Promise.resolve(jsonResponse(200, { payload: subscription }));
    }),
  );
  return { requested, answerProfile: () => answerProfile(jsonResponse(200, { payload: profile })) };
}

describe('session init (seed §4; issue #8: the first signed-in screen waits for one round trip, not two)', () => {
  beforeEach(() => {
    vi.resetModules();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("requests the stored workspace's plan while the profile is still loading, and uses that answer", async () => {
    const browser = installBrowser(WORKSPACE_ID);
    const { initSession, getSessionState } = await import('./session-store');
    const init = initSession();
    await vi.waitFor(() => expect(browser.requested.some((url) => url.includes(`${WORKSPACE_ID}/subscription`))).toBe(true));
    expect(getSessionState().loading).toBe(true);
    browser.answerProfile();
    await init;
    expect(getSessionState()).toMatchObject({ authenticated: true, loading: false, workspace: { id: WORKSPACE_ID }, subscription });
    expect(browser.requested.filter((url) => url.includes('/subscription'))).toHaveLength(1);
  });

  it('a stored workspace the person left: its early request is dropped without an error, the first workspace is loaded', async () => {
    const browser = installBrowser(GONE_WORKSPACE_ID);
    const { initSession, getSessionState } = await import('./session-store');
    const { getToastMessage } = await import('@/lib/toast-store');
    const init = initSession();
    await vi.waitFor(() => expect(browser.requested.some((url) => url.includes(`${GONE_WORKSPACE_ID}/subscription`))).toBe(true));
    browser.answerProfile();
    await init;
    expect(getSessionState()).toMatchObject({ authenticated: true, workspace: { id: WORKSPACE_ID }, subscription });
    expect(browser.requested.filter((url) => url.includes(`${WORKSPACE_ID}/subscription`))).toHaveLength(1);
    expect(getToastMessage()).toBeNull();
  });
});
