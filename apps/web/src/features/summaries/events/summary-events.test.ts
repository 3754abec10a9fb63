import { QueryClient } from '@tanstack/react-query';
import type { WorkspaceEventOf } from '@tandem/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import type { WorkspaceEventContext } from '@/lib/events/event-handlers';
import { summaryListsQueryKey, summaryQueryKey } from '../api/summary-keys';
import { uuid } from '../testing/make-summary';
import { applyQuestionEventToSummaries, applySummaryEvent } from './summary-events';

const workspaceId = 'w1';
const summaryId = uuid(900);
let queryClient: QueryClient;
let ctx: WorkspaceEventContext;

const event = (action: WorkspaceEventOf<'summary'>['action'], version = 2): WorkspaceEventOf<'summary'> => ({
  type: 'summary',
  workspaceId,
  summaryId,
  action,
  version,
  actorMemberId: null,
});
const isStale = (key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated ?? false;

beforeEach(() => {
  queryClient = new QueryClient();
  ctx = { queryClient, workspaceId, memberId: 'm1' } as WorkspaceEventContext;
  queryClient.setQueryData(summaryQueryKey(workspaceId, summaryId), { version: 2 });
  queryClient.setQueryData([...summaryListsQueryKey(workspaceId), {}], { pages: [] });
});

describe('summary events (issue #11: list and detail are live)', () => {
  it('refreshes the detail and the lists when a summary is published', () => {
    applySummaryEvent(event('published', 3), ctx);
    expect(isStale(summaryQueryKey(workspaceId, summaryId))).toBe(true);
    expect(isStale([...summaryListsQueryKey(workspaceId), {}])).toBe(true);
  });

  it('keeps the detail of the member’s own save (the cache already holds that version)', () => {
    applySummaryEvent(event('updated', 2), ctx);
    expect(isStale(summaryQueryKey(workspaceId, summaryId))).toBe(false);
    expect(isStale([...summaryListsQueryKey(workspaceId), {}])).toBe(true);
  });

  it('refreshes freshness when answers come in', () => {
    applyQuestionEventToSummaries(
      { type: 'question', workspaceId, requestId: uuid(1), action: 'answers', recipientId: uuid(201), version: 2, actorMemberId: null },
      ctx,
    );
    expect(isStale(summaryQueryKey(workspaceId, summaryId))).toBe(true);
  });
});
