import type { PublicLinkSettings } from '@tandem/contract';
import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { ApiError } from '@/lib/api-error';
import { publicLinkSettingsQueryOptions } from './get-public-link-settings';

/** Variables of {@link updatePublicLinkSettings}. */
export interface UpdatePublicLinkSettingsVariables {
  workspaceId: string;
  body: PublicLinkSettings;
}

/**
 * PUT v1/workspaces/{id}/public-links {enabled} → the setting (contract public-links.ts). Off:
 * every share link of the workspace answers 410 and none can be made; on again: the links neither
 * revoked nor expired work again. Rejects 403 unless OWNER or EXECUTIVE (PRODUCT §6
 * `managePublicLinks`). Audited as PUBLIC_LINKS_TOGGLED.
 */
export function updatePublicLinkSettings({ workspaceId, body }: UpdatePublicLinkSettingsVariables): Promise<PublicLinkSettings> {
  return apiRequest<PublicLinkSettings>(`v1/workspaces/${encodeURIComponent(workspaceId)}/public-links`, { method: 'PUT', body });
}

/** Mutation hook of {@link updatePublicLinkSettings}: the answer replaces the cached setting. */
export function useUpdatePublicLinkSettings(
  options: Omit<UseMutationOptions<PublicLinkSettings, ApiError, UpdatePublicLinkSettingsVariables>, 'mutationFn'> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: updatePublicLinkSettings,
    onSuccess: (settings, variables, onMutateResult, context) => {
      queryClient.setQueryData(publicLinkSettingsQueryOptions(variables.workspaceId).queryKey, settings);
      return options.onSuccess?.(settings, variables, onMutateResult, context);
    },
  });
}
