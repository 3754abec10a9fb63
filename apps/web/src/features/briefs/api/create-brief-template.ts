import type { BriefTemplate, CreateBriefTemplateBody } from '@tandem/contract';
import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ApiError } from '@/lib/api-error';
import { briefTemplateQueryOptions } from './get-brief-template';
import { briefTemplatesQueryOptions } from './get-brief-templates';

/** Variables of {@link createBriefTemplate}. */
export interface CreateBriefTemplateVariables {
  workspaceId: string;
  body: CreateBriefTemplateBody;
}

/**
 * POST v1/workspaces/{id}/brief-templates {name, description?, sections[1..20]} → 201 the template
 * (contract briefs.ts). Rejects 400 with errorData per field, 403 unless the member may edit briefs
 * (PRODUCT §6).
 */
export function createBriefTemplate({ workspaceId, body }: CreateBriefTemplateVariables): Promise<BriefTemplate> {
  return api.post<BriefTemplate>(`v1/workspaces/${encodeURIComponent(workspaceId)}/brief-templates`, body);
}

/** Mutation hook of {@link createBriefTemplate}: the new template goes into the cache, then the list refreshes. */
export function useCreateBriefTemplate(
  options: Omit<UseMutationOptions<BriefTemplate, ApiError, CreateBriefTemplateVariables>, 'mutationFn'> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: createBriefTemplate,
    onSuccess: (template, variables, onMutateResult, context) => {
      queryClient.setQueryData(briefTemplateQueryOptions(variables.workspaceId, template.id).queryKey, template);
      return options.onSuccess?.(template, variables, onMutateResult, context);
    },
    onSettled: (_data, _error, { workspaceId }) =>
      queryClient.invalidateQueries({ queryKey: briefTemplatesQueryOptions(workspaceId).queryKey, exact: true }),
  });
}
