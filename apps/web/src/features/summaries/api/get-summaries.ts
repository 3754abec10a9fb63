import type { SummaryPage } from '@tandem/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { SummaryListParams } from '../utils/summary-filters';
import { summariesPath, summaryListsQueryKey } from './summary-keys';

/** Summaries per page of /questions/summaries (the API's default limit, contract summaries.ts). */
export const SUMMARIES_PAGE_SIZE = 25;

/**
 * GET v1/workspaces/{id}/summaries?{status,q}&limit&cursor → one page `{ items, nextCursor }`
 * (contract ListSummariesQuerySchema; issue #11). 403 for a GUEST.
 */
export function getSummaries(workspaceId: string, params: SummaryListParams, cursor?: string): Promise<SummaryPage> {
  return api.get<SummaryPage>(summariesPath(workspaceId), { query: { limit: SUMMARIES_PAGE_SIZE, ...params, cursor } });
}

/** Infinite-query options of {@link getSummaries}: pages follow nextCursor ("Load more"). */
export function summariesQueryOptions(workspaceId: string, params: SummaryListParams) {
  return infiniteQueryOptions({
    queryKey: [...summaryListsQueryKey(workspaceId), params],
    queryFn: ({ pageParam }) => getSummaries(workspaceId, params, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    meta: { errorToast: false },
  });
}

/** Query hook of {@link getSummaries}; the previous filter's summaries stay on screen while the next loads. */
export function useSummaries(workspaceId: string, params: SummaryListParams) {
  return useInfiniteQuery({ ...summariesQueryOptions(workspaceId, params), placeholderData: (previous) => previous });
}
