import type { QuestionRequestPage } from '@tandem/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

// What step 1 chooses from (issue #11), read through this feature's own calls (features reach each
// other only through index.ts) under the workspace's 'questions' keys, so question events refresh them.

const requestsPath = (workspaceId: string) => `v1/workspaces/${encodeURIComponent(workspaceId)}/question-requests`;

/** Requests per page of the step-1 request picker. */
export const SCOPE_REQUESTS_PAGE_SIZE = 25;

/**
 * GET v1/workspaces/{id}/question-requests?status=SENT,CLOSED&sort=updatedAt → one page of the
 * requests a summary can cover (drafts have no answers). 403 for a GUEST.
 */
export function getScopeRequests(workspaceId: string, cursor?: string): Promise<QuestionRequestPage> {
  return api.get<QuestionRequestPage>(requestsPath(workspaceId), {
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
