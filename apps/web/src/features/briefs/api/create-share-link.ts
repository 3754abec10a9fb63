import type { CreateShareLinkBody, ShareLink } from '@tandem/contract';
import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ApiError } from '@/lib/api-error';
import { shareLinksPath, shareLinksQueryOptions } from './get-share-links';

/** Variables of {@link createShareLink}. */
export interface CreateShareLinkVariables {
  workspaceId: string;
  briefId: string;
  body: CreateShareLinkBody;
}

/**
 * POST v1/workspaces/{id}/briefs/{briefId}/share-links {label?, expiresAt?, passcode?} → 201 the
 * link (contract CreateShareLinkBody: `expiresAt` omitted = the meeting plus 7 days, or never
 * without a meeting; null = never). Rejects 400 with errorData per field (a past expiry, a short
 * passcode), 409 for a confidential brief or when the workspace turned public links off, 403
 * unless the member may edit briefs.
 */
export function createShareLink({ workspaceId, briefId, body }: CreateShareLinkVariables): Promise<ShareLink> {
  return api.post<ShareLink>(shareLinksPath(workspaceId, briefId), body);
}

/** Mutation hook of {@link createShareLink}: the new link goes first in the cached list, which then refreshes. */
export function useCreateShareLink(options: Omit<UseMutationOptions<ShareLink, ApiError, CreateShareLinkVariables>, 'mutationFn'> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: createShareLink,
    onSuccess: (link, variables, onMutateResult, context) => {
      const { queryKey } = shareLinksQueryOptions(variables.workspaceId, variables.briefId);
      queryClient.setQueryData(queryKey, (links) => [link, ...(links ?? []).filter((item) => item.id !== link.id)]);
      return options.onSuccess?.(link, variables, onMutateResult, context);
    },
    onSettled: (_data, _error, { workspaceId, briefId }) =>
      queryClient.invalidateQueries({ queryKey: shareLinksQueryOptions(workspaceId, briefId).queryKey }),
  });
}
