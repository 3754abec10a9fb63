import type { Member, UpdateMemberBody } from '@tandem/contract';
import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ApiError } from '@/lib/api-error';
import { membersQueryOptions } from './get-members';

/** Variables of {@link updateMember}. */
export interface UpdateMemberVariables {
  workspaceId: string;
  memberId: string;
  body: UpdateMemberBody;
}

/**
 * PATCH v1/workspaces/{id}/members/{memberId} {workspaceMemberType} → the changed member (seed §7).
 * Rejects 409 for a second EXECUTIVE or when it would demote the last OWNER-or-EXECUTIVE
 * (PRODUCT §6), 403 unless the caller is OWNER or EXECUTIVE.
 */
export function updateMember({ workspaceId, memberId, body }: UpdateMemberVariables): Promise<Member> {
  return api.patch<Member>(`v1/workspaces/${encodeURIComponent(workspaceId)}/members/${encodeURIComponent(memberId)}`, body);
}

/** Mutation hook of {@link updateMember}; refreshes the member list. */
export function useUpdateMember(options: Omit<UseMutationOptions<Member, ApiError, UpdateMemberVariables>, 'mutationFn'> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: updateMember,
    onSettled: (_data, _error, { workspaceId }) => queryClient.invalidateQueries({ queryKey: membersQueryOptions(workspaceId).queryKey }),
  });
}
