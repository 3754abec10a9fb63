import type { Brief, WorkspaceEventOf } from '@tandem/contract';
import { defineWorkspaceEventHandler, type WorkspaceEventContext } from '@/lib/events/event-handlers';
import { briefQueryOptions } from '../api/get-brief';
import { briefListsQueryKey, briefsQueryKey } from '../api/get-briefs';
import { briefVersionsQueryKey } from '../api/get-brief-versions';

/**
 * Brings the brief caches up to date with one `brief` event (contract BriefEventSchema; issue #9
 * "marks, status changes and edits by others appear without reload"):
 * - every action refreshes the brief lists on screen (others are marked stale);
 * - `updated` refetches the brief unless the cache already holds that version (the member's own
 *   save, written by its mutation), and its history;
 * - `status` and `marked` refetch the brief unless the member did it (their mutation wrote the answer);
 * - `deleted` refetches it too: the open editor keeps its text and says the brief is gone.
 * The editor decides what to do with someone else's newer content (hooks/use-brief-autosave.ts).
 */
export function applyBriefEvent(event: WorkspaceEventOf<'brief'>, { queryClient, workspaceId, memberId }: WorkspaceEventContext): void {
  void queryClient.invalidateQueries({ queryKey: briefListsQueryKey(workspaceId) });
  if (event.action === 'created') return;
  const detailKey = briefQueryOptions(workspaceId, event.briefId).queryKey;
  const cached = queryClient.getQueryData<Brief>(detailKey);
  const isOwn = event.actorMemberId !== null && event.actorMemberId === memberId;
  if (event.action === 'updated') {
    void queryClient.invalidateQueries({ queryKey: briefVersionsQueryKey(workspaceId, event.briefId) });
    if (cached && cached.version >= event.version) return;
  } else if ((event.action === 'status' || event.action === 'marked') && isOwn && cached && cached.status === event.status) {
    return;
  }
  void queryClient.invalidateQueries({ queryKey: detailKey, exact: true });
}

/**
 * The briefs feature's live updates (ARCHITECTURE "events"): each `brief` event goes through
 * {@link applyBriefEvent}; a reopened stream (events are not replayed) and a member type change
 * (a GUEST sees READY and ACKNOWLEDGED briefs only, PRODUCT §6) refresh every brief query.
 */
export const briefEventHandlers = [
  defineWorkspaceEventHandler({
    type: 'brief',
    handle: (event, ctx) => applyBriefEvent(event, ctx),
    onResync: ({ queryClient, workspaceId }: WorkspaceEventContext) =>
      void queryClient.invalidateQueries({ queryKey: briefsQueryKey(workspaceId) }),
  }),
  defineWorkspaceEventHandler({
    type: 'activity',
    handle: (event, { queryClient, workspaceId }) => {
      if (event.kind === 'MEMBER_ROLE_CHANGED') void queryClient.invalidateQueries({ queryKey: briefsQueryKey(workspaceId) });
    },
  }),
];
