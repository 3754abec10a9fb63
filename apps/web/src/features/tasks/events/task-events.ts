import type { Task, TaskPage, WorkspaceEventOf } from '@tandem/contract';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { defineWorkspaceEventHandler, type WorkspaceEventContext } from '@/lib/events/event-handlers';
import { taskQueryOptions } from '../api/get-task';
import { TASK_MUTATION_KEY, taskListsQueryKey, tasksQueryKey } from '../api/get-tasks';
import { dropTask, mapTaskPages } from '../utils/task-cache';

type TaskLists = InfiniteData<TaskPage, string | undefined>;

/** The freshest copy of task `taskId` the cache holds (its detail, any list or board page), or undefined. */
export function findCachedTask(queryClient: QueryClient, workspaceId: string, taskId: string): Task | undefined {
  let freshest = queryClient.getQueryData(taskQueryOptions(workspaceId, taskId).queryKey);
  for (const [, lists] of queryClient.getQueriesData<TaskLists>({ queryKey: taskListsQueryKey(workspaceId) })) {
    for (const page of lists?.pages ?? []) {
      const task = page.items.find((item) => item.id === taskId);
      if (task && (!freshest || task.version > freshest.version)) freshest = task;
    }
  }
  return freshest;
}

/**
 * Applies `update` (task-cache's mapTaskPages callbacks) to every cached task list of the workspace,
 * writing only the lists it changes. A list still waiting for its refetch stays marked stale (a
 * write alone would make it look fresh and skip that refetch).
 */
function updateCachedLists(queryClient: QueryClient, workspaceId: string, update: (task: Task) => Task | null): void {
  for (const [queryKey, lists] of queryClient.getQueriesData<TaskLists>({ queryKey: taskListsQueryKey(workspaceId) })) {
    const next = mapTaskPages(lists, update);
    if (next === lists) continue;
    const isStale = queryClient.getQueryState(queryKey)?.isInvalidated === true;
    queryClient.setQueryData(queryKey, next);
    if (isStale) void queryClient.invalidateQueries({ queryKey, exact: true, refetchType: 'none' });
  }
}

/** True while one of the member's own task mutations in `workspaceId` has not settled. */
function hasPendingTaskMutation(queryClient: QueryClient, workspaceId: string): boolean {
  return queryClient
    .getMutationCache()
    .findAll({ mutationKey: TASK_MUTATION_KEY, status: 'pending' })
    .some((mutation) => (mutation.state.variables as { workspaceId?: string } | undefined)?.workspaceId === workspaceId);
}

/** Resolves once no task mutation of `workspaceId` is pending (their results are in the cache then). */
function waitForTaskMutations(queryClient: QueryClient, workspaceId: string): Promise<void> {
  return new Promise((resolve) => {
    const unsubscribe = queryClient.getMutationCache().subscribe(() => {
      if (hasPendingTaskMutation(queryClient, workspaceId)) return;
      unsubscribe();
      resolve();
    });
  });
}

/**
 * Brings the task caches up to date with one `task` event (contract TaskEventSchema), fetching
 * only what the cache does not hold yet:
 * - a `version` the cache already holds for that task (the member's own change, already written by
 *   its mutation) is skipped; a fresher cached copy only replaces older copies, without a request;
 * - a newer `updated` or an unknown `created` refetches the task (when its drawer is open) and the
 *   task lists on screen, so filters and sort order apply; lists off screen are marked stale;
 * - `deleted` drops the task from every list and board; an open drawer reloads and says it is gone.
 */
export function applyTaskEvent(event: WorkspaceEventOf<'task'>, { queryClient, workspaceId }: WorkspaceEventContext): void {
  const detailKey = taskQueryOptions(workspaceId, event.taskId).queryKey;
  const listsKey = taskListsQueryKey(workspaceId);
  const cached = findCachedTask(queryClient, workspaceId, event.taskId);

  if (event.action === 'deleted') {
    if (!cached) return;
    updateCachedLists(queryClient, workspaceId, dropTask(event.taskId));
    queryClient.removeQueries({ queryKey: detailKey, exact: true, type: 'inactive' });
    void queryClient.resetQueries({ queryKey: detailKey, exact: true });
    return;
  }

  if (cached && cached.version >= event.version) {
    updateCachedLists(queryClient, workspaceId, (task) => (task.id === cached.id && task.version < cached.version ? cached : task));
    const detail = queryClient.getQueryData(detailKey);
    if (detail && detail.version < cached.version) queryClient.setQueryData(detailKey, cached);
    return;
  }

  void queryClient.invalidateQueries({ queryKey: detailKey, exact: true });
  void queryClient.invalidateQueries({ queryKey: listsKey });
}

/**
 * The tasks feature's live updates (ARCHITECTURE "events"): each `task` event goes through
 * {@link applyTaskEvent}, after the member's own pending task changes have settled (their answer
 * carries the version the event announces). A reopened stream marks every task query stale and
 * refetches those on screen, as task events are not replayed.
 */
export const taskEventHandler = defineWorkspaceEventHandler({
  type: 'task',
  handle: (event, ctx) => {
    if (!hasPendingTaskMutation(ctx.queryClient, ctx.workspaceId)) return applyTaskEvent(event, ctx);
    void waitForTaskMutations(ctx.queryClient, ctx.workspaceId).then(() => applyTaskEvent(event, ctx));
  },
  onResync: ({ queryClient, workspaceId }) => void queryClient.invalidateQueries({ queryKey: tasksQueryKey(workspaceId) }),
});

/**
 * A member type change can widen or narrow which tasks a member may see (PRODUCT §6, contract
 * canSeeTask): every task query of the workspace is marked stale, those on screen refetch.
 */
export const taskVisibilityHandler = defineWorkspaceEventHandler({
  type: 'activity',
  handle: (event, { queryClient, workspaceId }) => {
    if (event.kind === 'MEMBER_ROLE_CHANGED') void queryClient.invalidateQueries({ queryKey: tasksQueryKey(workspaceId) });
  },
});

/** Every live-event handler of the tasks feature, as app/workspace-event-handlers.ts lists them. */
export const taskEventHandlers = [taskEventHandler, taskVisibilityHandler];
