import type { ShareLinkView } from '@tandem/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { shareLinksPath, shareLinksQueryKey } from './get-share-links';

/** Views per page of a link's access log. */
export const SHARE_LINK_VIEWS_PAGE_SIZE = 20;

/** One page of a link's access log. */
export interface ShareLinkViewPage {
  items: ShareLinkView[];
  nextCursor: string | null;
}

/**
 * GET v1/workspaces/{id}/briefs/{briefId}/share-links/{linkId}/views?limit&cursor → one page of
 * the link's access log, newest first: when, the IP truncated (/24, /48) and the browser family
 * (issue #9; decision 012). Editors only.
 */
export function getShareLinkViews(workspaceId: string, briefId: string, linkId: string, cursor?: string): Promise<ShareLinkViewPage> {
  return api.get<ShareLinkViewPage>(`${shareLinksPath(workspaceId, briefId)}/${encodeURIComponent(linkId)}/views`, {
    query: { limit: SHARE_LINK_VIEWS_PAGE_SIZE, cursor },
  });
}

/** Infinite-query options of {@link getShareLinkViews} ("Show more" follows nextCursor); fetched again on each opening. */
export function shareLinkViewsQueryOptions(workspaceId: string, briefId: string, linkId: string) {
  return infiniteQueryOptions({
    queryKey: [...shareLinksQueryKey(workspaceId, briefId), 'views', linkId],
    queryFn: ({ pageParam }) => getShareLinkViews(workspaceId, briefId, linkId, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    staleTime: 0,
  });
}

/** Query hook of {@link getShareLinkViews}. */
export function useShareLinkViews(workspaceId: string, briefId: string, linkId: string) {
  return useInfiniteQuery(shareLinkViewsQueryOptions(workspaceId, briefId, linkId));
}
