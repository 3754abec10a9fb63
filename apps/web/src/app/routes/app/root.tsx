import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import { lazy, Suspense } from 'react';
import { Navigate, Outlet } from 'react-router';
import { HeaderNav } from '@/components/layouts/header-nav';
import { WorkflowLayout } from '@/components/layouts/workflow-layout';
import { BrandMark } from '@/components/ui/brand-mark';
import { paths } from '@/config/paths';
import { AccountMenu } from '@/features/auth/components/account-menu';
import { useWorkspaceEventStream } from '@/lib/events/use-workspace-event-stream';
import { workspaceEventHandlers } from '@/app/workspace-event-handlers';
import { ActivityButton } from '@/features/activity/components/activity-button';
import { ImpersonationBanner } from '@/features/auth/components/impersonation-banner';
import { useSession } from '@/lib/session/session-store';
import { requireSessionLoader } from '@/features/auth/utils/route-guards';
import { WorkspaceSwitcher } from '@/features/workspaces/components/workspace-switcher';
import { useOnboarding } from '@/features/auth/api/get-onboarding';
import { useMarkFirstRunAnswered } from '@/features/auth/api/mark-onboarding';
import { WelcomeBanner } from '@/features/auth/components/welcome-banner';
import { useHasOpened } from '@/hooks/use-has-opened';

// Loaded once the question is due (issue #13: most landings never show it).
const FirstRunDialog = lazy(async () => ({ default: (await import('@/features/workspaces/components/first-run-dialog')).FirstRunDialog }));

/**
 * The login-required area (seed §2): the route guard runs as this route's loader; the workflow
 * layout's header shows the workspace switcher with the member type, the main navigation
 * (Dashboard, Tasks), the new-activity button and the account menu, under the impersonation
 * banner. While signed in, the workspace's live event stream is open (closed on sign-out and
 * workspace switch) and dispatches to the features' handlers (app/workspace-event-handlers.ts).
 * The landing's onboarding (GET v1/onboarding, issue #8) shows the welcome into newly joined
 * workspaces above the page and asks the first-run question (PRODUCT §1) until answered; neither
 * while a platform admin views as the person (PRODUCT §5).
 * Signing out anywhere (or a failed refresh) leaves for /auth/login.
 */
function AppRoot() {
  const isSignedIn = useSession((session) => session.user !== null);
  const personId = useSession((session) => (session.user && !session.user.impersonator ? session.user.id : null));
  const onboarding = useOnboarding(personId);
  const markFirstRunAnswered = useMarkFirstRunAnswered(personId ?? '');
  const workspaceId = useSession((session) => session.workspace?.id ?? null);
  const memberId = useSession((session) => session.workspaceMember?.id ?? null);
  useWorkspaceEventStream(isSignedIn ? workspaceId : null, memberId, workspaceEventHandlers);
  const isFirstRunUnanswered = onboarding.data?.firstRunQuestion ?? false;
  const isFirstRunDue = useHasOpened(isFirstRunUnanswered);
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
      <WelcomeBanner welcomes={onboarding.data?.welcomes ?? []} />
      <Outlet />
      {isFirstRunDue && (
        <Suspense fallback={null}>
          <FirstRunDialog isUnanswered={isFirstRunUnanswered} onAnswered={() => markFirstRunAnswered.mutateAsync()} />
        </Suspense>
      )}
    </WorkflowLayout>
  );
}

export { AppRoot as Component, requireSessionLoader as loader };
