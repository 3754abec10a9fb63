import type { BriefTemplate } from '@tandem/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { briefTemplatesQueryKey } from './get-brief-templates';

/**
 * GET v1/workspaces/{id}/brief-templates/{templateId} → one template, built-in or the workspace's
 * (contract briefs.ts). Rejects 404 for an unknown template or another workspace's.
 */
export function getBriefTemplate(workspaceId: string, templateId: string): Promise<BriefTemplate> {
  return api.get<BriefTemplate>(`v1/workspaces/${encodeURIComponent(workspaceId)}/brief-templates/${encodeURIComponent(templateId)}`);
}

/** Query options of {@link getBriefTemplate}; the page shows a missing template itself (no toast). */
export function briefTemplateQueryOptions(workspaceId: string, templateId: string) {
  return queryOptions({
    queryKey: [...briefTemplatesQueryKey(workspaceId), 'detail', templateId],
    queryFn: () => getBriefTemplate(workspaceId, templateId),
    meta: { errorToast: false },
  });
}

/** Query hook of {@link getBriefTemplate}. */
export function useBriefTemplate(workspaceId: string, templateId: string) {
  return useQuery(briefTemplateQueryOptions(workspaceId, templateId));
}
