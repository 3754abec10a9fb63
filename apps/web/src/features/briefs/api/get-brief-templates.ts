import type { BriefTemplate } from '@tandem/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The key every brief-template query of a workspace starts with: invalidate it to refresh the list and each template. */
export function briefTemplatesQueryKey(workspaceId: string) {
  return ['workspaces', workspaceId, 'brief-templates'] as const;
}

/**
 * GET v1/workspaces/{id}/brief-templates → every template the workspace can use: the built-ins
 * first (in their fixed order), then the workspace's own by name (contract briefs.ts). Anyone who
 * may view briefs may list them (PRODUCT §6).
 */
export async function getBriefTemplates(workspaceId: string): Promise<BriefTemplate[]> {
  const page = await api.get<{ items: BriefTemplate[] }>(`v1/workspaces/${encodeURIComponent(workspaceId)}/brief-templates`);
  return page.items;
}

/** Query options of {@link getBriefTemplates}. */
export function briefTemplatesQueryOptions(workspaceId: string) {
  return queryOptions({
    queryKey: [...briefTemplatesQueryKey(workspaceId), 'list'],
    queryFn: () => getBriefTemplates(workspaceId),
  });
}

/** Query hook of {@link getBriefTemplates}. */
export function useBriefTemplates(workspaceId: string) {
  return useQuery(briefTemplatesQueryOptions(workspaceId));
}
