import type { BriefPage } from '@tandem/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { BriefListParams } from '../utils/brief-filters';

/** Briefs per page of /executive-briefs (the API's default limit, contract briefs.ts). */
export const BRIEFS_PAGE_SIZE = 25;

/** The key every brief query of a workspace starts with: invalidate it to refresh lists and briefs. */
export function briefsQueryKey(workspaceId: string) {
  return ['workspaces', workspaceId, 'briefs'] as const;
}

/** The key every brief list of a workspace starts with (whatever the filters). */
export function briefListsQueryKey(workspaceId: string) {
  return [...briefsQueryKey(workspaceId), 'list'] as const;
}

/** The key of every brief mutation; their variables carry `workspaceId`. */
export const BRIEF_MUTATION_KEY = ['briefs'] as const;

/** `v1/workspaces/{id}/briefs`, or one brief's path below it. */
export function briefsPath(workspaceId: string, briefId?: string): string {
  const base = `v1/workspaces/${encodeURIComponent(workspaceId)}/briefs`;
  return briefId ? `${base}/${encodeURIComponent(briefId)}` : base;
}

/**
 * GET v1/workspaces/{id}/briefs?{filters}&limit&cursor → one page `{ items, nextCursor }` (contract
 * ListBriefsQuerySchema; issue #9). The server narrows what a GUEST sees to READY and ACKNOWLEDGED
 * briefs (PRODUCT §6). Rejects 400 for a malformed filter.
 */
export function getBriefs(workspaceId: string, params: BriefListParams, cursor?: string): Promise<BriefPage> {
  return api.get<BriefPage>(briefsPath(workspaceId), { query: { limit: BRIEFS_PAGE_SIZE, ...params, cursor } });
}

/** Infinite-query options of {@link getBriefs}: pages follow nextCursor ("Load more"). */
export function briefsQueryOptions(workspaceId: string, params: BriefListParams) {
  return infiniteQueryOptions({
    queryKey: [...briefListsQueryKey(workspaceId), params],
    queryFn: ({ pageParam }) => getBriefs(workspaceId, params, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    meta: { errorToast: false },
  });
}

/** Query hook of {@link getBriefs}; the previous filter's briefs stay on screen while the next loads. */
export function useBriefs(workspaceId: string, params: BriefListParams, options: { enabled?: boolean } = {}) {
  return useInfiniteQuery({ ...briefsQueryOptions(workspaceId, params), placeholderData: (previous) => previous, ...options });
}
