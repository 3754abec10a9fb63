import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ApiError } from '@/lib/api-error';
import { briefTemplateQueryOptions } from './get-brief-template';
import { briefTemplatesQueryOptions } from './get-brief-templates';

/** Variables of {@link deleteBriefTemplate}. */
export interface DeleteBriefTemplateVariables {
  workspaceId: string;
  templateId: string;
}

/**
 * DELETE v1/workspaces/{id}/brief-templates/{templateId} → nothing. Briefs made from it keep their
 * sections. Rejects 403 for a built-in or a member who may not edit briefs, 404 for an unknown
 * template.
 */
export async function deleteBriefTemplate({ workspaceId, templateId }: DeleteBriefTemplateVariables): Promise<void> {
  await api.delete<unknown>(`v1/workspaces/${encodeURIComponent(workspaceId)}/brief-templates/${encodeURIComponent(templateId)}`);
}

/** Mutation hook of {@link deleteBriefTemplate}: drops the template from the cache, then the list refreshes. */
export function useDeleteBriefTemplate(options: Omit<UseMutationOptions<void, ApiError, DeleteBriefTemplateVariables>, 'mutationFn'> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: deleteBriefTemplate,
    onSuccess: (data, variables, onMutateResult, context) => {
      queryClient.removeQueries({ queryKey: briefTemplateQueryOptions(variables.workspaceId, variables.templateId).queryKey });
      return options.onSuccess?.(data, variables, onMutateResult, context);
    },
    onSettled: (_data, _error, { workspaceId }) =>
      queryClient.invalidateQueries({ queryKey: briefTemplatesQueryOptions(workspaceId).queryKey, exact: true }),
  });
}
