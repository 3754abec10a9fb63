import type { ShareLink } from '@tandem/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The key every share-link query of a brief starts with (the list and each link's access log). */
export function shareLinksQueryKey(workspaceId: string, briefId: string) {
  return ['workspaces', workspaceId, 'briefs', briefId, 'share-links'] as const;
}

/** The path of a brief's share links (contract briefs.ts). */
export function shareLinksPath(workspaceId: string, briefId: string): string {
  return `v1/workspaces/${encodeURIComponent(workspaceId)}/briefs/${encodeURIComponent(briefId)}/share-links`;
}

/**
 * GET v1/workspaces/{id}/briefs/{briefId}/share-links → the brief's links, newest first, revoked
 * ones included, each with its view count and last view (issue #9). Editors only (403 otherwise,
 * PRODUCT §6); 404 for a brief the member cannot see.
 */
export async function getShareLinks(workspaceId: string, briefId: string): Promise<ShareLink[]> {
  const page = await api.get<{ items: ShareLink[] }>(shareLinksPath(workspaceId, briefId));
  return page.items;
}

/**
 * Query options of {@link getShareLinks}. Fetched again whenever the share dialog opens, so the
 * view counts are current; the dialog shows a failure itself.
 */
export function shareLinksQueryOptions(workspaceId: string, briefId: string) {
  return queryOptions({
    queryKey: [...shareLinksQueryKey(workspaceId, briefId), 'list'],
    queryFn: () => getShareLinks(workspaceId, briefId),
    staleTime: 0,
    meta: { errorToast: false },
  });
}

/** Query hook of {@link getShareLinks}. */
export function useShareLinks(workspaceId: string, briefId: string) {
  return useQuery(shareLinksQueryOptions(workspaceId, briefId));
}
