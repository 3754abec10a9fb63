import Box from '@mui/material/Box';
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
  workspaceId: string;
  workspaceName: string;
  myMemberId: string;
  firstName: string;
}

/**
 * A dashboard screen: the header, then skeletons while loading, an error with retry when the
 * first load fails, or the view. The data is the browser's local day (`today`); live events
 * invalidate it (app/routes/app/root.tsx). A failed background refresh keeps the last data.
 */
export function DashboardPage({ view, workspaceId, workspaceName, myMemberId, firstName }: DashboardPageProps) {
  const today = useLocalToday();
  const dashboard = useDashboard(workspaceId, today);
  return (
    <Box sx={view === 'old' ? { maxWidth: 760 } : undefined}>
      <title>{`${view === 'home' ? 'Dashboard' : 'Dashboard (plain lists)'} · ${workspaceName} · Tandem`}</title>
      <DashboardHeader firstName={firstName} today={today} view={view} />
      {dashboard.data ? (
        view === 'home' ? (
          <DashboardView dashboard={dashboard.data} workspaceId={workspaceId} myMemberId={myMemberId} />
        ) : (
          <DashboardPlainView dashboard={dashboard.data} workspaceId={workspaceId} myMemberId={myMemberId} />
        )
      ) : dashboard.isError ? (
        <DashboardError error={dashboard.error} onRetry={() => void dashboard.refetch()} isRetrying={dashboard.isFetching} />
      ) : (
        <DashboardSkeleton cards={view === 'home' ? 4 : 2} />
      )}
    </Box>
  );
}
