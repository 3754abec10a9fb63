import type { Task, TaskPage, WorkspaceEventOf } from '@tandem/contract';
import { InfiniteQueryObserver, MutationObserver, QueryClient, QueryObserver, type InfiniteData } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api-client';
import type { WorkspaceEventContext } from '@/lib/events/event-handlers';
import { taskQueryOptions } from '../api/get-task';
import { TASK_MUTATION_KEY, tasksQueryOptions } from '../api/get-tasks';
import { findCachedTask, taskEventHandler } from './task-events';
import { makeTask } from '../testing/make-task';

vi.mock('@/lib/api-client', () => ({ api: { get: vi.fn() } }));

const workspaceId = 'w1';
const params = { sort: 'dueDate', order: 'asc' };

const task = (id: string, version: number, patch: Partial<Task> = {}): Task => makeTask(id, { version, ...patch });

const taskEvent = (taskId: string, action: 'created' | 'updated' | 'deleted', version: number): WorkspaceEventOf<'task'> => ({
  type: 'task',
  workspaceId,
  taskId,
  action,
  version,
});

type TaskLists = InfiniteData<TaskPage, string | undefined>;

/** What the server holds, as GET tasks and GET tasks/{id} answer it. */
let server: Map<string, Task>;
let queryClient: QueryClient;
let ctx: WorkspaceEventContext;
const unsubscribers: (() => void)[] = [];
const getMock = vi.mocked(api.get);

const listKey = tasksQueryOptions(workspaceId, params).queryKey;
const detailKey = (taskId: string) => taskQueryOptions(workspaceId, taskId).queryKey;
const listIds = () =>
  queryClient.getQueryData<TaskLists>(listKey)?.pages.flatMap((page) => page.items.map((item) => `${item.id}@${item.version}`));

/** Puts the list on screen (an observer), as the /tasks page does, with what the server holds now. */
async function showList() {
  const observer = new InfiniteQueryObserver(queryClient, tasksQueryOptions(workspaceId, params));
  unsubscribers.push(observer.subscribe(() => undefined));
  await vi.waitFor(() => expect(queryClient.getQueryState(listKey)?.status).toBe('success'));
}

/** Opens the drawer of `taskId` (an observer of its detail query). */
async function showDetail(taskId: string) {
  const observer = new QueryObserver(queryClient, taskQueryOptions(workspaceId, taskId));
  unsubscribers.push(observer.subscribe(() => undefined));
  await vi.waitFor(() => expect(queryClient.getQueryState(detailKey(taskId))?.status).not.toBe('pending'));
}

/** Waits until no query is fetching any more. */
const settled = () => vi.waitFor(() => expect(queryClient.isFetching()).toBe(0));

beforeEach(async () => {
  server = new Map([
    ['a', task('a', 3)],
    ['b', task('b', 1)],
  ]);
  getMock.mockReset();
  getMock.mockImplementation(async (path: string) => {
    const id = path.match(/tasks\/([^/]+)$/)?.[1];
    if (id) {
      const found = server.get(decodeURIComponent(id));
      if (!found) throw Object.assign(new Error('not found'), { status: 404 });
      return found as never;
    }
    return { items: [...server.values()], nextCursor: null } as never;
  });
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  ctx = { queryClient, workspaceId, memberId: 'm1' };
  await showList();
  await showDetail('a');
  getMock.mockClear();
});

afterEach(() => {
  unsubscribers.splice(0).forEach((unsubscribe) => unsubscribe());
  queryClient.clear();
});

