import type { Summary } from '@tandem/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { summariesPath, summaryQueryKey } from './summary-keys';

/**
 * GET v1/workspaces/{id}/summaries/{summaryId} → the summary with its answers, coverage, words,
 * issues, freshness and publication (contract SummarySchema; issue #11). 404 when it is gone or
 * another workspace's (and for a GUEST).
 */
export function getSummary(workspaceId: string, summaryId: string): Promise<Summary> {
  return api.get<Summary>(summariesPath(workspaceId, summaryId));
}

/** Query options of {@link getSummary}. */
export function summaryQueryOptions(workspaceId: string, summaryId: string) {
  return queryOptions({
    queryKey: summaryQueryKey(workspaceId, summaryId),
    queryFn: () => getSummary(workspaceId, summaryId),
    meta: { errorToast: false },
  });
}

/** Query hook of {@link getSummary}. */
export function useSummary(workspaceId: string, summaryId: string) {
  return useQuery(summaryQueryOptions(workspaceId, summaryId));
}
