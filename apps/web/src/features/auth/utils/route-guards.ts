import { redirect, type LoaderFunctionArgs } from 'react-router';
import type { Profile } from '@tandem/contract';
import { paths } from '@/config/paths';
import { getSessionState, initSession, waitForProfileLoad } from '@/lib/session/session-store';
import { pathOf, readReturnPath } from './return-to';

/**
 * The route guard's wait and load (seed §2): waits for a running profile load (at most 5 × 1 s,
 * continuing the moment it ends); when an access token exists but no user is loaded, loads the
 * profile (init), again waiting at most 5 s. A load still running after the wait counts as no
 * profile. Resolves with the loaded user or null; never rejects.
 */
async function loadGuardUser(): Promise<Profile | null> {
  await waitForProfileLoad();
  const session = getSessionState();
  if (!session.user && session.accessToken && !session.loading) {
    void initSession();
    await waitForProfileLoad();
  }
  return getSessionState().user;
}

/** Where a sign-in lands anyway: no `returnTo` needed (/ redirects to the dashboard before the guard answers). */
const DEFAULT_LANDINGS = new Set([paths.home.getHref(), paths.dashboard.root.getHref(), paths.dashboard.home.getHref()]);

/**
 * Loader of every login-required route (seed §2): without a profile (after the bounded wait and
 * load of {@link loadGuardUser}), redirects to /auth/login, with `returnTo` = the page asked for
 * (its path, query and hash; none for the default landing) so signing in comes back to it (issue #8).
 */
export async function requireSessionLoader({ request }: Pick<LoaderFunctionArgs, 'request'>): Promise<null> {
  if (!(await loadGuardUser())) {
    const asked = pathOf(request.url);
    throw redirect(paths.auth.login.getHref({ returnTo: DEFAULT_LANDINGS.has(asked) ? null : asked }));
  }
  return null;
}

/**
 * Loader of /auth/login (seed §2): a logged-in user is sent to / (or to the page of a safe
 * `returnTo`, issue #8). After a reload the stored token is used first (the same wait and profile
 * load as the guard), so a signed-in user never sees the login form.
 */
export async function redirectSignedInLoader({ request }: Pick<LoaderFunctionArgs, 'request'>): Promise<null> {
  if (await loadGuardUser()) {
    const url = new URL(request.url);
    throw redirect(readReturnPath(url.searchParams, url.origin) ?? paths.home.getHref());
  }
  return null;
}
