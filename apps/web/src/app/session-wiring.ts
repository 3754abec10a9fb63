import { paths } from '@/config/paths';
import { clientConfigQueryOptions } from '@/features/analytics/api/get-client-config';
import { identifyUser, resetAnalytics } from '@/features/analytics/lib/identify-user';
import { getSessionState, initSession, logout, subscribeSession } from '@/lib/session/session-store';
import { setAuthHandlers } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';

/** The router's navigate, as much of it as the wiring needs. */
export interface Navigator {
  navigate: (to: string, options?: { replace?: boolean }) => unknown;
  state: { location: { pathname: string } };
}

/** Pages where a failed refresh does not move the visitor (they need no session). */
const isSessionFreePage = (pathname: string) => pathname.startsWith('/auth/') || pathname === paths.register.path;

/**
 * Connects the shared HTTP client and the session (lib never imports features): after a refresh
 * init runs again; a failed refresh logs out and goes to /auth/login (seed §4). Also identifies
 * the user for analytics after init (seed §7) and forgets them after sign-out.
 */
export function wireSession(router: Navigator): void {
  setAuthHandlers({
    onRefreshed: () => void initSession(),
    onRefreshFailed: () => {
      logout();
      if (!isSessionFreePage(router.state.location.pathname)) {
        void router.navigate(paths.auth.login.getHref(), { replace: true });
      }
    },
  });

  // The analytics allow-list is asked for once at start (cached for the page's life).
  void queryClient.prefetchQuery(clientConfigQueryOptions());

  let identifiedId: string | null = null;
  subscribeSession(() => {
    const { user } = getSessionState();
    if (user && user.id !== identifiedId) {
      identifiedId = user.id;
      void queryClient
        .fetchQuery(clientConfigQueryOptions())
        .then((config) => identifyUser(config, { id: user.id, email: user.email, firstName: user.firstName, lastName: user.lastName }))
        .catch(() => undefined);
    } else if (!user && identifiedId) {
      identifiedId = null;
      void resetAnalytics();
    }
  });
}
