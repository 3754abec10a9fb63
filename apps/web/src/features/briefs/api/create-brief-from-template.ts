import type { Brief, BriefTemplate } from '@tandem/contract';
import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ApiError } from '@/lib/api-error';

/** Variables of {@link createBriefFromTemplate}. */
export interface CreateBriefFromTemplateVariables {
  workspaceId: string;
  template: Pick<BriefTemplate, 'id' | 'name'>;
}

/**
 * "Use this template" (issue #9): POST v1/workspaces/{id}/briefs {title: the template's name,
 * templateId} → 201 a DRAFT brief with the template's sections, empty, their guidance as
 * placeholder text (contract CreateBriefBody). Rejects 403 unless the member may edit briefs, 404
 * for an unknown template. The brief list refreshes when its page opens (web-briefs' queries).
 */
export function createBriefFromTemplate({ workspaceId, template }: CreateBriefFromTemplateVariables): Promise<Brief> {
  return api.post<Brief>(`v1/workspaces/${encodeURIComponent(workspaceId)}/briefs`, { title: template.name, templateId: template.id });
}

/** Mutation hook of {@link createBriefFromTemplate}. */
export function useCreateBriefFromTemplate(
  options: Omit<UseMutationOptions<Brief, ApiError, CreateBriefFromTemplateVariables>, 'mutationFn'> = {},
) {
  return useMutation({ ...options, mutationFn: createBriefFromTemplate });
}
