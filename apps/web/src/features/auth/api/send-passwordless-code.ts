import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { CLIENT_ID } from '@/config/env';
import { api } from '@/lib/api-client';
import type { ApiError } from '@/lib/api-error';

/**
 * POST auth/passwordless {loginIdentifier, clientId} → {timestamp} (ms since the epoch; seed §3,
 * §7). 429 when asked again within 60 s.
 */
export function sendPasswordlessCode(loginIdentifier: string): Promise<{ timestamp: number }> {
  return api.post<{ timestamp: number }>('auth/passwordless', { loginIdentifier, clientId: CLIENT_ID });
}

/** Mutation hook of {@link sendPasswordlessCode}; the variable is the email. */
export function useSendPasswordlessCode(options: Omit<UseMutationOptions<{ timestamp: number }, ApiError, string>, 'mutationFn'> = {}) {
  return useMutation({ ...options, mutationFn: sendPasswordlessCode });
}
