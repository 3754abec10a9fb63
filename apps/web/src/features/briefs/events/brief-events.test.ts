import type { Brief, BriefPage, WorkspaceEventOf } from '@tandem/contract';
import { InfiniteQueryObserver, QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api-client';
import type { WorkspaceEventContext } from '@/lib/events/event-handlers';
import { briefQueryOptions } from '../api/get-brief';
import { briefsQueryOptions } from '../api/get-briefs';
import { makeBrief } from '../testing/make-brief';
import { applyBriefEvent } from './brief-events';

vi.mock('@/lib/api-client', () => ({ api: { get: vi.fn() } }));

const workspaceId = 'w1';
const me = 'm1';
const getMock = vi.mocked(api.get);
let server: Map<string, Brief>;
let queryClient: QueryClient;
let ctx: WorkspaceEventContext;
const unsubscribers: (() => void)[] = [];

const briefEvent = (
  action: WorkspaceEventOf<'brief'>['action'],
  version: number,
  actorMemberId: string | null = 'm2',
): WorkspaceEventOf<'brief'> => ({
  type: 'brief',
  workspaceId,
  briefId: 'b1',
  action,
  version,
  status: 'DRAFT',
  actorMemberId,
});
const settled = () => vi.waitFor(() => expect(queryClient.isFetching()).toBe(0));
const fetched = () => getMock.mock.calls.map(([path]) => path);
const detailPath = `v1/workspaces/${workspaceId}/briefs/b1`;
const listPath = `v1/workspaces/${workspaceId}/briefs`;

beforeEach(async () => {
  server = new Map([['b1', makeBrief('b1', { version: 2 })]]);
  getMock.mockReset();
  getMock.mockImplementation(async (path: string) => {
    if (path === detailPath) return server.get('b1') as never;
    const page: BriefPage = { items: [], nextCursor: null };
    return page as never;
  });
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  ctx = { queryClient, workspaceId, memberId: me };
  // The open brief and a list are on screen.
  unsubscribers.push(new QueryObserver(queryClient, briefQueryOptions(workspaceId, 'b1')).subscribe(() => undefined));
  unsubscribers.push(
    new InfiniteQueryObserver(queryClient, briefsQueryOptions(workspaceId, { sort: 'updatedAt' })).subscribe(() => undefined),
  );
  await settled();
  getMock.mockClear();
});

afterEach(() => {
  unsubscribers.splice(0).forEach((unsubscribe) => unsubscribe());
  queryClient.clear();
});

describe('live brief events (issue #9)', () => {
  it('refetches the open brief and the list for someone else’s newer save', async () => {
    server.set('b1', makeBrief('b1', { version: 3, title: 'Renamed' }));
    applyBriefEvent(briefEvent('updated', 3), ctx);
    await settled();
    expect(fetched()).toEqual(expect.arrayContaining([detailPath, listPath]));
    expect(queryClient.getQueryData<Brief>(briefQueryOptions(workspaceId, 'b1').queryKey)?.title).toBe('Renamed');
  });

  it('skips the brief when the cache already holds that version (the member’s own save)', async () => {
    applyBriefEvent(briefEvent('updated', 2, me), ctx);
    await settled();
    expect(fetched()).toEqual([listPath]);
  });

  it('refetches the brief for another person’s mark or status change, not for the member’s own', async () => {
    applyBriefEvent(briefEvent('marked', 2, 'm2'), ctx);
    await settled();
    expect(fetched()).toContain(detailPath);
    getMock.mockClear();
    applyBriefEvent(briefEvent('status', 2, me), ctx);
    await settled();
    expect(fetched()).toEqual([listPath]);
  });

  it('only refreshes the lists for a new brief', async () => {
    applyBriefEvent({ ...briefEvent('created', 1), briefId: 'b2' }, ctx);
    await settled();
    expect(fetched()).toEqual([listPath]);
  });
});
