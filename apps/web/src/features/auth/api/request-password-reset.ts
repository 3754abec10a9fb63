import type { PasswordForgotBody } from '@tandem/contract';
import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ApiError } from '@/lib/api-error';

/**
 * POST auth/password/forgot {loginIdentifier} → true, whether or not the account exists
 * (PRODUCT §5: no account enumeration).
 */
export function requestPasswordReset(body: PasswordForgotBody): Promise<true> {
  return api.post<true>('auth/password/forgot', body);
}

/** Mutation hook of {@link requestPasswordReset}. */
export function useRequestPasswordReset(options: Omit<UseMutationOptions<true, ApiError, PasswordForgotBody>, 'mutationFn'> = {}) {
  return useMutation({ ...options, mutationFn: requestPasswordReset });
}
