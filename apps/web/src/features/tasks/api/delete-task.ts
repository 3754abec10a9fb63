import type { Task, TaskPage } from '@tandem/contract';
import { useMutation, useQueryClient, type InfiniteData, type UseMutationOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ApiError } from '@/lib/api-error';
import { dropTask, mapTaskPages } from '../utils/task-cache';
import { taskQueryOptions } from './get-task';
import { TASK_MUTATION_KEY, taskListsQueryKey } from './get-tasks';

/** Variables of {@link deleteTask}. */
export interface DeleteTaskVariables {
  workspaceId: string;
  task: Pick<Task, 'id' | 'version'>;
}

/**
 * DELETE v1/workspaces/{id}/tasks/{taskId}?version → nothing (contract tasks.ts). Rejects 409
 * VERSION_CONFLICT when the task changed since `version`, 403 unless the member may delete it
 * (contract canDeleteTask, PRODUCT §6).
 */
export async function deleteTask({ workspaceId, task }: DeleteTaskVariables): Promise<void> {
  await api.delete<unknown>(`v1/workspaces/${encodeURIComponent(workspaceId)}/tasks/${encodeURIComponent(task.id)}`, {
    query: { version: task.version },
  });
}

/** Mutation hook of {@link deleteTask}; drops the task from every cached list, then refreshes them. */
export function useDeleteTask(options: Omit<UseMutationOptions<void, ApiError, DeleteTaskVariables>, 'mutationFn'> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationKey: TASK_MUTATION_KEY,
    mutationFn: deleteTask,
    onSuccess: (data, variables, onMutateResult, context) => {
      const { workspaceId, task } = variables;
      queryClient.setQueriesData<InfiniteData<TaskPage, string | undefined>>({ queryKey: taskListsQueryKey(workspaceId) }, (cached) =>
        mapTaskPages(cached, dropTask(task.id)),
      );
      queryClient.removeQueries({ queryKey: taskQueryOptions(workspaceId, task.id).queryKey });
      return options.onSuccess?.(data, variables, onMutateResult, context);
    },
    onSettled: (_data, _error, { workspaceId }) => queryClient.invalidateQueries({ queryKey: taskListsQueryKey(workspaceId) }),
  });
}
