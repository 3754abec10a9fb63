import type { Brief } from '@tandem/contract';
import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ApiError } from '@/lib/api-error';
import { briefQueryOptions } from './get-brief';
import { BRIEF_MUTATION_KEY, briefListsQueryKey, briefsPath } from './get-briefs';

/** The two status actions of a brief (issue #9): 'ready' DRAFT → READY, 'acknowledge' READY → ACKNOWLEDGED. */
export type BriefStatusAction = 'ready' | 'acknowledge';

/** Variables of {@link changeBriefStatus}. */
export interface ChangeBriefStatusVariables {
  workspaceId: string;
  brief: Pick<Brief, 'id' | 'version'>;
  action: BriefStatusAction;
}

/**
 * POST v1/workspaces/{id}/briefs/{briefId}/ready or …/acknowledge {version} → the brief (contract
 * BriefVersionBodySchema; issue #9). `ready` is for those who edit briefs, `acknowledge` for the
 * EXECUTIVE only (PRODUCT §6; else 403). Rejects 409 VERSION_CONFLICT when the content changed since
 * `version`, 409 when the status does not allow the step.
 */
export function changeBriefStatus({ workspaceId, brief, action }: ChangeBriefStatusVariables): Promise<Brief> {
  return api.post<Brief>(`${briefsPath(workspaceId, brief.id)}/${action}`, { version: brief.version });
}

/** Mutation hook of {@link changeBriefStatus}: the answer goes into the brief's cache; the lists refresh. */
export function useChangeBriefStatus(options: Omit<UseMutationOptions<Brief, ApiError, ChangeBriefStatusVariables>, 'mutationFn'> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationKey: BRIEF_MUTATION_KEY,
    mutationFn: changeBriefStatus,
    onSuccess: (brief, variables, onMutateResult, context) => {
      queryClient.setQueryData(briefQueryOptions(variables.workspaceId, brief.id).queryKey, brief);
      return options.onSuccess?.(brief, variables, onMutateResult, context);
    },
    // The dashboard refreshes from the brief's live event.
    onSettled: (_data, _error, { workspaceId }) => queryClient.invalidateQueries({ queryKey: briefListsQueryKey(workspaceId) }),
  });
}
