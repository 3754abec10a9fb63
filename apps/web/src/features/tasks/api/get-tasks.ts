import type { TaskPage } from '@tandem/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { TaskListParams } from '../utils/task-filters';

/** Tasks per page of /tasks (the API's default limit, contract tasks.ts). */
export const TASKS_PAGE_SIZE = 25;

/** The key every task query of a workspace starts with: invalidate it to refresh lists and details. */
export function tasksQueryKey(workspaceId: string) {
  return ['workspaces', workspaceId, 'tasks'] as const;
}

/**
 * The key of every task mutation (create, update, delete; their variables carry `workspaceId`):
 * live task events wait until the member's own changes to a workspace's tasks have settled.
 */
export const TASK_MUTATION_KEY = ['tasks'] as const;

/** The key every task list of a workspace starts with (whatever the filters). */
export function taskListsQueryKey(workspaceId: string) {
  return [...tasksQueryKey(workspaceId), 'list'] as const;
}

/**
 * GET v1/workspaces/{id}/tasks?{filters}&limit&cursor → one page `{ items, nextCursor }` (PRODUCT §3,
 * §4). `params` come from toTaskListParams; the server narrows what a USER or GUEST may see
 * (PRODUCT §6). Rejects 400 for a malformed filter.
 */
export function getTasks(workspaceId: string, params: TaskListParams, cursor?: string): Promise<TaskPage> {
  return api.get<TaskPage>(`v1/workspaces/${encodeURIComponent(workspaceId)}/tasks`, {
    query: { ...params, limit: TASKS_PAGE_SIZE, cursor },
  });
}

/** Infinite-query options of {@link getTasks}: pages follow nextCursor ("Load more"). */
export function tasksQueryOptions(workspaceId: string, params: TaskListParams) {
  return infiniteQueryOptions({
    queryKey: [...taskListsQueryKey(workspaceId), params],
    queryFn: ({ pageParam }) => getTasks(workspaceId, params, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}

/** Query hook of {@link getTasks}; the previous filter's tasks stay on screen while the next load. */
export function useTasks(workspaceId: string, params: TaskListParams) {
  return useInfiniteQuery({ ...tasksQueryOptions(workspaceId, params), placeholderData: (previous) => previous });
}
