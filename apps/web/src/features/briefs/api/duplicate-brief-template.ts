import type { BriefTemplate } from '@tandem/contract';
import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ApiError } from '@/lib/api-error';
import { briefTemplateQueryOptions } from './get-brief-template';
import { briefTemplatesQueryOptions } from './get-brief-templates';

/** Variables of {@link duplicateBriefTemplate}. */
export interface DuplicateBriefTemplateVariables {
  workspaceId: string;
  templateId: string;
}

/**
 * POST v1/workspaces/{id}/brief-templates/{templateId}/duplicate → 201 a workspace template named
 * "Copy of {name}" with the same sections (issue #9: built-ins are read-only and can be
 * duplicated). Rejects 403 unless the member may edit briefs, 404 for an unknown template.
 */
export function duplicateBriefTemplate({ workspaceId, templateId }: DuplicateBriefTemplateVariables): Promise<BriefTemplate> {
  return api.post<BriefTemplate>(
    `v1/workspaces/${encodeURIComponent(workspaceId)}/brief-templates/${encodeURIComponent(templateId)}/duplicate`,
  );
}

/** Mutation hook of {@link duplicateBriefTemplate}: the copy goes into the cache, then the list refreshes. */
export function useDuplicateBriefTemplate(
  options: Omit<UseMutationOptions<BriefTemplate, ApiError, DuplicateBriefTemplateVariables>, 'mutationFn'> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: duplicateBriefTemplate,
    onSuccess: (template, variables, onMutateResult, context) => {
      queryClient.setQueryData(briefTemplateQueryOptions(variables.workspaceId, template.id).queryKey, template);
      return options.onSuccess?.(template, variables, onMutateResult, context);
    },
    onSettled: (_data, _error, { workspaceId }) =>
      queryClient.invalidateQueries({ queryKey: briefTemplatesQueryOptions(workspaceId).queryKey, exact: true }),
  });
}