describe('task events (ARCHITECTURE "events")', () => {
  it('skips an event whose version the cache already holds: the own change is not fetched again', async () => {
    taskEventHandler.handle(taskEvent('a', 'updated', 3), ctx);
    await settled();
    expect(getMock).not.toHaveBeenCalled();
    expect(queryClient.getQueryState(listKey)?.isInvalidated).toBe(false);
    expect(queryClient.getQueryState(detailKey('a'))?.isInvalidated).toBe(false);
  });

  it('refetches the open task and the list on screen for a newer version', async () => {
    server.set('a', task('a', 4, { title: 'Renamed by someone else' }));
    taskEventHandler.handle(taskEvent('a', 'updated', 4), ctx);
    await settled();
    expect(getMock.mock.calls.map(([path]) => path)).toEqual(
      expect.arrayContaining([`v1/workspaces/${workspaceId}/tasks/a`, `v1/workspaces/${workspaceId}/tasks`]),
    );
    expect(getMock).toHaveBeenCalledTimes(2);
    expect(queryClient.getQueryData(detailKey('a'))).toMatchObject({ version: 4, title: 'Renamed by someone else' });
    expect(listIds()).toEqual(['a@4', 'b@1']);
  });

  it('does not fetch a task nobody shows; a list off screen is only marked stale', async () => {
    unsubscribers.splice(0).forEach((unsubscribe) => unsubscribe());
    taskEventHandler.handle(taskEvent('b', 'updated', 2), ctx);
    await settled();
    expect(getMock).not.toHaveBeenCalled();
    expect(queryClient.getQueryState(listKey)?.isInvalidated).toBe(true);
  });

  it('copies a fresher cached version into older copies without a request', async () => {
    queryClient.setQueryData(detailKey('b'), task('b', 2, { title: 'Saved here' }));
    taskEventHandler.handle(taskEvent('b', 'updated', 2), ctx);
    await settled();
    expect(getMock).not.toHaveBeenCalled();
    expect(listIds()).toEqual(['a@3', 'b@2']);
  });

  it('refetches the lists for a task created elsewhere, and skips one created here', async () => {
    server.set('c', task('c', 1));
    taskEventHandler.handle(taskEvent('c', 'created', 1), ctx);
    await settled();
    expect(getMock.mock.calls.map(([path]) => path)).toEqual([`v1/workspaces/${workspaceId}/tasks`]);
    expect(listIds()).toContain('c@1');

    getMock.mockClear();
    queryClient.setQueryData(detailKey('d'), task('d', 1)); // what useCreateTask writes on success
    taskEventHandler.handle(taskEvent('d', 'created', 1), ctx);
    await settled();
    expect(getMock).not.toHaveBeenCalled();
  });

  it('keeps a list off screen marked stale when it skips an own event (the list refetches when shown)', async () => {
    unsubscribers.splice(0).forEach((unsubscribe) => unsubscribe());
    // What useCreateTask does while the member is on /tasks/new: write the detail, mark the lists stale.
    queryClient.setQueryData(detailKey('d'), task('d', 1));
    await queryClient.invalidateQueries({ queryKey: listKey });
    queryClient.setQueryData(detailKey('b'), task('b', 2));
    taskEventHandler.handle(taskEvent('d', 'created', 1), ctx);
    taskEventHandler.handle(taskEvent('b', 'updated', 2), ctx);
    await settled();
    expect(getMock).not.toHaveBeenCalled();
    expect(listIds()).toEqual(['a@3', 'b@2']);
    expect(queryClient.getQueryState(listKey)?.isInvalidated).toBe(true);
  });

  it('removes a deleted task from the lists; its open drawer reloads and learns it is gone', async () => {
    server.delete('a');
    taskEventHandler.handle(taskEvent('a', 'deleted', 3), ctx);
    expect(listIds()).toEqual(['b@1']);
    await settled();
    expect(queryClient.getQueryState(detailKey('a'))).toMatchObject({ status: 'error', data: undefined });
    expect(getMock.mock.calls.map(([path]) => path)).toEqual([`v1/workspaces/${workspaceId}/tasks/a`]);
    expect(findCachedTask(queryClient, workspaceId, 'a')).toBeUndefined();
  });

  it('waits for the own pending change, then skips its event instead of fetching twice', async () => {
    let finish: (saved: Task) => void = () => undefined;
    const mutation = new MutationObserver<Task, Error, { workspaceId: string; taskId: string }>(queryClient, {
      mutationKey: TASK_MUTATION_KEY,
      mutationFn: () => new Promise<Task>((resolve) => (finish = resolve)),
      onSuccess: (saved) => {
        queryClient.setQueryData(detailKey(saved.id), saved);
        queryClient.setQueryData<TaskLists>(listKey, (lists) =>
          lists
            ? {
                ...lists,
                pages: lists.pages.map((page) => ({ ...page, items: page.items.map((item) => (item.id === saved.id ? saved : item)) })),
              }
            : lists,
        );
      },
    });
    const saving = mutation.mutate({ workspaceId, taskId: 'a' });
    await vi.waitFor(() => expect(queryClient.isMutating()).toBe(1));
    // The stream is faster than the PATCH's answer.
    taskEventHandler.handle(taskEvent('a', 'updated', 4), ctx);
    finish(task('a', 4));
    await saving;
    await settled();
    expect(getMock).not.toHaveBeenCalled();
    expect(listIds()).toEqual(['a@4', 'b@1']);
  });
});
