import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ApiError } from '@/lib/api-error';
import { membersQueryOptions } from './get-members';

/** Variables of {@link removeMember}. */
export interface RemoveMemberVariables {
  workspaceId: string;
  memberId: string;
}

/**
 * DELETE v1/workspaces/{id}/members/{memberId}: removes a member or withdraws an invitation
 * (PRODUCT §3). Rejects 409 for the last OWNER-or-EXECUTIVE, 403 unless OWNER or EXECUTIVE (§6).
 */
export function removeMember({ workspaceId, memberId }: RemoveMemberVariables): Promise<unknown> {
  return api.delete<unknown>(`v1/workspaces/${encodeURIComponent(workspaceId)}/members/${encodeURIComponent(memberId)}`);
}

/** Mutation hook of {@link removeMember}; refreshes the member list. */
export function useRemoveMember(options: Omit<UseMutationOptions<unknown, ApiError, RemoveMemberVariables>, 'mutationFn'> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: removeMember,
    onSettled: (_data, _error, { workspaceId }) => queryClient.invalidateQueries({ queryKey: membersQueryOptions(workspaceId).queryKey }),
  });
}
