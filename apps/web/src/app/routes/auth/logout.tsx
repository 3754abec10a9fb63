import { redirect } from 'react-router';
import { paths } from '@/config/paths';
import { logout } from '@/lib/session/session-store';

/** /auth/logout (seed §2): logs out (seed §4) and lands on /auth/login. */
function logoutLoader(): never {
  logout();
  throw redirect(paths.auth.login.getHref());
}

/** Never rendered: the loader always redirects. */
function LogoutRoute() {
  return null;
}

export { LogoutRoute as Component, logoutLoader as loader };
