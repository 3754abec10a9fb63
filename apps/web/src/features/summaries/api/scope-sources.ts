import type { ContactPage, QuestionRequestDetail, QuestionRequestPage } from '@tandem/contract';
import { infiniteQueryOptions, keepPreviousData, queryOptions, useInfiniteQuery, useQueries, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

// What step 1 chooses from (issue #11): the questions and contacts APIs, read by this feature's own
// calls and query keys under the workspace's 'questions' / 'contacts' prefixes so their live events refresh them.

const workspacePath = (workspaceId: string) => `v1/workspaces/${encodeURIComponent(workspaceId)}`;

/** Requests per page of the step-1 request picker. */
export const SCOPE_REQUESTS_PAGE_SIZE = 25;

/**
 * GET v1/workspaces/{id}/question-requests?status=SENT,CLOSED&sort=updatedAt → one page of the
 * requests a summary can cover (drafts have no answers). 403 for a GUEST.
 */
export function getScopeRequests(workspaceId: string, cursor?: string): Promise<QuestionRequestPage> {
  return api.get<QuestionRequestPage>(`${workspacePath(workspaceId)}/question-requests`, {
    query: { status: 'SENT,CLOSED', sort: 'updatedAt', limit: SCOPE_REQUESTS_PAGE_SIZE, cursor },
  });
}

/** Infinite-query options of {@link getScopeRequests} ("More requests" follows nextCursor). */
export function scopeRequestsQueryOptions(workspaceId: string) {
  return infiniteQueryOptions({
    queryKey: ['workspaces', workspaceId, 'questions', 'list', 'summary-scope'],
    queryFn: ({ pageParam }) => getScopeRequests(workspaceId, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    meta: { errorToast: false },
  });
}

/** Query hook of {@link getScopeRequests}. */
export function useScopeRequests(workspaceId: string) {
  return useInfiniteQuery(scopeRequestsQueryOptions(workspaceId));
}

/**
 * GET …/question-requests/{requestId} for each id: whether a request is confidential is on its
 * detail only (the list does not carry it), and a confidential one cannot be chosen (PRODUCT §9).
 */
export function useScopeRequestDetails(workspaceId: string, requestIds: readonly string[]) {
  return useQueries({
    queries: requestIds.map((requestId) =>
      queryOptions({
        queryKey: ['workspaces', workspaceId, 'questions', 'detail', requestId],
        queryFn: () => api.get<QuestionRequestDetail>(`${workspacePath(workspaceId)}/question-requests/${encodeURIComponent(requestId)}`),
        meta: { errorToast: false },
        staleTime: 60_000,
      }),
    ),
  });
}

/** GET v1/workspaces/{id}/contacts?q&limit=20 → the people matching `q` for the step-1 people picker. */
export function useScopeContactSearch(workspaceId: string, q: string) {
  return useQuery({
    queryKey: ['workspaces', workspaceId, 'contacts', 'search', q.trim()],
    queryFn: () => api.get<ContactPage>(`${workspacePath(workspaceId)}/contacts`, { query: { q: q.trim() || undefined, limit: 20 } }),
    placeholderData: keepPreviousData,
    meta: { errorToast: false },
  });
}
