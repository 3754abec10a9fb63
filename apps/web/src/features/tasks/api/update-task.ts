import type { Task, TaskPage, UpdateTaskBody } from '@tandem/contract';
import { useMutation, useQueryClient, type InfiniteData, type QueryKey } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { isApiError, type ApiError } from '@/lib/api-error';
import { showToast } from '@/lib/toast-store';
import { mapTaskPages, patchTask, replaceTask } from '../utils/task-cache';
import { taskQueryOptions } from './get-task';
import { TASK_MUTATION_KEY, taskListsQueryKey, tasksQueryKey } from './get-tasks';

/** What the user reads when the server had a newer version (issue #4). */
export const TASK_CONFLICT_MESSAGE = 'This task was changed by someone else; showing the latest version.';

/** Variables of {@link updateTask}. */
export interface UpdateTaskVariables {
  workspaceId: string;
  taskId: string;
  /** The changed fields (PATCH sends only these). */
  changes: Omit<UpdateTaskBody, 'version'>;
  /** The version of the task the user saw and changed (optimistic concurrency, contract tasks.ts). */
  version: number;
  /** Derived fields to show at once (e.g. the assignee's name when assigneeMemberId changes). */
  preview?: Partial<Task>;
}

/** True for the 409 of a stale version (contract errors.ts VERSION_CONFLICT). */
export function isVersionConflict(error: unknown): error is ApiError {
  return isApiError(error) && error.status === 409 && error.errorCode === 'VERSION_CONFLICT';
}

/**
 * Versions our own successful PATCHes moved a task from and to: a second edit made while the first
 * was in flight was based on the first's version, so it is sent with the version the first produced.
 * A change by someone else is never skipped over this way.
 */
const ownBumps = new Map<string, { from: number; to: number }>();

function resolveVersion(taskId: string, version: number): number {
  let resolved = version;
  for (let bump = ownBumps.get(taskId); bump && bump.from === resolved; bump = ownBumps.get(taskId)) resolved = bump.to;
  return resolved;
}

/**
 * PATCH v1/workspaces/{id}/tasks/{taskId} {changes…, version} → the task as saved (contract tasks.ts).
 * Rejects 409 VERSION_CONFLICT when `version` is stale, 403 when the member may not make this
 * change (a GUEST may change status only, PRODUCT §6), 404 when the task is gone.
 */
export function updateTask({ workspaceId, taskId, changes, version }: UpdateTaskVariables): Promise<Task> {
  return api.patch<Task>(`v1/workspaces/${encodeURIComponent(workspaceId)}/tasks/${encodeURIComponent(taskId)}`, { ...changes, version });
}

interface Snapshot {
  lists: [QueryKey, InfiniteData<TaskPage, string | undefined> | undefined][];
  detail: Task | undefined;
}

/** Options of {@link useUpdateTask}. Its callbacks run for every save, also after the caller unmounted. */
export interface UseUpdateTaskOptions {
  /** Called with the server's current task after a 409 (e.g. to reset an open form to it). */
  onConflict?: (current: Task, variables: UpdateTaskVariables) => void;
  /** Called after any other refusal, once the cached copies are rolled back. */
  onFailure?: (error: ApiError, variables: UpdateTaskVariables) => void;
  onSuccess?: (task: Task, variables: UpdateTaskVariables) => void;
  /** False when the caller tells of a failure itself (the 409's info toast still shows). Default true. */
  errorToast?: boolean;
}

/**
 * Mutation hook of {@link updateTask} with optimistic updates (issue #4): every cached list and the
 * task's detail show the change at once. When the server refuses, the copies roll back and the
 * error toast shows (seed §8); on a 409 the local copy is replaced with the server's current task
 * and the user is told. Updates run one after another, so quick successive edits chain versions.
 */
export function useUpdateTask({ onConflict, onFailure, onSuccess, errorToast = true }: UseUpdateTaskOptions = {}) {
  const queryClient = useQueryClient();

  const writeTask = (workspaceId: string, task: Task) => {
    queryClient.setQueriesData<InfiniteData<TaskPage, string | undefined>>({ queryKey: taskListsQueryKey(workspaceId) }, (data) =>
      mapTaskPages(data, replaceTask(task)),
    );
    queryClient.setQueryData(taskQueryOptions(workspaceId, task.id).queryKey, task);
  };

  return useMutation<Task, ApiError, UpdateTaskVariables, Snapshot>({
    mutationKey: TASK_MUTATION_KEY,
    scope: { id: 'tasks:update' },
    meta: { errorToast: (error) => errorToast && !isVersionConflict(error) },
    mutationFn: async (variables) => {
      const version = resolveVersion(variables.taskId, variables.version);
      const task = await updateTask({ ...variables, version });
      ownBumps.set(task.id, { from: version, to: task.version });
      return task;
    },
    onMutate: async ({ workspaceId, taskId, changes, preview }) => {
      await queryClient.cancelQueries({ queryKey: tasksQueryKey(workspaceId) });
      const detailKey = taskQueryOptions(workspaceId, taskId).queryKey;
      const snapshot: Snapshot = {
        lists: queryClient.getQueriesData<InfiniteData<TaskPage, string | undefined>>({ queryKey: taskListsQueryKey(workspaceId) }),
        detail: queryClient.getQueryData(detailKey),
      };
      const patch: Partial<Task> = { ...changes, ...preview } as Partial<Task>;
      queryClient.setQueriesData<InfiniteData<TaskPage, string | undefined>>({ queryKey: taskListsQueryKey(workspaceId) }, (data) =>
        mapTaskPages(data, patchTask(taskId, patch)),
      );
      if (snapshot.detail) queryClient.setQueryData(detailKey, { ...snapshot.detail, ...patch });
      return snapshot;
    },
    onError: async (error, variables, snapshot) => {
      const { workspaceId, taskId } = variables;
      for (const [key, data] of snapshot?.lists ?? []) queryClient.setQueryData(key, data);
      if (snapshot?.detail) queryClient.setQueryData(taskQueryOptions(workspaceId, taskId).queryKey, snapshot.detail);
      if (!isVersionConflict(error)) {
        onFailure?.(error, variables);
        return;
      }
      // The 409 carries the task as it is now; read it again only if the body had none.
      // The task schema loads only here, on a conflict (the list renders without zod; decision 031).
      const sent = (await import('../utils/conflict-task')).parseConflictTask(error.current);
      try {
        const current = sent ?? (await queryClient.fetchQuery({ ...taskQueryOptions(workspaceId, taskId), staleTime: 0 }));
        writeTask(workspaceId, current);
        onConflict?.(current, variables);
      } catch {
        // Gone meanwhile: the lists refresh below.
      }
      showToast(TASK_CONFLICT_MESSAGE, 'info');
    },
    onSuccess: (task, variables) => {
      writeTask(variables.workspaceId, task);
      onSuccess?.(task, variables);
    },
    onSettled: (_task, _error, { workspaceId }) => queryClient.invalidateQueries({ queryKey: taskListsQueryKey(workspaceId) }),
  });
}
