import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ApiError } from '@/lib/api-error';

/**
 * POST v1/workspaces/{id}/leave: ends the caller's own membership. Rejects 409 when the caller is
 * the last OWNER-or-EXECUTIVE (PRODUCT §6).
 */
export function leaveWorkspace(workspaceId: string): Promise<unknown> {
  return api.post<unknown>(`v1/workspaces/${encodeURIComponent(workspaceId)}/leave`);
}

/** Mutation hook of {@link leaveWorkspace}. */
export function useLeaveWorkspace(options: Omit<UseMutationOptions<unknown, ApiError, string>, 'mutationFn'> = {}) {
  return useMutation({ ...options, mutationFn: leaveWorkspace });
}
