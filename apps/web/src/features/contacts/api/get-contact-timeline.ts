import type { TimelinePage } from '@tandem/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { contactsPath, contactsQueryKey } from './get-contacts';

/** Timeline entries per page of the chat. */
export const TIMELINE_PAGE_SIZE = 50;

/** The key of every timeline of a workspace (refreshed by `question` events). */
export function contactTimelinesQueryKey(workspaceId: string) {
  return [...contactsQueryKey(workspaceId), 'timeline'] as const;
}

/** The key of one contact's timeline. */
export function contactTimelineQueryKey(workspaceId: string, contactId: string) {
  return [...contactTimelinesQueryKey(workspaceId), contactId] as const;
}

/**
 * GET v1/workspaces/{id}/contacts/{contactId}/timeline?limit&cursor → one page of entries, newest
 * first (REQUEST_SENT, ANSWERS, MESSAGE; contract TimelineEntrySchema); `nextCursor` = older.
 * Rejects 404 for an unknown contact, 403 for a GUEST.
 */
export function getContactTimeline(workspaceId: string, contactId: string, cursor?: string): Promise<TimelinePage> {
  return api.get<TimelinePage>(`${contactsPath(workspaceId, contactId)}/timeline`, { query: { limit: TIMELINE_PAGE_SIZE, cursor } });
}

/** Infinite-query options of {@link getContactTimeline}: each next page is older ("Load earlier"). */
export function contactTimelineQueryOptions(workspaceId: string, contactId: string) {
  return infiniteQueryOptions({
    queryKey: contactTimelineQueryKey(workspaceId, contactId),
    queryFn: ({ pageParam }) => getContactTimeline(workspaceId, contactId, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    meta: { errorToast: false },
  });
}

/** Query hook of {@link getContactTimeline}. */
export function useContactTimeline(workspaceId: string, contactId: string) {
  return useInfiniteQuery(contactTimelineQueryOptions(workspaceId, contactId));
}
