import type { CreateTaskBody, Task } from '@tandem/contract';
import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ApiError } from '@/lib/api-error';
import { taskQueryOptions } from './get-task';
import { TASK_MUTATION_KEY, taskListsQueryKey } from './get-tasks';

/** Variables of {@link createTask}. */
export interface CreateTaskVariables {
  workspaceId: string;
  body: CreateTaskBody;
}

/**
 * POST v1/workspaces/{id}/tasks {title, notes?, status?, priority?, dueDate?, assigneeMemberId?} →
 * 201 the task (contract tasks.ts). Rejects 400 with errorData per field, 403 for a GUEST
 * (PRODUCT §6).
 */
export function createTask({ workspaceId, body }: CreateTaskVariables): Promise<Task> {
  return api.post<Task>(`v1/workspaces/${encodeURIComponent(workspaceId)}/tasks`, body);
}

/**
 * Mutation hook of {@link createTask}: the new task goes into the detail cache (so its live
 * `created` event is recognised as already known), then the task lists refresh.
 */
export function useCreateTask(options: Omit<UseMutationOptions<Task, ApiError, CreateTaskVariables>, 'mutationFn'> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationKey: TASK_MUTATION_KEY,
    mutationFn: createTask,
    onSuccess: (task, variables, onMutateResult, context) => {
      queryClient.setQueryData(taskQueryOptions(variables.workspaceId, task.id).queryKey, task);
      return options.onSuccess?.(task, variables, onMutateResult, context);
    },
    onSettled: (_data, _error, { workspaceId }) => queryClient.invalidateQueries({ queryKey: taskListsQueryKey(workspaceId) }),
  });
}
