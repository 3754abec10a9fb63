import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, profile, stubLocalStorage, subscription, USER_ID } from '@/lib/testing/session-fixtures';

/** A promise with its resolve function outside. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

/**
 * A signed-in browser whose profile call answers only when the test says so (`answerProfile`),
 * or never. The subscription answers at once.
 */
function installBrowser() {
  stubLocalStorage([
    ['accessToken', 'a1'],
    ['refreshToken', 'r1'],
  ]);
  const profileAnswer = deferred<Response>();
  vi.stubGlobal(
    'fetch',
    vi.fn((request: Request | string) => {
      const url = typeof request === 'string' ? request : request.url;
      return url.includes('v1/profile') ? profileAnswer.promise : Promise.resolve(jsonResponse(200, { payload: subscription }));
    }),
  );
  return { answerProfile: () => profileAnswer.resolve(jsonResponse(200, { payload: profile })) };
}

/** The loader arguments of a page at `path`. */
const at = (path: string) => ({ request: new Request(`https://tandem.example.test${path}`) });

/** Tracks whether `promise` has settled, and how. */
function track<T>(promise: Promise<T>) {
  const state: { settled: boolean; value?: T; error?: unknown } = { settled: false };
  promise.then(
    (value) => Object.assign(state, { settled: true, value }),
    (error: unknown) => Object.assign(state, { settled: true, error }),
  );
  return state;
}

describe('route guard wait (seed §2: up to 5 × 1 s while a profile load runs)', () => {
  beforeEach(() => {
    vi.resetModules();
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('resolves at once when no profile load is running', async () => {
    installBrowser();
    const { waitForProfileLoad } = await import('@/lib/session/session-store');
    const wait = track(waitForProfileLoad());
    await vi.advanceTimersByTimeAsync(0);
    expect(wait.settled).toBe(true);
  });

  it('continues the moment the running load finishes, well before the first second', async () => {
    const browser = installBrowser();
    const { initSession, waitForProfileLoad, getSessionState } = await import('@/lib/session/session-store');
    void initSession();
    expect(getSessionState().loading).toBe(true);
    const wait = track(waitForProfileLoad());
    await vi.advanceTimersByTimeAsync(300);
    expect(wait.settled).toBe(false);
    browser.answerProfile();
    await vi.advanceTimersByTimeAsync(1);
    expect(wait.settled).toBe(true);
    expect(getSessionState()).toMatchObject({ loading: false, authenticated: true, user: { id: USER_ID } });
  });

  it('gives up after 5 s when the load hangs', async () => {
    installBrowser();
    const { initSession, waitForProfileLoad, getSessionState } = await import('@/lib/session/session-store');
    void initSession();
    const wait = track(waitForProfileLoad());
    await vi.advanceTimersByTimeAsync(4_999);
    expect(wait.settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(wait.settled).toBe(true);
    expect(getSessionState().loading).toBe(true);
  });

  it('lets a login-required route through as soon as the stored token signs in', async () => {
    const browser = installBrowser();
    const { initSession } = await import('@/lib/session/session-store');
    const { requireSessionLoader } = await import('./route-guards');
    void initSession();
    const guard = track(requireSessionLoader(at('/dashboard/home')));
    await vi.advanceTimersByTimeAsync(50);
    browser.answerProfile();
    await vi.advanceTimersByTimeAsync(1);
    expect(guard).toEqual({ settled: true, value: null });
  });

  it('loads the profile itself when a token is stored but nothing loads it yet', async () => {
    const browser = installBrowser();
    const { requireSessionLoader } = await import('./route-guards');
    const guard = track(requireSessionLoader(at('/dashboard/home')));
    await vi.advanceTimersByTimeAsync(10);
    expect(fetch).toHaveBeenCalledOnce();
    browser.answerProfile();
    await vi.advanceTimersByTimeAsync(1);
    expect(guard).toEqual({ settled: true, value: null });
  });

  it('sends a login-required route to /auth/login after 5 s of a hanging load', async () => {
    installBrowser();
    const { initSession } = await import('@/lib/session/session-store');
    const { requireSessionLoader } = await import('./route-guards');
    void initSession();
    const guard = track(requireSessionLoader(at('/tasks')));
    await vi.advanceTimersByTimeAsync(4_999);
    expect(guard.settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(guard.settled).toBe(true);
    expect(guard.error).toBeInstanceOf(Response);
    expect((guard.error as Response).headers.get('Location')).toBe('/auth/login?returnTo=%2Ftasks');
  });

  it('shows the login form after 5 s of a hanging load instead of waiting forever', async () => {
    installBrowser();
    const { initSession } = await import('@/lib/session/session-store');
    const { redirectSignedInLoader } = await import('./route-guards');
    void initSession();
    const guard = track(redirectSignedInLoader(at('/auth/login')));
    await vi.advanceTimersByTimeAsync(5_000);
    expect(guard).toEqual({ settled: true, value: null });
  });

  it('sends a signed-out deep link to /auth/login with the page to come back to (issue #8)', async () => {
    vi.stubGlobal('window', {
      localStorage: { getItem: () => null, setItem: () => undefined, removeItem: () => undefined, clear: () => undefined },
    });
    vi.stubGlobal('fetch', vi.fn());
    const { requireSessionLoader } = await import('./route-guards');
    const guard = track(requireSessionLoader(at('/workspaces/settings?tab=members')));
    await vi.advanceTimersByTimeAsync(0);
    expect((guard.error as Response).headers.get('Location')).toBe('/auth/login?returnTo=%2Fworkspaces%2Fsettings%3Ftab%3Dmembers');
    for (const landing of ['/', '/dashboard/home']) {
      const home = track(requireSessionLoader(at(landing)));
      await vi.advanceTimersByTimeAsync(0);
      expect((home.error as Response).headers.get('Location')).toBe('/auth/login');
    }
  });

  it('sends a signed-in user opening the login page to a safe returnTo, never to another origin (issue #8, seed §8)', async () => {
    const browser = installBrowser();
    const { redirectSignedInLoader } = await import('./route-guards');
    const inApp = track(redirectSignedInLoader(at('/auth/login?returnTo=%2Ftasks%3Fview%3Dboard')));
    await vi.advanceTimersByTimeAsync(10);
    browser.answerProfile();
    await vi.advanceTimersByTimeAsync(1);
    expect((inApp.error as Response).headers.get('Location')).toBe('/tasks?view=board');
    const outside = track(redirectSignedInLoader(at('/auth/login?returnTo=%2F%2Fevil.example.net%2F')));
    await vi.advanceTimersByTimeAsync(1);
    expect((outside.error as Response).headers.get('Location')).toBe('/');
  });
});
