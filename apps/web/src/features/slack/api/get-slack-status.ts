import type { SlackStatus } from '@tandem/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * GET v1/workspaces/{id}/slack → the Slack tab's status (contract slack.ts SlackStatus: configured,
 * plan, the caller's right to connect, the live connection). Any member may read it (issue #12).
 */
export function getSlackStatus(workspaceId: string): Promise<SlackStatus> {
  return api.get<SlackStatus>(`v1/workspaces/${encodeURIComponent(workspaceId)}/slack`);
}

/** Query options of {@link getSlackStatus}; connect, disconnect and the `slack` live event refresh this key. */
export function slackStatusQueryOptions(workspaceId: string) {
  return queryOptions({
    queryKey: ['workspaces', workspaceId, 'slack'],
    queryFn: () => getSlackStatus(workspaceId),
  });
}

/** Query hook of {@link getSlackStatus}. */
export function useSlackStatus(workspaceId: string) {
  return useQuery(slackStatusQueryOptions(workspaceId));
}

/** Whether the workspace's Slack is connected now (false while loading or on error). */
export function useSlackConnected(workspaceId: string): boolean {
  return useSlackStatus(workspaceId).data?.connection != null;
}
