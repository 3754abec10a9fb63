import type { AiStatus } from '@tandem/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { aiQueryKey, workspacePath } from './ai-paths';

/**
 * GET v1/workspaces/{id}/ai → the provider in use (BUILT_IN, or MODEL with its name) and this
 * month's AI usage (contract AiStatusSchema; issue #11, PRODUCT §8). 403 for a GUEST.
 */
export function getAiStatus(workspaceId: string): Promise<AiStatus> {
  return api.get<AiStatus>(`${workspacePath(workspaceId)}/ai`);
}

/** Query options of {@link getAiStatus}. */
export function aiStatusQueryOptions(workspaceId: string) {
  return queryOptions({
    queryKey: [...aiQueryKey(workspaceId), 'status'],
    queryFn: () => getAiStatus(workspaceId),
    meta: { errorToast: false },
  });
}

/** Query hook of {@link getAiStatus}. */
export function useAiStatus(workspaceId: string) {
  return useQuery(aiStatusQueryOptions(workspaceId));
}
