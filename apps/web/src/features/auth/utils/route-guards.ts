import { redirect } from 'react-router';
import type { Profile } from '@tandem/contract';
import { paths } from '@/config/paths';
import { getSessionState, initSession, waitForProfileLoad } from '@/lib/session/session-store';

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

/**
 * Loader of every login-required route (seed §2): without a profile (after the bounded wait and
 * load of {@link loadGuardUser}), redirects to /auth/login.
 */
export async function requireSessionLoader(): Promise<null> {
  if (!(await loadGuardUser())) throw redirect(paths.auth.login.getHref());
  return null;
}

/**
 * Loader of /auth/login (seed §2): a logged-in user is sent to /. After a reload the stored token
 * is used first (the same wait and profile load as the guard), so a signed-in user never sees the
 * login form.
 */
export async function redirectSignedInLoader(): Promise<null> {
  if (await loadGuardUser()) throw redirect(paths.home.getHref());
  return null;
}
