import type { Dashboard } from '@tandem/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * GET v1/workspaces/{id}/dashboard?today → the signed-in member's day (contract DashboardSchema).
 * `today`: the browser's local date, YYYY-MM-DD, so "due today" follows the user's clock.
 */
export function getDashboard(workspaceId: string, today: string): Promise<Dashboard> {
  return api.get<Dashboard>(`v1/workspaces/${encodeURIComponent(workspaceId)}/dashboard`, { query: { today } });
}

/** The key of every dashboard query of a workspace, whatever the day: what live events invalidate. */
export function dashboardQueryKey(workspaceId: string) {
  return ['workspaces', workspaceId, 'dashboard'] as const;
}

/** Query options of {@link getDashboard}; keyed under {@link dashboardQueryKey}. */
export function dashboardQueryOptions(workspaceId: string, today: string) {
  return queryOptions({
    queryKey: [...dashboardQueryKey(workspaceId), today] as const,
    queryFn: () => getDashboard(workspaceId, today),
    staleTime: 30_000,
    // The dashboard shows its own error state with a retry button.
    meta: { errorToast: false },
  });
}

/** Query hook of {@link getDashboard}. */
export function useDashboard(workspaceId: string, today: string) {
  return useQuery(dashboardQueryOptions(workspaceId, today));
}
