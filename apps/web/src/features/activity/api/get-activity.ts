import type { ActivityPage } from '@tandem/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Items per page of the activity panel (PRODUCT §4 list calls take `limit`; the API's default). */
export const ACTIVITY_PAGE_SIZE = 20;

/**
 * GET v1/workspaces/{id}/activity?limit&cursor → one page `{ items, nextCursor }`, newest first
 * (PRODUCT §4). `cursor` is the previous page's nextCursor.
 */
export function getActivity(workspaceId: string, cursor?: string): Promise<ActivityPage> {
  return api.get<ActivityPage>(`v1/workspaces/${encodeURIComponent(workspaceId)}/activity`, {
    query: { limit: ACTIVITY_PAGE_SIZE, cursor },
  });
}

/** Infinite-query options of {@link getActivity}; the key is what live events invalidate. */
export function activityQueryOptions(workspaceId: string) {
  return infiniteQueryOptions({
    queryKey: ['workspaces', workspaceId, 'activity'],
    queryFn: ({ pageParam }) => getActivity(workspaceId, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    staleTime: 0,
  });
}

/** Query hook of {@link getActivity}; `enabled` false keeps it idle (the panel is closed). */
export function useActivity(workspaceId: string, enabled = true) {
  return useInfiniteQuery({ ...activityQueryOptions(workspaceId), enabled });
}
