import type { Brief } from '@tandem/contract';
import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ApiError } from '@/lib/api-error';
import { briefQueryOptions } from './get-brief';
import { BRIEF_MUTATION_KEY, briefListsQueryKey, briefsPath } from './get-briefs';
import { briefVersionsQueryKey } from './get-brief-versions';

/** Variables of {@link restoreBriefVersion}. */
export interface RestoreBriefVersionVariables {
  workspaceId: string;
  /** The brief as the editor holds it: `version` is its current version (stale → 409). */
  brief: Pick<Brief, 'id' | 'version'>;
  /** The version to bring back. */
  version: number;
}

/**
 * POST …/briefs/{briefId}/versions/{version}/restore {version: current} → the brief, whose content is
 * now that version's, saved as a new version (contract RestoreBriefVersionBodySchema; issue #9).
 * Follows the rules of a save: back to DRAFT, changed sections' marks cleared. 409 when stale.
 */
export function restoreBriefVersion({ workspaceId, brief, version }: RestoreBriefVersionVariables): Promise<Brief> {
  return api.post<Brief>(`${briefsPath(workspaceId, brief.id)}/versions/${version}/restore`, { version: brief.version });
}

/** Mutation hook of {@link restoreBriefVersion}: the answer goes into the brief's cache; history and lists refresh. */
export function useRestoreBriefVersion(
  options: Omit<UseMutationOptions<Brief, ApiError, RestoreBriefVersionVariables>, 'mutationFn'> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationKey: BRIEF_MUTATION_KEY,
    mutationFn: restoreBriefVersion,
    onSuccess: (brief, variables, onMutateResult, context) => {
      queryClient.setQueryData(briefQueryOptions(variables.workspaceId, brief.id).queryKey, brief);
      return options.onSuccess?.(brief, variables, onMutateResult, context);
    },
    onSettled: (_data, _error, { workspaceId, brief }) => {
      void queryClient.invalidateQueries({ queryKey: briefVersionsQueryKey(workspaceId, brief.id) });
      void queryClient.invalidateQueries({ queryKey: briefListsQueryKey(workspaceId) });
    },
  });
}
