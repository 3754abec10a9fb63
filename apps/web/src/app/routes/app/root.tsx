import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import { Navigate, Outlet } from 'react-router';
import { WorkflowLayout } from '@/components/layouts/workflow-layout';
import { BrandMark } from '@/components/ui/brand-mark';
import { paths } from '@/config/paths';
import { AccountMenu } from '@/features/auth/components/account-menu';
import { ActivityIndicator } from '@/features/auth/components/activity-indicator';
import { ImpersonationBanner } from '@/features/auth/components/impersonation-banner';
import { WorkspaceTitle } from '@/features/auth/components/workspace-title';
import { useSession } from '@/features/auth/stores/session-store';
import { requireSessionLoader } from '@/features/auth/utils/route-guards';

/**
 * The login-required area (seed §2): the route guard runs as this route's loader; the workflow
 * layout's header shows the workspace, member type, new-activity indicator and account menu.
 * Signing out anywhere (or a failed refresh) leaves for /auth/login.
 */
function AppRoot() {
  const isSignedIn = useSession((session) => session.user !== null);
  if (!isSignedIn) return <Navigate to={paths.auth.login.getHref()} replace />;
  return (
    <WorkflowLayout
      banner={<ImpersonationBanner />}
      start={
        <>
          <Box sx={{ display: { xs: 'none', sm: 'flex' } }}>
            <BrandMark size={28} />
          </Box>
          <Box sx={{ display: { xs: 'flex', sm: 'none' } }}>
            <BrandMark size={28} showName={false} />
          </Box>
          <Divider orientation="vertical" flexItem sx={{ my: 2 }} />
          <WorkspaceTitle />
        </>
      }
      end={
        <>
          <ActivityIndicator />
          <AccountMenu />
        </>
      }
    >
      <Outlet />
    </WorkflowLayout>
  );
}

export { AppRoot as Component, requireSessionLoader as loader };
