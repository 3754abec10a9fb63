import type { QuestionRequestPage } from '@tandem/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { contactsQueryKey } from './get-contacts';

/** The key of every person's request list in a workspace (refreshed by `question` events). */
export function contactRequestsQueryKey(workspaceId: string) {
  return [...contactsQueryKey(workspaceId), 'requests'] as const;
}

/**
 * GET v1/workspaces/{id}/question-requests?contactId → the requests sent to (or drafted for) one
 * person, newest change first, cursor pagination (contract ListQuestionRequestsQuerySchema).
 * Rejects 400 for a malformed id, 403 for a GUEST.
 */
export function getContactRequests(workspaceId: string, contactId: string, cursor?: string): Promise<QuestionRequestPage> {
  return api.get<QuestionRequestPage>(`v1/workspaces/${encodeURIComponent(workspaceId)}/question-requests`, {
    query: { contactId, limit: 25, cursor },
  });
}

/** Infinite-query options of {@link getContactRequests}. */
export function contactRequestsQueryOptions(workspaceId: string, contactId: string) {
  return infiniteQueryOptions({
    queryKey: [...contactRequestsQueryKey(workspaceId), contactId],
    queryFn: ({ pageParam }) => getContactRequests(workspaceId, contactId, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    meta: { errorToast: false },
  });
}

/** Query hook of {@link getContactRequests}. */
export function useContactRequests(workspaceId: string, contactId: string) {
  return useInfiniteQuery(contactRequestsQueryOptions(workspaceId, contactId));
}
