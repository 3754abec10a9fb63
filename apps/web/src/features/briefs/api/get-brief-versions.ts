import type { BriefVersion, BriefVersionSummary } from '@tandem/contract';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { briefsPath, briefsQueryKey } from './get-briefs';

/** One page of a brief's history (contract BriefVersionPageSchema). */
export interface BriefVersionPage {
  items: BriefVersionSummary[];
  nextCursor: string | null;
}

/** The key of every history query of one brief (its list and its versions). */
export function briefVersionsQueryKey(workspaceId: string, briefId: string) {
  return [...briefsQueryKey(workspaceId), 'versions', briefId] as const;
}

/**
 * GET v1/workspaces/{id}/briefs/{briefId}/versions?cursor → one page of the brief's history, newest
 * first: who, when, what changed (contract BriefVersionSummarySchema; issue #9). 404 when the brief is not visible.
 */
export function getBriefVersions(workspaceId: string, briefId: string, cursor?: string): Promise<BriefVersionPage> {
  return api.get<BriefVersionPage>(`${briefsPath(workspaceId, briefId)}/versions`, { query: { cursor } });
}

/** Infinite-query options of {@link getBriefVersions}. */
export function briefVersionsQueryOptions(workspaceId: string, briefId: string) {
  return infiniteQueryOptions({
    queryKey: [...briefVersionsQueryKey(workspaceId, briefId), 'list'],
    queryFn: ({ pageParam }) => getBriefVersions(workspaceId, briefId, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    meta: { errorToast: false },
  });
}

/** Query hook of {@link getBriefVersions}; runs only while the history is open. */
export function useBriefVersions(workspaceId: string, briefId: string, enabled: boolean) {
  return useInfiniteQuery({ ...briefVersionsQueryOptions(workspaceId, briefId), enabled });
}

/** GET …/briefs/{briefId}/versions/{version} → that version's content, without marks (contract BriefVersionSchema). */
export function getBriefVersion(workspaceId: string, briefId: string, version: number): Promise<BriefVersion> {
  return api.get<BriefVersion>(`${briefsPath(workspaceId, briefId)}/versions/${version}`);
}

/** Query options of {@link getBriefVersion}; a version never changes, so it stays fresh. */
export function briefVersionQueryOptions(workspaceId: string, briefId: string, version: number) {
  return queryOptions({
    queryKey: [...briefVersionsQueryKey(workspaceId, briefId), version],
    queryFn: () => getBriefVersion(workspaceId, briefId, version),
    staleTime: Infinity,
    meta: { errorToast: false },
  });
}

/** Query hook of {@link getBriefVersion}; idle while `version` is null. */
export function useBriefVersion(workspaceId: string, briefId: string, version: number | null) {
  return useQuery({ ...briefVersionQueryOptions(workspaceId, briefId, version ?? 0), enabled: version !== null });
}
