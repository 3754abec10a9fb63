import Box from '@mui/material/Box';
import type { WorkspaceMemberType } from '@tandem/contract';
import { DeferredFirstRender } from '@/components/ui/deferred-first-render';
import { getBrowserTimeZone, usePrewarmedMeetingTimes } from '@/features/briefs';
import { useSession } from '@/lib/session/session-store';
import { useDashboard } from '../api/get-dashboard';
import { useLocalToday } from '../hooks/use-local-today';
import { DashboardHeader } from './dashboard-header';
import { DashboardPlainView } from './dashboard-plain-view';
import { DashboardError, DashboardSkeleton } from './dashboard-states';
import { DashboardView } from './dashboard-view';

/** Props of {@link DashboardPage}. */
export interface DashboardPageProps {
  /** 'home': cards and charts (/dashboard/home); 'old': plain lists (/dashboard/old). */
  view: 'home' | 'old';
}

/** The dashboard of the signed-in member's current workspace (seed §4 auth state); nothing before init ends. */
export function CurrentDashboardPage({ view }: DashboardPageProps) {
  const user = useSession((session) => session.user);
  const workspace = useSession((session) => session.workspace);
  const member = useSession((session) => session.workspaceMember);
  if (!user || !workspace || !member) return null;
  return (
    <DashboardPage
      key={workspace.id}
      view={view}
      workspaceId={workspace.id}
      workspaceName={workspace.name}
      myMemberId={member.id}
      memberType={member.workspaceMemberType}
      firstName={user.firstName}
    />
  );
}

/**
 * A dashboard screen: the header, then skeletons while loading, an error with retry when the
 * first load fails, or the view. The data is the browser's local day (`today`) in its time zone
 * (briefs for today); live events
 * invalidate it (app/routes/app/root.tsx). A failed background refresh keeps the last data.
 */
function DashboardPage({
  view,
  workspaceId,
  workspaceName,
  myMemberId,
  memberType,
  firstName,
}: DashboardPageProps & {
  workspaceId: string;
  workspaceName: string;
  myMemberId: string;
  memberType: WorkspaceMemberType;
  firstName: string;
}) {
  const today = useLocalToday();
  const dashboard = useDashboard(workspaceId, today, getBrowserTimeZone());
  usePrewarmedMeetingTimes();
  const data = dashboard.data;
  const skeleton = <DashboardSkeleton cards={view === 'home' ? 4 : 2} />;
  return (
    // Both views use the layout's whole content width (issue #8: the plain lists used 55 % of it).
    <Box>
      <title>{`${view === 'home' ? 'Dashboard' : 'Dashboard (plain lists)'} · ${workspaceName} · Tandem`}</title>
      <DashboardHeader firstName={firstName} today={today} view={view} />
      {data ? (
        // The cards and charts first render in slices after the skeleton (issue #13).
        <DeferredFirstRender fallback={skeleton}>
          {view === 'home' ? (
            <DashboardView dashboard={data} workspaceId={workspaceId} myMemberId={myMemberId} memberType={memberType} />
          ) : (
            <DashboardPlainView dashboard={data} workspaceId={workspaceId} myMemberId={myMemberId} memberType={memberType} />
          )}
        </DeferredFirstRender>
      ) : dashboard.isError ? (
        <DashboardError error={dashboard.error} onRetry={() => void dashboard.refetch()} isRetrying={dashboard.isFetching} />
      ) : (
        skeleton
      )}
    </Box>
  );
}
