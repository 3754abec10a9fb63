import type { WorkspaceEventOf } from '@tandem/contract';
import { defineWorkspaceEventHandler, type WorkspaceEventContext } from '@/lib/events/event-handlers';
import { contactQueryOptions } from '../api/get-contact';
import { contactRequestsQueryKey } from '../api/get-contact-requests';
import { contactTimelineQueryKey, contactTimelinesQueryKey } from '../api/get-contact-timeline';
import { contactListsQueryKey, contactsQueryKey } from '../api/get-contacts';

/**
 * Brings the people caches up to date with one `contact` event (contract ContactEventSchema; issue
 * #10 "contact replies from the public page appear live"): `message` refetches that person's
 * timeline; `created`, `updated` and `deleted` refresh the lists, and the last two the profile.
 */
export function applyContactEvent(event: WorkspaceEventOf<'contact'>, { queryClient, workspaceId }: WorkspaceEventContext): void {
  if (event.action === 'message') {
    void queryClient.invalidateQueries({ queryKey: contactTimelineQueryKey(workspaceId, event.contactId) });
    return;
  }
  void queryClient.invalidateQueries({ queryKey: contactListsQueryKey(workspaceId) });
  if (event.action !== 'created') {
    void queryClient.invalidateQueries({ queryKey: contactQueryOptions(workspaceId, event.contactId).queryKey, exact: true });
  }
}

/**
 * A `question` event (a request sent, closed, answered…) changes the timelines, the profiles'
 * request lists and the people's open-request counts: those refresh (the open ones refetch).
 */
export function applyQuestionEventToContacts(
  _event: WorkspaceEventOf<'question'>,
  { queryClient, workspaceId }: WorkspaceEventContext,
): void {
  void queryClient.invalidateQueries({ queryKey: contactTimelinesQueryKey(workspaceId) });
  void queryClient.invalidateQueries({ queryKey: contactRequestsQueryKey(workspaceId) });
  void queryClient.invalidateQueries({ queryKey: contactListsQueryKey(workspaceId) });
}

/**
 * The people feature's live updates (ARCHITECTURE "events"): `contact` and `question` events as
 * above; a reopened stream (events are not replayed) refreshes every people query.
 */
export const contactEventHandlers = [
  defineWorkspaceEventHandler({
    type: 'contact',
    handle: (event, ctx) => applyContactEvent(event, ctx),
    onResync: ({ queryClient, workspaceId }: WorkspaceEventContext) =>
      void queryClient.invalidateQueries({ queryKey: contactsQueryKey(workspaceId) }),
  }),
  defineWorkspaceEventHandler({
    type: 'question',
    handle: (event, ctx) => applyQuestionEventToContacts(event, ctx),
  }),
];
