import type { CreateWorkspaceBody, WorkspaceSummary } from '@tandem/contract';
import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ApiError } from '@/lib/api-error';
import { workspacesQueryOptions } from './get-workspaces';

/** POST v1/workspaces {name} → the new workspace; the caller is its OWNER on FREE (PRODUCT §1). */
export function createWorkspace(body: CreateWorkspaceBody): Promise<WorkspaceSummary> {
  return api.post<WorkspaceSummary>('v1/workspaces', body);
}

/** Mutation hook of {@link createWorkspace}; refreshes the list of my workspaces. */
export function useCreateWorkspace(options: Omit<UseMutationOptions<WorkspaceSummary, ApiError, CreateWorkspaceBody>, 'mutationFn'> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: createWorkspace,
    onSettled: () => queryClient.invalidateQueries({ queryKey: workspacesQueryOptions().queryKey }),
  });
}
