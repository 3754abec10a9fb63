import type { WorkspaceEventOf } from '@tandem/contract';
import { defineWorkspaceEventHandler, type WorkspaceEventContext } from '@/lib/events/event-handlers';
import { summariesQueryKey, summaryListsQueryKey, summaryQueryKey, summaryViewsQueryKey } from '../api/summary-keys';

/**
 * Brings the summary caches up to date with one `summary` event (contract SummaryEventSchema; issue
 * #11 "live"): every action refreshes the lists; any action but `created` refetches that summary —
 * except `updated` when the cache already holds that version (the member's own save); `deleted`
 * drops nothing, the refetch then shows "not found".
 */
export function applySummaryEvent(event: WorkspaceEventOf<'summary'>, { queryClient, workspaceId }: WorkspaceEventContext): void {
  void queryClient.invalidateQueries({ queryKey: summaryListsQueryKey(workspaceId) });
  if (event.action === 'created') return;
  const detailKey = summaryQueryKey(workspaceId, event.summaryId);
  const cached = queryClient.getQueryData<{ version: number }>(detailKey);
  if (event.action === 'updated' && cached && cached.version >= event.version) return;
  void queryClient.invalidateQueries({ queryKey: detailKey, exact: true });
  void queryClient.invalidateQueries({ queryKey: summaryViewsQueryKey(workspaceId, event.summaryId) });
}

/**
 * New answers change a summary's freshness ("N new answers since…"): a `question` event refreshes
 * the summary lists and details (cheap: only the ones on screen refetch).
 */
export function applyQuestionEventToSummaries(
  _event: WorkspaceEventOf<'question'>,
  { queryClient, workspaceId }: WorkspaceEventContext,
): void {
  void queryClient.invalidateQueries({ queryKey: summariesQueryKey(workspaceId) });
}

/**
 * The summaries feature's live updates (ARCHITECTURE "events"): `summary` events through
 * {@link applySummaryEvent}, `question` events through {@link applyQuestionEventToSummaries}; a
 * reopened stream (events are not replayed) refreshes every summary query.
 */
export const summaryEventHandlers = [
  defineWorkspaceEventHandler({
    type: 'summary',
    handle: (event, ctx) => applySummaryEvent(event, ctx),
    onResync: ({ queryClient, workspaceId }: WorkspaceEventContext) =>
      void queryClient.invalidateQueries({ queryKey: summariesQueryKey(workspaceId) }),
  }),
  defineWorkspaceEventHandler({
    type: 'question',
    handle: (event, ctx) => applyQuestionEventToSummaries(event, ctx),
  }),
];
