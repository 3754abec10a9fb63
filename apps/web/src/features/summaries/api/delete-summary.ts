import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ApiError } from '@/lib/api-error';
import { summariesPath, summaryListsQueryKey, summaryQueryKey } from './summary-keys';

/** DELETE …/summaries/{summaryId}?version= : deletes the summary and revokes its link (issue #11). 409 VERSION_CONFLICT. */
export function deleteSummary(workspaceId: string, summaryId: string, version: number): Promise<void> {
  return api.delete<void>(summariesPath(workspaceId, summaryId), { query: { version } });
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
