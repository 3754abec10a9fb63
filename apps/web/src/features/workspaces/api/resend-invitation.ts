import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ApiError } from '@/lib/api-error';

/** Variables of {@link resendInvitation}. */
export interface ResendInvitationVariables {
  workspaceId: string;
  memberId: string;
}

/** POST v1/workspaces/{id}/members/{memberId}/resend-invitation: mails an INVITED member again (PRODUCT §3). */
export function resendInvitation({ workspaceId, memberId }: ResendInvitationVariables): Promise<unknown> {
  return api.post<unknown>(`v1/workspaces/${encodeURIComponent(workspaceId)}/members/${encodeURIComponent(memberId)}/resend-invitation`);
}

/** Mutation hook of {@link resendInvitation}. */
export function useResendInvitation(options: Omit<UseMutationOptions<unknown, ApiError, ResendInvitationVariables>, 'mutationFn'> = {}) {
  return useMutation({ ...options, mutationFn: resendInvitation });
}
