import type { MakeTaskBody, PublishSummaryBody, Summary } from '@tandem/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ApiError } from '@/lib/api-error';
import { summariesPath, summaryListsQueryKey, summaryQueryKey, summaryViewsQueryKey } from './summary-keys';

/**
 * POST …/summaries/{summaryId}/publish {version, expiresAt?} → the summary with its publication
 * (issue #11; PRODUCT §2 PublicLink). `expiresAt` omitted = 30 days, null = never. Rejects
 * ApiError: 400 errorData per issue or expiresAt, 409 when links are off or the scope is confidential.
 */
export function publishSummary(workspaceId: string, summaryId: string, body: PublishSummaryBody): Promise<Summary> {
  return api.post<Summary>(summariesPath(workspaceId, summaryId, 'publish'), body);
}

/** POST …/summaries/{summaryId}/unpublish {version} → the summary, its link revoked (410 from then on). */
export function unpublishSummary(workspaceId: string, summaryId: string, version: number): Promise<Summary> {
  return api.post<Summary>(summariesPath(workspaceId, summaryId, 'unpublish'), { version });
}

/**
 * POST …/summaries/{summaryId}/action-items/{actionItemId}/task {version, assigneeMemberId, dueDate}
 * → the summary with the action item's taskId. Rejects ApiError: 409 when it already has a task,
 * 400 errorData.assigneeMemberId / dueDate.
 */
export function makeActionItemTask(workspaceId: string, summaryId: string, actionItemId: string, body: MakeTaskBody): Promise<Summary> {
  return api.post<Summary>(summariesPath(workspaceId, summaryId, 'action-items', actionItemId, 'task'), body);
}

/** DELETE …/summaries/{summaryId}?version= : deletes the summary and revokes its link. */
export function deleteSummary(workspaceId: string, summaryId: string, version: number): Promise<void> {
  return api.delete<void>(summariesPath(workspaceId, summaryId), { query: { version } });
}

/** Refreshes what a changed summary shows: its detail (set from the answer), the lists and its views. */
function useSummaryMutation<TArgs>(workspaceId: string, summaryId: string, run: (args: TArgs) => Promise<Summary>) {
  const queryClient = useQueryClient();
  return useMutation<Summary, ApiError, TArgs>({
    mutationFn: run,
    meta: { errorToast: false },
    onSuccess: (summary) => {
      queryClient.setQueryData(summaryQueryKey(workspaceId, summaryId), summary);
      void queryClient.invalidateQueries({ queryKey: summaryListsQueryKey(workspaceId) });
      void queryClient.invalidateQueries({ queryKey: summaryViewsQueryKey(workspaceId, summaryId) });
    },
  });
}

/** Mutation hook of {@link publishSummary}. */
export function usePublishSummary(workspaceId: string, summaryId: string) {
  return useSummaryMutation(workspaceId, summaryId, (body: PublishSummaryBody) => publishSummary(workspaceId, summaryId, body));
}

/** Mutation hook of {@link unpublishSummary}. */
export function useUnpublishSummary(workspaceId: string, summaryId: string) {
  return useSummaryMutation(workspaceId, summaryId, (version: number) => unpublishSummary(workspaceId, summaryId, version));
}

/** Mutation hook of {@link makeActionItemTask}. */
export function useMakeActionItemTask(workspaceId: string, summaryId: string) {
  return useSummaryMutation(workspaceId, summaryId, ({ actionItemId, body }: { actionItemId: string; body: MakeTaskBody }) =>
    makeActionItemTask(workspaceId, summaryId, actionItemId, body),
  );
}

/** Mutation hook of {@link deleteSummary}: the lists refresh; the caller navigates away. */
export function useDeleteSummary(workspaceId: string, summaryId: string) {
  const queryClient = useQueryClient();
  return useMutation<void, ApiError, number>({
    mutationFn: (version) => deleteSummary(workspaceId, summaryId, version),
    meta: { errorToast: false },
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: summaryQueryKey(workspaceId, summaryId) });
      void queryClient.invalidateQueries({ queryKey: summaryListsQueryKey(workspaceId) });
    },
  });
}
