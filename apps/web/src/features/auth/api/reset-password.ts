import type { PasswordResetBody } from '@tandem/contract';
import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ApiError } from '@/lib/api-error';

/** POST auth/password/reset {actionCode, password} → true (seed §7, §8). */
export function resetPassword(body: PasswordResetBody): Promise<true> {
  return api.post<true>('auth/password/reset', body);
}

/** Mutation hook of {@link resetPassword}. */
export function useResetPassword(options: Omit<UseMutationOptions<true, ApiError, PasswordResetBody>, 'mutationFn'> = {}) {
  return useMutation({ ...options, mutationFn: resetPassword });
}
