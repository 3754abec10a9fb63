import type { ActivateBody, SignupUser } from '@tandem/contract';
import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ApiError } from '@/lib/api-error';

/** POST v1/signup/activate {loginIdentifier, activationCode} → the activated user (PRODUCT §4). */
export function activateAccount(body: ActivateBody): Promise<SignupUser> {
  return api.post<SignupUser>('v1/signup/activate', body);
}

/** Mutation hook of {@link activateAccount}. */
export function useActivateAccount(options: Omit<UseMutationOptions<SignupUser, ApiError, ActivateBody>, 'mutationFn'> = {}) {
  return useMutation({ ...options, mutationFn: activateAccount });
}
