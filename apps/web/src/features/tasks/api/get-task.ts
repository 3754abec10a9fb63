import type { Task } from '@tandem/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { tasksQueryKey } from './get-tasks';

/** GET v1/workspaces/{id}/tasks/{taskId} → the task. Rejects 404 when it is gone or not visible to the caller (PRODUCT §6). */
export function getTask(workspaceId: string, taskId: string): Promise<Task> {
  return api.get<Task>(`v1/workspaces/${encodeURIComponent(workspaceId)}/tasks/${encodeURIComponent(taskId)}`);
}

/** Query options of {@link getTask}; its key sits under {@link tasksQueryKey}. */
export function taskQueryOptions(workspaceId: string, taskId: string) {
  return queryOptions({
    queryKey: [...tasksQueryKey(workspaceId), 'detail', taskId],
    queryFn: () => getTask(workspaceId, taskId),
    meta: { errorToast: false },
  });
}

/** Query hook of {@link getTask}; `placeholder` (the task as a list shows it) renders at once. */
export function useTask(workspaceId: string, taskId: string | null, placeholder?: Task) {
  return useQuery({
    ...taskQueryOptions(workspaceId, taskId ?? ''),
    enabled: taskId !== null,
    placeholderData: placeholder,
  });
}
