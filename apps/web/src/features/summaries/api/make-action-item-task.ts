import type { MakeTaskBody, Summary } from '@tandem/contract';
import { api } from '@/lib/api-client';
import { summariesPath } from './summary-keys';
import { useSummaryMutation } from './use-summary-mutation';

/**
 * POST …/summaries/{summaryId}/action-items/{actionItemId}/task {version, assigneeMemberId, dueDate}
 * → the summary with the action item's taskId (issue #11). Rejects ApiError: 409 when it already
 * has a task or the version is stale, 400 errorData.assigneeMemberId / dueDate.
 */
export function makeActionItemTask(workspaceId: string, summaryId: string, actionItemId: string, body: MakeTaskBody): Promise<Summary> {
  return api.post<Summary>(summariesPath(workspaceId, summaryId, 'action-items', actionItemId, 'task'), body);
}

/** Mutation hook of {@link makeActionItemTask}. */
export function useMakeActionItemTask(workspaceId: string, summaryId: string) {
  return useSummaryMutation(workspaceId, summaryId, ({ actionItemId, body }: { actionItemId: string; body: MakeTaskBody }) =>
    makeActionItemTask(workspaceId, summaryId, actionItemId, body),
  );
}
