import { act, render } from '@testing-library/react';
import { memo, Profiler } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, profile, subscription } from '@/lib/testing/session-fixtures';

/** A child that never renders again by itself: a commit under the Profiler is AppProvider's own. */
const StaticChild = memo(function StaticChild() {
  return <p>page</p>;
});

/**
 * Renders AppProvider (a fresh module graph, so the session starts signed out with a stored token),
 * then runs init with a profile whose theme preference is `themePreference`. Resolves to how many
 * times the provider's tree committed after the first render.
 */
async function commitsWhenSignedIn(themePreference: string): Promise<number> {
  window.localStorage.setItem('accessToken', 'a1');
  window.localStorage.setItem('refreshToken', 'r1');
  vi.stubGlobal(
    'fetch',
    vi.fn((request: Request | string) => {
      const url = typeof request === 'string' ? request : request.url;
      const payload = url.includes('v1/profile') ? { ...profile, themePreference } : subscription;
      return Promise.resolve(jsonResponse(200, { payload }));
    }),
  );
  const { AppProvider } = await import('./provider');
  const { initSession, getSessionState } = await import('@/lib/session/session-store');
  const onRender = vi.fn();
  render(
    <Profiler id="app" onRender={onRender}>
      <AppProvider>
        <StaticChild />
      </AppProvider>
    </Profiler>,
  );
  const firstRenders = onRender.mock.calls.length;
  await act(() => initSession());
  expect(getSessionState().user?.themePreference).toBe(themePreference);
  return onRender.mock.calls.length - firstRenders;
}

describe('AppProvider (issue #13: the first render is not redone when the person arrives)', () => {
  beforeEach(() => {
    vi.resetModules();
    window.localStorage.clear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    window.localStorage.clear();
  });

  it('does not render again when the person signed in lets the theme follow the system', async () => {
    expect(await commitsWhenSignedIn('system')).toBe(0);
  });

  it('renders again with a theme the person chose', async () => {
    expect(await commitsWhenSignedIn('dark-blue')).toBeGreaterThan(0);
  });
});
