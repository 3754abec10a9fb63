import type { PublicLinkSettings } from '@tandem/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * GET v1/workspaces/{id}/public-links → `{ enabled }`: whether the workspace's share links work at
 * all (contract public-links.ts; PRODUCT §2 PublicLink "a workspace setting turns every public
 * link off"). Any member may read it.
 */
export function getPublicLinkSettings(workspaceId: string): Promise<PublicLinkSettings> {
  return api.get<PublicLinkSettings>(`v1/workspaces/${encodeURIComponent(workspaceId)}/public-links`);
}

/** Query options of {@link getPublicLinkSettings}; the key its update writes. */
export function publicLinkSettingsQueryOptions(workspaceId: string) {
  return queryOptions({
    queryKey: ['workspaces', workspaceId, 'public-links'],
    queryFn: () => getPublicLinkSettings(workspaceId),
  });
}

/** Query hook of {@link getPublicLinkSettings}. */
export function usePublicLinkSettings(workspaceId: string) {
  return useQuery(publicLinkSettingsQueryOptions(workspaceId));
}
