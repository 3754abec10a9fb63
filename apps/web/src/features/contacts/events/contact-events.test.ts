import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { contactQueryOptions } from '../api/get-contact';
import { contactRequestsQueryOptions } from '../api/get-contact-requests';
import { contactTimelineQueryKey } from '../api/get-contact-timeline';
import { contactListsQueryKey } from '../api/get-contacts';
import { applyContactEvent, applyQuestionEventToContacts } from './contact-events';

const WORKSPACE_ID = '00000000-0000-4000-8000-0000000000aa';
const DANA = '00000000-0000-4000-8000-000000000001';
const FOX = '00000000-0000-4000-8000-000000000002';

/** A query client holding every people query of both contacts, none stale. */
function seededClient() {
  const queryClient = new QueryClient();
  for (const key of [
    [...contactListsQueryKey(WORKSPACE_ID), { q: '', tag: '' }],
    contactQueryOptions(WORKSPACE_ID, DANA).queryKey,
    contactQueryOptions(WORKSPACE_ID, FOX).queryKey,
    contactTimelineQueryKey(WORKSPACE_ID, DANA),
    contactTimelineQueryKey(WORKSPACE_ID, FOX),
    contactRequestsQueryOptions(WORKSPACE_ID, DANA).queryKey,
  ]) {
    queryClient.setQueryData(key, {});
  }
  return queryClient;
}
const isStale = (queryClient: QueryClient, key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated ?? false;
const contactEvent = (action: 'created' | 'updated' | 'deleted' | 'message') => ({
  type: 'contact' as const,
  workspaceId: WORKSPACE_ID,
  contactId: DANA,
  action,
  messageId: action === 'message' ? '00000000-0000-4000-8000-000000000801' : null,
  actorMemberId: null,
});

describe('contact events (issue #10 live chat)', () => {
  it('refreshes only that person’s timeline on a message', () => {
    const queryClient = seededClient();
    applyContactEvent(contactEvent('message'), { queryClient, workspaceId: WORKSPACE_ID, memberId: null });
    expect(isStale(queryClient, contactTimelineQueryKey(WORKSPACE_ID, DANA))).toBe(true);
    expect(isStale(queryClient, contactTimelineQueryKey(WORKSPACE_ID, FOX))).toBe(false);
    expect(isStale(queryClient, contactQueryOptions(WORKSPACE_ID, DANA).queryKey)).toBe(false);
  });

  it('refreshes the lists and that profile on an update', () => {
    const queryClient = seededClient();
    applyContactEvent(contactEvent('updated'), { queryClient, workspaceId: WORKSPACE_ID, memberId: null });
    expect(isStale(queryClient, [...contactListsQueryKey(WORKSPACE_ID), { q: '', tag: '' }])).toBe(true);
    expect(isStale(queryClient, contactQueryOptions(WORKSPACE_ID, DANA).queryKey)).toBe(true);
    expect(isStale(queryClient, contactQueryOptions(WORKSPACE_ID, FOX).queryKey)).toBe(false);
  });

  it('refreshes every timeline and request list on a question event', () => {
    const queryClient = seededClient();
    applyQuestionEventToContacts(
      {
        type: 'question',
        workspaceId: WORKSPACE_ID,
        requestId: '00000000-0000-4000-8000-000000000501',
        action: 'answers',
        recipientId: null,
        version: 2,
        actorMemberId: null,
      },
      { queryClient, workspaceId: WORKSPACE_ID, memberId: null },
    );
    expect(isStale(queryClient, contactTimelineQueryKey(WORKSPACE_ID, FOX))).toBe(true);
    expect(isStale(queryClient, contactRequestsQueryOptions(WORKSPACE_ID, DANA).queryKey)).toBe(true);
    expect(isStale(queryClient, contactQueryOptions(WORKSPACE_ID, DANA).queryKey)).toBe(false);
  });
});
