import type { ActivityKind, Dashboard, WorkspaceEvent } from '@tandem/contract';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { markNewActivity, reloadProfile } from '@/lib/session/session-store';
import { activityQueryOptions } from '@/features/activity/api/get-activity';
import { dashboardQueryOptions } from '@/features/dashboard/api/get-dashboard';
import { membersQueryOptions } from '@/features/workspaces/api/get-members';
import { slackChannelsQueryOptions } from '@/features/slack/api/get-slack-channels';
import { slackStatusQueryOptions } from '@/features/slack/api/get-slack-status';
import { api } from '@/lib/api-client';
import { dispatchWorkspaceEvent, resyncWorkspaceEventHandlers, type WorkspaceEventContext } from '@/lib/events/event-handlers';
import { workspaceEventHandlers } from './workspace-event-handlers';

vi.mock('@/lib/api-client', () => ({ api: { get: vi.fn() } }));
vi.mock('@/lib/session/session-store', () => ({ markNewActivity: vi.fn(), reloadProfile: vi.fn(async () => undefined) }));

const workspaceId = 'w1';
const me = 'member-me';
const today = '2026-03-10';
const getMock = vi.mocked(api.get);

const dashboard: Dashboard = {
  today,
  dueToday: [],
  overdue: [],
  overdueUnassigned: [],
  delegatedWaiting: [],
  briefsForToday: [],
  awaitingAcknowledgement: [],
  needsMore: [],
  waitingOn: [],
  newAnswers: [],
  totals: {
    dueToday: 0,
    overdue: 0,
    overdueUnassigned: 0,
    delegatedWaiting: 0,
    briefsForToday: 0,
    awaitingAcknowledgement: 0,
    needsMore: 0,
    waitingOn: 0,
    newAnswers: 0,
  },
  createdVsDone: [],
  openByAssignee: [],
};

const activity = (kind: ActivityKind, actorMemberId: string | null): WorkspaceEvent => ({
  type: 'activity',
  workspaceId,
  itemId: 'item-1',
  kind,
  actorMemberId,
});
const taskEvent = (taskId: string): WorkspaceEvent => ({ type: 'task', workspaceId, taskId, action: 'updated', version: 2 });

let queryClient: QueryClient;
let ctx: WorkspaceEventContext;
const unsubscribers: (() => void)[] = [];
const dispatch = (event: WorkspaceEvent) => dispatchWorkspaceEvent(workspaceEventHandlers, event, ctx);
const pathsFetched = () => getMock.mock.calls.map(([path]) => path);
const settled = () => vi.waitFor(() => expect(queryClient.isFetching()).toBe(0));

beforeEach(async () => {
  vi.mocked(markNewActivity).mockClear();
  vi.mocked(reloadProfile).mockClear();
  getMock.mockReset();
  getMock.mockImplementation(async (path: string) => {
    if (path.endsWith('/dashboard')) return dashboard as never;
    if (path.endsWith('/members')) return { items: [], nextCursor: null } as never;
    if (path.endsWith('/activity')) return { items: [], nextCursor: null } as never;
    return { items: [], nextCursor: null } as never;
  });
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  ctx = { queryClient, workspaceId, memberId: me };
  // The dashboard, its recent activity and the member list are on screen.
  for (const options of [dashboardQueryOptions(workspaceId, today), membersQueryOptions(workspaceId)]) {
    const observer = new QueryObserver(queryClient, options as never);
    unsubscribers.push(observer.subscribe(() => undefined));
  }
  await queryClient.prefetchInfiniteQuery(activityQueryOptions(workspaceId));
  await settled();
  getMock.mockClear();
});

afterEach(() => {
  unsubscribers.splice(0).forEach((unsubscribe) => unsubscribe());
  queryClient.clear();
});

