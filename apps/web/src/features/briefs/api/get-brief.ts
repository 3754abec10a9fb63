import type { Brief } from '@tandem/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { briefsPath, briefsQueryKey } from './get-briefs';

/** GET v1/workspaces/{id}/briefs/{briefId} → the brief. Rejects 404 when it is gone, in another workspace or not visible (PRODUCT §6). */
export function getBrief(workspaceId: string, briefId: string): Promise<Brief> {
  return api.get<Brief>(briefsPath(workspaceId, briefId));
}

/** Query options of {@link getBrief}; its key sits under {@link briefsQueryKey}. The screen shows its own error. */
export function briefQueryOptions(workspaceId: string, briefId: string) {
  return queryOptions({
    queryKey: [...briefsQueryKey(workspaceId), 'detail', briefId],
    queryFn: () => getBrief(workspaceId, briefId),
    meta: { errorToast: false },
  });
}

/** Query hook of {@link getBrief}. */
export function useBrief(workspaceId: string, briefId: string) {
  return useQuery(briefQueryOptions(workspaceId, briefId));
}
