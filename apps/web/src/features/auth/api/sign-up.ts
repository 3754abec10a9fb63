import type { SignupBody, SignupUser } from '@tandem/contract';
import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ApiError } from '@/lib/api-error';

/**
 * POST v1/signup (seed §7) → the new, not yet activated user; mails an activation code. Rejects
 * with ApiError: 409 EMAIL_TAKEN, 400 WEAK_PASSWORD / VALIDATION_FAILED with errorData per field.
 */
export function signUp(body: SignupBody): Promise<SignupUser> {
  return api.post<SignupUser>('v1/signup', body);
}

/** Mutation hook of {@link signUp}. */
export function useSignUp(options: Omit<UseMutationOptions<SignupUser, ApiError, SignupBody>, 'mutationFn'> = {}) {
  return useMutation({ ...options, mutationFn: signUp });
}
