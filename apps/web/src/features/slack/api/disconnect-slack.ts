import type { SlackStatus } from '@tandem/contract';
import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ApiError } from '@/lib/api-error';
import { slackStatusQueryOptions } from './get-slack-status';

/**
 * POST v1/workspaces/{id}/slack/disconnect → the SlackStatus without a connection (issue #12: the
 * server calls auth.revoke, then deletes the token). Rejects 403 unless OWNER, EXECUTIVE or
 * EXECUTIVEASSISTANT (PRODUCT §6 `connectSlack`).
 */
export function disconnectSlack(workspaceId: string): Promise<SlackStatus> {
  return api.post<SlackStatus>(`v1/workspaces/${encodeURIComponent(workspaceId)}/slack/disconnect`);
}

/**
 * Mutation hook of {@link disconnectSlack} (the variable is the workspace id): the answer replaces
 * the cached status, and every other Slack query of the workspace (channels) is refreshed.
 */
export function useDisconnectSlack(options: Omit<UseMutationOptions<SlackStatus, ApiError, string>, 'mutationFn'> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: disconnectSlack,
    onSuccess: (status, workspaceId, onMutateResult, context) => {
      const statusKey = slackStatusQueryOptions(workspaceId).queryKey;
      queryClient.setQueryData(statusKey, status);
      void queryClient.invalidateQueries({ queryKey: statusKey, predicate: (query) => query.queryKey.length > statusKey.length });
      return options.onSuccess?.(status, workspaceId, onMutateResult, context);
    },
  });
}
