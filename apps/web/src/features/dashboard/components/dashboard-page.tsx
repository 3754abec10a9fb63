import Box from '@mui/material/Box';
import type { WorkspaceMemberType } from '@tandem/contract';
import { useDeferredValue } from 'react';
import { getBrowserTimeZone } from '@/features/briefs';
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
  // The cards and charts first render as a transition once the data has come (the skeleton stays
  // until then): React slices that render instead of blocking the page for it (issue #13).
  const isShown = useDeferredValue(dashboard.data !== undefined);
  const data = isShown ? dashboard.data : undefined;
  return (
    // Both views use the layout's whole content width (issue #8: the plain lists used 55 % of it).
    <Box>
      <title>{`${view === 'home' ? 'Dashboard' : 'Dashboard (plain lists)'} · ${workspaceName} · Tandem`}</title>
      <DashboardHeader firstName={firstName} today={today} view={view} />
      {data ? (
        view === 'home' ? (
          <DashboardView dashboard={data} workspaceId={workspaceId} myMemberId={myMemberId} memberType={memberType} />
        ) : (
          <DashboardPlainView dashboard={data} workspaceId={workspaceId} myMemberId={myMemberId} memberType={memberType} />
        )
      ) : dashboard.isError ? (
        <DashboardError error={dashboard.error} onRetry={() => void dashboard.refetch()} isRetrying={dashboard.isFetching} />
      ) : (
        <DashboardSkeleton cards={view === 'home' ? 4 : 2} />
      )}
    </Box>
  );
}
