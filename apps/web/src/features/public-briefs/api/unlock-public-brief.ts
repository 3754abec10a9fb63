import type { PublicBrief } from '@tandem/contract';
import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { ApiError } from '@/lib/api-error';
import { publicBriefPath } from './get-public-brief';

/** Variables of {@link unlockPublicBrief}. */
export interface UnlockPublicBriefVariables {
  linkId: string;
  passcode: string;
}

/**
 * POST v1/public/briefs/{linkId}/unlock {passcode} → the PublicBrief of a protected link (counts as
 * a view). Rejects 401 PASSCODE_INVALID for a wrong passcode, 429 with Retry-After (seconds, on the
 * ApiError) after 10 wrong in a row on the link, 410 when the link is no longer active (contract
 * UnlockPublicBriefBody).
 */
export function unlockPublicBrief({ linkId, passcode }: UnlockPublicBriefVariables): Promise<PublicBrief> {
  return apiRequest<PublicBrief>(`${publicBriefPath(linkId)}/unlock`, { method: 'POST', body: { passcode }, skipAuthRefresh: true });
}

/** Mutation hook of {@link unlockPublicBrief}; the passcode form shows its errors itself (no toast). */
export function useUnlockPublicBrief(
  options: Omit<UseMutationOptions<PublicBrief, ApiError, UnlockPublicBriefVariables>, 'mutationFn'> = {},
) {
  return useMutation({ meta: { errorToast: false }, ...options, mutationFn: unlockPublicBrief });
}
