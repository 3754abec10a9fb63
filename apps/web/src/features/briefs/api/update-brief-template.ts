import type { BriefTemplate, UpdateBriefTemplateBody } from '@tandem/contract';
import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ApiError } from '@/lib/api-error';
import { briefTemplateQueryOptions } from './get-brief-template';
import { briefTemplatesQueryOptions } from './get-brief-templates';

/** Variables of {@link updateBriefTemplate}. */
export interface UpdateBriefTemplateVariables {
  workspaceId: string;
  templateId: string;
  body: UpdateBriefTemplateBody;
}

/**
 * PATCH v1/workspaces/{id}/brief-templates/{templateId} {name?, description?, sections?} → the
 * template (contract briefs.ts; `sections` replaces them all). Rejects 400 with errorData per field,
 * 403 for a built-in ("duplicate it to change it") or a member who may not edit briefs, 404 for an
 * unknown template.
 */
export function updateBriefTemplate({ workspaceId, templateId, body }: UpdateBriefTemplateVariables): Promise<BriefTemplate> {
  return api.patch<BriefTemplate>(
    `v1/workspaces/${encodeURIComponent(workspaceId)}/brief-templates/${encodeURIComponent(templateId)}`,
    body,
  );
}

/** Mutation hook of {@link updateBriefTemplate}: the saved template replaces the cached one; the list refreshes. */
export function useUpdateBriefTemplate(
  options: Omit<UseMutationOptions<BriefTemplate, ApiError, UpdateBriefTemplateVariables>, 'mutationFn'> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: updateBriefTemplate,
    onSuccess: (template, variables, onMutateResult, context) => {
      queryClient.setQueryData(briefTemplateQueryOptions(variables.workspaceId, template.id).queryKey, template);
      return options.onSuccess?.(template, variables, onMutateResult, context);
    },
    onSettled: (_data, _error, { workspaceId }) =>
      queryClient.invalidateQueries({ queryKey: briefTemplatesQueryOptions(workspaceId).queryKey, exact: true }),
  });
}
