import type { QuestionRequestPage } from '@tandem/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { RequestListParams } from '../utils/request-filters';
import { requestListsQueryKey, requestsPath } from './question-keys';

/** Requests per page of /questions/list (the API's default limit, contract questions.ts). */
export const REQUESTS_PAGE_SIZE = 25;

/**
 * GET v1/workspaces/{id}/question-requests?{status,q,contactId,sort}&limit&cursor → one page
 * `{ items, nextCursor }` (contract ListQuestionRequestsQuerySchema; issue #10). 403 for a GUEST.
 */
export function getQuestionRequests(workspaceId: string, params: RequestListParams, cursor?: string): Promise<QuestionRequestPage> {
  return api.get<QuestionRequestPage>(requestsPath(workspaceId), { query: { limit: REQUESTS_PAGE_SIZE, ...params, cursor } });
}

/** Infinite-query options of {@link getQuestionRequests}: pages follow nextCursor ("Load more"). */
export function questionRequestsQueryOptions(workspaceId: string, params: RequestListParams) {
  return infiniteQueryOptions({
    queryKey: [...requestListsQueryKey(workspaceId), params],
    queryFn: ({ pageParam }) => getQuestionRequests(workspaceId, params, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    meta: { errorToast: false },
  });
}

/** Query hook of {@link getQuestionRequests}; the previous filter's requests stay on screen while the next loads. */
export function useQuestionRequests(workspaceId: string, params: RequestListParams, options: { enabled?: boolean } = {}) {
  return useInfiniteQuery({ ...questionRequestsQueryOptions(workspaceId, params), placeholderData: (previous) => previous, ...options });
}
