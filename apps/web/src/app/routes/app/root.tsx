import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import { Navigate, Outlet } from 'react-router';
import { HeaderNav } from '@/components/layouts/header-nav';
import { WorkflowLayout } from '@/components/layouts/workflow-layout';
import { BrandMark } from '@/components/ui/brand-mark';
import { paths } from '@/config/paths';
import { AccountMenu } from '@/features/auth/components/account-menu';
import { useQueryClient } from '@tanstack/react-query';
import { ActivityButton } from '@/features/activity/components/activity-button';
import { useWorkspaceEvents } from '@/features/activity/hooks/use-workspace-events';
import { ImpersonationBanner } from '@/features/auth/components/impersonation-banner';
import { useSession } from '@/features/auth/stores/session-store';
import { dashboardQueryKey } from '@/features/dashboard/api/get-dashboard';
import { requireSessionLoader } from '@/features/auth/utils/route-guards';
import { membersQueryOptions } from '@/features/workspaces/api/get-members';
import { WorkspaceSwitcher } from '@/features/workspaces/components/workspace-switcher';
import { FirstRunDialog } from '@/features/workspaces/components/first-run-dialog';

/**
 * The login-required area (seed §2): the route guard runs as this route's loader; the workflow
 * layout's header shows the workspace switcher with the member type, the main navigation
 * (Dashboard, Tasks), the new-activity button and the account menu, under the impersonation
 * banner. While signed in, the workspace's live events stream is open (closed on sign-out and
 * workspace switch); every event refreshes the dashboard, a member item the member list too.
 * Signing out anywhere (or a failed refresh) leaves for /auth/login.
 */
function AppRoot() {
  const queryClient = useQueryClient();
  const isSignedIn = useSession((session) => session.user !== null);
  const workspaceId = useSession((session) => session.workspace?.id ?? null);
  useWorkspaceEvents(isSignedIn ? workspaceId : null, (event) => {
    // Any event (`activity`, `task`, a reconnection) may change what the dashboard counts.
    if (workspaceId) void queryClient.invalidateQueries({ queryKey: dashboardQueryKey(workspaceId) });
    const mayChangeMembers = event.type === 'reconnected' || (event.type === 'activity' && event.item.kind.startsWith('MEMBER_'));
    if (workspaceId && mayChangeMembers) {
      void queryClient.invalidateQueries({ queryKey: membersQueryOptions(workspaceId).queryKey });
    }
  });
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
          <WorkspaceSwitcher />
          <Divider orientation="vertical" flexItem sx={{ my: 2, display: { xs: 'none', md: 'block' } }} />
          <HeaderNav />
        </>
      }
      end={
        <>
          <ActivityButton />
          <AccountMenu />
        </>
      }
    >
      <Outlet />
      <FirstRunDialog />
    </WorkflowLayout>
  );
}

export { AppRoot as Component, requireSessionLoader as loader };
