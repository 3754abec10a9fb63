import type { InviteMemberBody, Member } from '@tandem/contract';
import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ApiError } from '@/lib/api-error';
import { membersQueryOptions } from './get-members';

/** Variables of {@link inviteMember}. */
export interface InviteMemberVariables {
  workspaceId: string;
  body: InviteMemberBody;
}

/**
 * POST v1/workspaces/{id}/members {email, firstName, lastName, workspaceMemberType} → the INVITED
 * member; the invitee is mailed (seed §7, PRODUCT §3). Rejects 409 (already a member, or a second
 * EXECUTIVE), 402 PLAN_LIMIT (member limit, PRODUCT §8), 403 (type not invitable, PRODUCT §6).
 */
export function inviteMember({ workspaceId, body }: InviteMemberVariables): Promise<Member> {
  return api.post<Member>(`v1/workspaces/${encodeURIComponent(workspaceId)}/members`, body);
}

/** Mutation hook of {@link inviteMember}; refreshes the member list. */
export function useInviteMember(options: Omit<UseMutationOptions<Member, ApiError, InviteMemberVariables>, 'mutationFn'> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: inviteMember,
    onSettled: (_data, _error, { workspaceId }) => queryClient.invalidateQueries({ queryKey: membersQueryOptions(workspaceId).queryKey }),
  });
}
