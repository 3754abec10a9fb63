import type { PasswordUpdateBody } from '@tandem/contract';
import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ApiError } from '@/lib/api-error';

/**
 * POST auth/password/update {currentPassword, password} → true (seed §7, §8). Rejects with
 * ApiError (wrong current password, WEAK_PASSWORD with errorData.password).
 */
export function updatePassword(body: PasswordUpdateBody): Promise<true> {
  return api.post<true>('auth/password/update', body);
}

/** Mutation hook of {@link updatePassword}. */
export function useUpdatePassword(options: Omit<UseMutationOptions<true, ApiError, PasswordUpdateBody>, 'mutationFn'> = {}) {
  return useMutation({ ...options, mutationFn: updatePassword });
}
