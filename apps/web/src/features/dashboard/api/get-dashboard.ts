import type { Dashboard } from '@tandem/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * GET v1/workspaces/{id}/dashboard?today&timeZone → the signed-in member's day (contract
 * DashboardSchema). `today`: the browser's local date, YYYY-MM-DD, so "due today" follows the
 * user's clock; `timeZone`: the browser's IANA zone, so "briefs for today" are the meetings of that
 * day where the user is (issue #9).
 */
export function getDashboard(workspaceId: string, today: string, timeZone?: string): Promise<Dashboard> {
  return api.get<Dashboard>(`v1/workspaces/${encodeURIComponent(workspaceId)}/dashboard`, { query: { today, timeZone } });
}

/** The key of every dashboard query of a workspace, whatever the day: what live events invalidate. */
export function dashboardQueryKey(workspaceId: string) {
  return ['workspaces', workspaceId, 'dashboard'] as const;
}

/** Query options of {@link getDashboard}; keyed under {@link dashboardQueryKey}. */
export function dashboardQueryOptions(workspaceId: string, today: string, timeZone?: string) {
  return queryOptions({
    queryKey: [...dashboardQueryKey(workspaceId), today, timeZone ?? null] as const,
    queryFn: () => getDashboard(workspaceId, today, timeZone),
    staleTime: 30_000,
    // The dashboard shows its own error state with a retry button.
    meta: { errorToast: false },
  });
}

/** Query hook of {@link getDashboard}. */
export function useDashboard(workspaceId: string, today: string, timeZone?: string) {
  return useQuery(dashboardQueryOptions(workspaceId, today, timeZone));
}
