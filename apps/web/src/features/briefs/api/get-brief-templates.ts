import type { BriefTemplate } from '@tandem/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The key of a workspace's template list (built-ins and its own). */
export function briefTemplatesQueryKey(workspaceId: string) {
  return ['workspaces', workspaceId, 'brief-templates'] as const;
}

/**
 * GET v1/workspaces/{id}/brief-templates → `{ items }`: the built-ins first in their fixed order,
 * then the workspace's by name (contract ListBriefTemplatesResponseSchema; issue #9).
 */
export async function getBriefTemplates(workspaceId: string): Promise<BriefTemplate[]> {
  const list = await api.get<{ items: BriefTemplate[] }>(`v1/workspaces/${encodeURIComponent(workspaceId)}/brief-templates`);
  return list.items;
}

/** Query options of {@link getBriefTemplates}; keyed by {@link briefTemplatesQueryKey}. */
export function briefTemplatesQueryOptions(workspaceId: string) {
  return queryOptions({
    queryKey: briefTemplatesQueryKey(workspaceId),
    queryFn: () => getBriefTemplates(workspaceId),
    staleTime: 5 * 60_000,
    meta: { errorToast: false },
  });
}

/** Query hook of {@link getBriefTemplates}. */
export function useBriefTemplates(workspaceId: string, options: { enabled?: boolean } = {}) {
  return useQuery({ ...briefTemplatesQueryOptions(workspaceId), ...options });
}
