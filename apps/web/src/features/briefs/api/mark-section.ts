import type { Brief, MarkSectionBody } from '@tandem/contract';
import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { ApiError } from '@/lib/api-error';
import { briefQueryOptions } from './get-brief';
import { BRIEF_MUTATION_KEY, briefListsQueryKey, briefsPath } from './get-briefs';

/** Variables of {@link markSection}. */
export interface MarkSectionVariables {
  workspaceId: string;
  briefId: string;
  sectionId: string;
  /** `mark: null` clears the mark. */
  body: MarkSectionBody;
}

/**
 * PUT v1/workspaces/{id}/briefs/{briefId}/sections/{sectionId}/mark {mark, note} → the brief
 * (contract MarkSectionBodySchema; issue #9). EXECUTIVE only (PRODUCT §6, else 403); never changes
 * `version` or `status`. Rejects 400 for a note over one line or too long, 404 for an unknown section.
 */
export function markSection({ workspaceId, briefId, sectionId, body }: MarkSectionVariables): Promise<Brief> {
  return apiRequest<Brief>(`${briefsPath(workspaceId, briefId)}/sections/${encodeURIComponent(sectionId)}/mark`, { method: 'PUT', body });
}

/** Mutation hook of {@link markSection}: the answer goes into the brief's cache; the lists (mark counts) refresh. */
export function useMarkSection(options: Omit<UseMutationOptions<Brief, ApiError, MarkSectionVariables>, 'mutationFn'> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationKey: BRIEF_MUTATION_KEY,
    mutationFn: markSection,
    onSuccess: (brief, variables, onMutateResult, context) => {
      queryClient.setQueryData(briefQueryOptions(variables.workspaceId, brief.id).queryKey, brief);
      return options.onSuccess?.(brief, variables, onMutateResult, context);
    },
    onSettled: (_data, _error, { workspaceId }) => queryClient.invalidateQueries({ queryKey: briefListsQueryKey(workspaceId) }),
  });
}
