import type { Summary, UpdateSummaryInput } from '@tandem/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { ApiError } from '@/lib/api-error';
import { summariesPath, summaryListsQueryKey, summaryQueryKey } from './summary-keys';

/**
 * PUT v1/workspaces/{id}/summaries/{summaryId} with the reviewed content at `version` → the saved
 * summary (contract UpdateSummaryBodySchema). Rejects ApiError: 400 errorData per path
 * ("quotes.1.text", "keyPoints.0.answerIds"…), 409 VERSION_CONFLICT with `current`.
 */
export function updateSummary(workspaceId: string, summaryId: string, body: UpdateSummaryInput): Promise<Summary> {
  return apiRequest<Summary>(summariesPath(workspaceId, summaryId), { method: 'PUT', body });
}

/** Mutation hook of {@link updateSummary}: the saved summary replaces the cached detail. */
export function useUpdateSummary(workspaceId: string, summaryId: string) {
  const queryClient = useQueryClient();
  return useMutation<Summary, ApiError, UpdateSummaryInput>({
    mutationFn: (body) => updateSummary(workspaceId, summaryId, body),
    meta: { errorToast: false },
    onSuccess: (summary) => {
      queryClient.setQueryData(summaryQueryKey(workspaceId, summaryId), summary);
      void queryClient.invalidateQueries({ queryKey: summaryListsQueryKey(workspaceId) });
    },
  });
}
