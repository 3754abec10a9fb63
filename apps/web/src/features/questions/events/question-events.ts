import type { WorkspaceEventOf } from '@tandem/contract';
import { defineWorkspaceEventHandler, type WorkspaceEventContext } from '@/lib/events/event-handlers';
import { questionsQueryKey, requestListsQueryKey, requestQueryKey, waitingOnQueryKey } from '../api/question-keys';

/**
 * Brings the question caches up to date with one `question` event (contract QuestionEventSchema;
 * issue #10 "live"): every action refreshes the request lists and "Waiting on"; any action but
 * `created` refetches that request's detail (answers, recipient state, reminders, revokes, send,
 * close) — except `updated` when the cache already holds that version (the member's own autosave);
 * `deleted` drops nothing, the refetch then shows "not found".
 */
export function applyQuestionEvent(event: WorkspaceEventOf<'question'>, { queryClient, workspaceId }: WorkspaceEventContext): void {
  void queryClient.invalidateQueries({ queryKey: requestListsQueryKey(workspaceId) });
  void queryClient.invalidateQueries({ queryKey: waitingOnQueryKey(workspaceId) });
  if (event.action === 'created') return;
  const detailKey = requestQueryKey(workspaceId, event.requestId);
  const cached = queryClient.getQueryData<{ version: number }>(detailKey);
  if (event.action === 'updated' && cached && cached.version >= event.version) return;
  void queryClient.invalidateQueries({ queryKey: detailKey, exact: true });
}

/**
 * The questions feature's live updates (ARCHITECTURE "events"): each `question` event goes through
 * {@link applyQuestionEvent}; a reopened stream (events are not replayed) refreshes every question query.
 */
export const questionEventHandlers = [
  defineWorkspaceEventHandler({
    type: 'question',
    handle: (event, ctx) => applyQuestionEvent(event, ctx),
    onResync: ({ queryClient, workspaceId }: WorkspaceEventContext) =>
      void queryClient.invalidateQueries({ queryKey: questionsQueryKey(workspaceId) }),
  }),
];
