import type { ActivityKind } from '@tandem/contract';
import { defineWorkspaceEventHandler, type WorkspaceEventContext } from '@/lib/events/event-handlers';
import { dashboardQueryKey } from '../api/get-dashboard';

/**
 * Activity kinds that change what the dashboard's own query shows (contract DashboardSchema): a
 * member type change can widen or narrow the tasks a member may see (PRODUCT §6), so every count
 * and list. Task-related kinds (TASK_ASSIGNED, TASK_DONE) arrive together with a `task` event and
 * need no second refetch; the "Recent activity" list reads the activity feed, which the activity
 * feature refreshes itself.
 */
export const DASHBOARD_ACTIVITY_KINDS: ReadonlySet<ActivityKind> = new Set<ActivityKind>(['MEMBER_ROLE_CHANGED']);

const refetchDashboard = ({ queryClient, workspaceId }: WorkspaceEventContext) =>
  void queryClient.invalidateQueries({ queryKey: dashboardQueryKey(workspaceId) });

/**
 * The dashboard's live updates (ARCHITECTURE "events"), only for events that concern what it
 * shows: every `task` event (the server sends only tasks the member may see, and each of them
 * counts in the charts and may be in a list), every `brief` event (the brief lists), and the activity kinds of
 * {@link DASHBOARD_ACTIVITY_KINDS}. The query refetches when the dashboard is on screen and is
 * marked stale otherwise. A reopened stream refetches it too.
 */
export const dashboardEventHandlers = [
  defineWorkspaceEventHandler({ type: 'task', handle: (_event, ctx) => refetchDashboard(ctx), onResync: refetchDashboard }),
  // Briefs for today, awaiting acknowledgement and needs more (issue #9) follow every brief event.
  defineWorkspaceEventHandler({ type: 'brief', handle: (_event, ctx) => refetchDashboard(ctx) }),
  // Waiting on and new answers (issue #10) follow every question event.
  defineWorkspaceEventHandler({ type: 'question', handle: (_event, ctx) => refetchDashboard(ctx) }),
  defineWorkspaceEventHandler({
    type: 'activity',
    handle: (event, ctx) => {
      if (DASHBOARD_ACTIVITY_KINDS.has(event.kind)) refetchDashboard(ctx);
    },
  }),
];
