import { useRouteError } from 'react-router';
import { PublicLayout } from '@/components/layouts/public-layout';
import { isLinkInactiveError, LinkInactivePage } from './link-inactive-page';
import { RouteErrorPage } from './route-error-page';

/**
 * Error element of the public layout route (router.tsx `publicRoutes`): a 410 thrown by a public
 * page's loader or component (an ApiError from the public API) shows "This link is no longer
 * active" in the public shell (PRODUCT §3); any other error the app's error page (seed §2).
 */
export function PublicRouteErrorPage() {
  const error = useRouteError();
  if (!isLinkInactiveError(error)) return <RouteErrorPage />;
  return (
    <PublicLayout>
      <LinkInactivePage />
    </PublicLayout>
  );
}
