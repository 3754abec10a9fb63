import { QueryClient } from '@tanstack/react-query';
import type { WorkspaceEventOf } from '@tandem/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import type { WorkspaceEventContext } from '@/lib/events/event-handlers';
import { requestListsQueryKey, requestQueryKey, waitingOnQueryKey } from '../api/question-keys';
import { uuid } from '../testing/make-request';
import { applyQuestionEvent, questionEventHandlers } from './question-events';

const workspaceId = 'w1';
const requestId = uuid(1);
let queryClient: QueryClient;
let ctx: WorkspaceEventContext;

const event = (action: WorkspaceEventOf<'question'>['action'], version = 2): WorkspaceEventOf<'question'> => ({
  type: 'question',
  workspaceId,
  requestId,
  action,
  recipientId: action === 'answers' ? uuid(201) : null,
  version,
  actorMemberId: null,
});
const isStale = (key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated ?? false;

beforeEach(() => {
  queryClient = new QueryClient();
  ctx = { queryClient, workspaceId, memberId: 'm1' } as WorkspaceEventContext;
  queryClient.setQueryData(requestQueryKey(workspaceId, requestId), { version: 2 });
  queryClient.setQueryData([...requestListsQueryKey(workspaceId), {}], { pages: [] });
  queryClient.setQueryData([...waitingOnQueryKey(workspaceId), 25], { items: [] });
});

describe('question events (issue #10: the detail is live)', () => {
  it('refreshes the detail, the lists and waiting-on when answers come in', () => {
    applyQuestionEvent(event('answers', 2), ctx);
    expect(isStale(requestQueryKey(workspaceId, requestId))).toBe(true);
    expect(isStale([...requestListsQueryKey(workspaceId), {}])).toBe(true);
    expect(isStale([...waitingOnQueryKey(workspaceId), 25])).toBe(true);
  });

  it('leaves the detail alone for an edit it already holds (the own autosave)', () => {
    applyQuestionEvent(event('updated', 2), ctx);
    expect(isStale(requestQueryKey(workspaceId, requestId))).toBe(false);
    applyQuestionEvent(event('updated', 3), ctx);
    expect(isStale(requestQueryKey(workspaceId, requestId))).toBe(true);
  });

  it('a created request refreshes only the lists', () => {
    applyQuestionEvent(event('created', 1), ctx);
    expect(isStale(requestQueryKey(workspaceId, requestId))).toBe(false);
    expect(isStale([...requestListsQueryKey(workspaceId), {}])).toBe(true);
  });

  it('is registered for `question` events and resyncs every question query', () => {
    const [handler] = questionEventHandlers;
    expect(handler?.type).toBe('question');
    handler?.onResync?.(ctx);
    expect(isStale(requestQueryKey(workspaceId, requestId))).toBe(true);
  });
});
