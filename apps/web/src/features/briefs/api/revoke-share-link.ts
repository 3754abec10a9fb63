import type { ShareLink } from '@tandem/contract';
import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ApiError } from '@/lib/api-error';
import { shareLinksPath, shareLinksQueryOptions } from './get-share-links';

/** Variables of {@link revokeShareLink}. */
export interface RevokeShareLinkVariables {
  workspaceId: string;
  briefId: string;
  linkId: string;
}

/**
 * POST v1/workspaces/{id}/briefs/{briefId}/share-links/{linkId}/revoke → the link, revoked (issue
 * #9: one click; idempotent). From then on /b/{linkId} answers 410. Rejects 403 unless the member
 * may edit briefs, 404 for an unknown link.
 */
export function revokeShareLink({ workspaceId, briefId, linkId }: RevokeShareLinkVariables): Promise<ShareLink> {
  return api.post<ShareLink>(`${shareLinksPath(workspaceId, briefId)}/${encodeURIComponent(linkId)}/revoke`);
}

/** Mutation hook of {@link revokeShareLink}: the revoked link replaces its row in the cached list. */
export function useRevokeShareLink(options: Omit<UseMutationOptions<ShareLink, ApiError, RevokeShareLinkVariables>, 'mutationFn'> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: revokeShareLink,
    onSuccess: (link, variables, onMutateResult, context) => {
      const { queryKey } = shareLinksQueryOptions(variables.workspaceId, variables.briefId);
      queryClient.setQueryData(queryKey, (links) => links?.map((item) => (item.id === link.id ? link : item)));
      return options.onSuccess?.(link, variables, onMutateResult, context);
    },
  });
}