describe('the app’s workspace event handlers', () => {
  it('lights the new-activity flag for another member’s activity, without reloading the profile', async () => {
    dispatch(activity('TASK_DONE', 'member-other'));
    await settled();
    expect(markNewActivity).toHaveBeenCalledTimes(1);
    expect(reloadProfile).not.toHaveBeenCalled();
    expect(queryClient.getQueryState(activityQueryOptions(workspaceId).queryKey)?.isInvalidated).toBe(true);
  });

  it('leaves the flag alone for the member’s own activity, but still refreshes the feed', async () => {
    dispatch(activity('TASK_DONE', me));
    await settled();
    expect(markNewActivity).not.toHaveBeenCalled();
    expect(queryClient.getQueryState(activityQueryOptions(workspaceId).queryKey)?.isInvalidated).toBe(true);
  });

  it('refreshes the member list and the profile for membership activity only', async () => {
    dispatch(activity('MEMBER_JOINED', 'member-other'));
    await settled();
    expect(pathsFetched()).toContain(`v1/workspaces/${workspaceId}/members`);
    expect(reloadProfile).toHaveBeenCalledTimes(1);

    getMock.mockClear();
    dispatch(activity('BRIEF_READY', 'member-other'));
    await settled();
    expect(pathsFetched()).not.toContain(`v1/workspaces/${workspaceId}/members`);
    expect(reloadProfile).toHaveBeenCalledTimes(1);
  });

  it('leaves the dashboard untouched by activity it does not show', async () => {
    for (const kind of ['TASK_DONE', 'TASK_ASSIGNED', 'BRIEF_READY', 'MEMBER_JOINED', 'CHAT_REPLY'] as const) {
      dispatch(activity(kind, 'member-other'));
    }
    await settled();
    expect(pathsFetched()).not.toContain(`v1/workspaces/${workspaceId}/dashboard`);
  });

  it('refetches the dashboard once for a task event and for a member type change', async () => {
    dispatch(taskEvent('t1'));
    await settled();
    expect(pathsFetched().filter((path) => path.endsWith('/dashboard'))).toHaveLength(1);

    getMock.mockClear();
    dispatch(activity('MEMBER_ROLE_CHANGED', 'member-other'));
    await settled();
    expect(pathsFetched().filter((path) => path.endsWith('/dashboard'))).toHaveLength(1);
  });

  it('refetches the dashboard once for a brief event (briefs for today, awaiting acknowledgement, needs more)', async () => {
    dispatch({ type: 'brief', workspaceId, briefId: 'b1', action: 'marked', version: 1, status: 'READY', actorMemberId: 'member-other' });
    await settled();
    expect(pathsFetched().filter((path) => path.endsWith('/dashboard'))).toHaveLength(1);
  });

  it('refreshes the Slack status and channels for a `slack` event (e.g. the app was uninstalled in Slack)', async () => {
    const slackStatus = { configured: true, missingSettings: [], planAllows: true, canConnect: true, connection: null };
    getMock.mockImplementation(async (path: string) => (path.endsWith('/slack') ? (slackStatus as never) : ({ items: [] } as never)));
    // The Slack tab and a summary's channel picker are on screen.
    for (const options of [slackStatusQueryOptions(workspaceId), slackChannelsQueryOptions(workspaceId)]) {
      unsubscribers.push(new QueryObserver(queryClient, options as never).subscribe(() => undefined));
    }
    await settled();
    getMock.mockClear();

    dispatch({ type: 'slack', workspaceId, action: 'disconnected', actorMemberId: null });
    await settled();
    expect(pathsFetched().sort()).toEqual([`v1/workspaces/${workspaceId}/slack`, `v1/workspaces/${workspaceId}/slack/channels`]);

    getMock.mockClear();
    dispatch({ type: 'slack', workspaceId: 'w2', action: 'connected', actorMemberId: null });
    await settled();
    expect(getMock).not.toHaveBeenCalled();
  });

  it('ignores an event of another workspace', async () => {
    dispatch({ ...taskEvent('t1'), workspaceId: 'w2' });
    dispatch({ ...activity('MEMBER_JOINED', 'member-other'), workspaceId: 'w2' });
    await settled();
    expect(getMock).not.toHaveBeenCalled();
    expect(markNewActivity).not.toHaveBeenCalled();
  });

  it('refetches what is on screen after a resync, and lights the flag when the feed has unread items', async () => {
    getMock.mockImplementation(async (path: string) => {
      if (path.endsWith('/dashboard')) return dashboard as never;
      if (path.endsWith('/activity')) {
        const item = { id: 'i1', kind: 'TASK_DONE', actor: null, subject: {}, createdAt: '2026-03-10T12:00:00.000Z', isUnread: true };
        return { items: [item], nextCursor: null } as never;
      }
      return { items: [], nextCursor: null } as never;
    });
    resyncWorkspaceEventHandlers(workspaceEventHandlers, ctx);
    await settled();
    expect(pathsFetched()).toEqual(
      expect.arrayContaining([
        `v1/workspaces/${workspaceId}/dashboard`,
        `v1/workspaces/${workspaceId}/members`,
        `v1/workspaces/${workspaceId}/activity`,
      ]),
    );
    await vi.waitFor(() => expect(markNewActivity).toHaveBeenCalledTimes(1));
  });
});
