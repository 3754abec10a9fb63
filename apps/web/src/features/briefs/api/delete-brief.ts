import type { Brief } from '@tandem/contract';
import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ApiError } from '@/lib/api-error';
import { briefQueryOptions } from './get-brief';
import { BRIEF_MUTATION_KEY, briefListsQueryKey, briefsPath } from './get-briefs';

/** Variables of {@link deleteBrief}. */
export interface DeleteBriefVariables {
  workspaceId: string;
  brief: Pick<Brief, 'id' | 'version'>;
}

/**
 * DELETE v1/workspaces/{id}/briefs/{briefId}?version → nothing (contract DeleteBriefQuerySchema).
 * Rejects 409 VERSION_CONFLICT when the brief changed since `version`, 403 for a USER or GUEST.
 */
export async function deleteBrief({ workspaceId, brief }: DeleteBriefVariables): Promise<void> {
  await api.delete<unknown>(briefsPath(workspaceId, brief.id), { query: { version: brief.version } });
}

/** Mutation hook of {@link deleteBrief}: the brief leaves the cache, the lists refresh. */
export function useDeleteBrief(options: Omit<UseMutationOptions<void, ApiError, DeleteBriefVariables>, 'mutationFn'> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationKey: BRIEF_MUTATION_KEY,
    mutationFn: deleteBrief,
    onSuccess: (data, variables, onMutateResult, context) => {
      queryClient.removeQueries({ queryKey: briefQueryOptions(variables.workspaceId, variables.brief.id).queryKey });
      return options.onSuccess?.(data, variables, onMutateResult, context);
    },
    onSettled: (_data, _error, { workspaceId }) => queryClient.invalidateQueries({ queryKey: briefListsQueryKey(workspaceId) }),
  });
}
