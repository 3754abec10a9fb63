import type { ShareLinkView } from '@tandem/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { summariesPath, summaryViewsQueryKey } from './summary-keys';

/** One page of a summary link's access log. */
export interface SummaryViewPage {
  items: ShareLinkView[];
  nextCursor: string | null;
}

/** GET …/summaries/{summaryId}/views → the public link's access log, newest first (contract ListSummaryViewsResponseSchema). */
export function getSummaryViews(workspaceId: string, summaryId: string): Promise<SummaryViewPage> {
  return api.get<SummaryViewPage>(summariesPath(workspaceId, summaryId, 'views'));
}

/** Query options of {@link getSummaryViews}. */
export function summaryViewsQueryOptions(workspaceId: string, summaryId: string) {
  return queryOptions({
    queryKey: summaryViewsQueryKey(workspaceId, summaryId),
    queryFn: () => getSummaryViews(workspaceId, summaryId),
    meta: { errorToast: false },
  });
}

/** Query hook of {@link getSummaryViews}; `enabled` once the summary has a publication. */
export function useSummaryViews(workspaceId: string, summaryId: string, enabled: boolean) {
  return useQuery({ ...summaryViewsQueryOptions(workspaceId, summaryId), enabled });
}
