import type { UpdateWorkspaceBody, WorkspaceSummary } from '@tandem/contract';
import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ApiError } from '@/lib/api-error';
import { workspacesQueryOptions } from './get-workspaces';

/** Variables of {@link updateWorkspace}. */
export interface UpdateWorkspaceVariables {
  workspaceId: string;
  body: UpdateWorkspaceBody;
}

/**
 * PATCH v1/workspaces/{id} {name} → the renamed workspace (PRODUCT §3 General tab). 403 unless
 * OWNER or EXECUTIVE (PRODUCT §6); 400 with errorData.name for a bad name.
 */
export function updateWorkspace({ workspaceId, body }: UpdateWorkspaceVariables): Promise<WorkspaceSummary> {
  return api.patch<WorkspaceSummary>(`v1/workspaces/${encodeURIComponent(workspaceId)}`, body);
}

/** Mutation hook of {@link updateWorkspace}; refreshes the list of my workspaces. */
export function useUpdateWorkspace(
  options: Omit<UseMutationOptions<WorkspaceSummary, ApiError, UpdateWorkspaceVariables>, 'mutationFn'> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: updateWorkspace,
    onSettled: () => queryClient.invalidateQueries({ queryKey: workspacesQueryOptions().queryKey }),
  });
}
