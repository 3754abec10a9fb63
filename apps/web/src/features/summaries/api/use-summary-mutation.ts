import type { Summary } from '@tandem/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiError } from '@/lib/api-error';
import { summaryListsQueryKey, summaryQueryKey, summaryViewsQueryKey } from './summary-keys';

/**
 * A mutation that answers the changed summary (publish, unpublish, make task): its answer replaces
 * the cached detail, and the lists and the link's views refresh.
 */
export function useSummaryMutation<TArgs>(workspaceId: string, summaryId: string, run: (args: TArgs) => Promise<Summary>) {
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
