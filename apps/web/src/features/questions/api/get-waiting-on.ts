import type { WaitingOnPage } from '@tandem/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { waitingOnQueryKey } from './question-keys';

/**
 * GET v1/workspaces/{id}/waiting-on?limit → the first page of people who owe answers, oldest
 * request first, with how overdue (contract WaitingOnSchema; issue #10).
 */
export function getWaitingOn(workspaceId: string, limit = 25): Promise<WaitingOnPage> {
  return api.get<WaitingOnPage>(`v1/workspaces/${encodeURIComponent(workspaceId)}/waiting-on`, { query: { limit } });
}

/** Query options of {@link getWaitingOn}. */
export function waitingOnQueryOptions(workspaceId: string, limit = 25) {
  return queryOptions({
    queryKey: [...waitingOnQueryKey(workspaceId), limit],
    queryFn: () => getWaitingOn(workspaceId, limit),
    meta: { errorToast: false },
  });
}

/** Query hook of {@link getWaitingOn}. */
export function useWaitingOn(workspaceId: string, limit = 25) {
  return useQuery(waitingOnQueryOptions(workspaceId, limit));
}
