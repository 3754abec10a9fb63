import type { Brief, CreateBriefBody } from '@tandem/contract';
import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ApiError } from '@/lib/api-error';
import { briefQueryOptions } from './get-brief';
import { BRIEF_MUTATION_KEY, briefListsQueryKey, briefsPath } from './get-briefs';

/** Variables of {@link createBrief}. */
export interface CreateBriefVariables {
  workspaceId: string;
  body: CreateBriefBody;
}

/**
 * POST v1/workspaces/{id}/briefs {title, templateId?, meetingAt?, meetingTimeZone?, attendees?} → 201
 * the brief, in DRAFT at version 1 (contract CreateBriefBodySchema). Rejects 400 with errorData per
 * field, 403 for a USER or GUEST (PRODUCT §6), 404 for an unknown template.
 */
export function createBrief({ workspaceId, body }: CreateBriefVariables): Promise<Brief> {
  return api.post<Brief>(briefsPath(workspaceId), body);
}

/** Mutation hook of {@link createBrief}: the new brief goes into its detail cache (it opens at once), then the lists refresh. */
export function useCreateBrief(options: Omit<UseMutationOptions<Brief, ApiError, CreateBriefVariables>, 'mutationFn'> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationKey: BRIEF_MUTATION_KEY,
    mutationFn: createBrief,
    onSuccess: (brief, variables, onMutateResult, context) => {
      queryClient.setQueryData(briefQueryOptions(variables.workspaceId, brief.id).queryKey, brief);
      return options.onSuccess?.(brief, variables, onMutateResult, context);
    },
    onSettled: (_data, _error, { workspaceId }) => queryClient.invalidateQueries({ queryKey: briefListsQueryKey(workspaceId) }),
  });
}
