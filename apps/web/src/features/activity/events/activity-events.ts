import { defineWorkspaceEventHandler } from '@/lib/events/event-handlers';
import { markNewActivity } from '@/lib/session/session-store';
import { activityQueryOptions } from '../api/get-activity';

/**
 * The activity feature's live updates (ARCHITECTURE "events"; seed §4 new-activity indicator):
 * - `activity`: the feed refetches where it is shown (header panel, dashboard) and is stale
 *   elsewhere; another member's (or the system's) item lights the header's dot through
 *   `markNewActivity`, without reloading the profile; the member's own doing never does (seed §3:
 *   an item is unread only when it is someone else's).
 * - resync: the feed's first page is read again and any unread item lights the dot, as a gap
 *   longer than the server's replay (100 items) could hide one.
 */
export const activityEventHandler = defineWorkspaceEventHandler({
  type: 'activity',
  handle: (event, { queryClient, workspaceId, memberId }) => {
    if (event.actorMemberId === null || event.actorMemberId !== memberId) markNewActivity();
    void queryClient.invalidateQueries({ queryKey: activityQueryOptions(workspaceId).queryKey });
  },
  onResync: ({ queryClient, workspaceId }) => {
    void queryClient
      .fetchInfiniteQuery(activityQueryOptions(workspaceId))
      .then((feed) => {
        if (feed.pages[0]?.items.some((item) => item.isUnread)) markNewActivity();
      })
      .catch(() => undefined);
  },
});
