import { redirect } from 'react-router';
import { paths } from '@/config/paths';
import { getSessionState, initSession, waitForProfileLoad } from '../stores/session-store';

/**
 * Loader of every login-required route (seed §2): waits for a running profile load (5 × 1 s); when
 * an access token exists but no user is loaded, loads the profile (init); without a profile,
 * redirects to /auth/login.
 */
export async function requireSessionLoader(): Promise<null> {
  await waitForProfileLoad();
  const session = getSessionState();
  if (!session.user && session.accessToken) await initSession();
  if (!getSessionState().user) throw redirect(paths.auth.login.getHref());
  return null;
}

/**
 * Loader of /auth/login (seed §2): a logged-in user is sent to /. After a reload the stored token
 * is used first (the same wait and profile load as the guard), so a signed-in user never sees the
 * login form.
 */
export async function redirectSignedInLoader(): Promise<null> {
  await waitForProfileLoad();
  const session = getSessionState();
  if (!session.user && session.accessToken) await initSession();
  if (getSessionState().user) throw redirect(paths.home.getHref());
  return null;
}
