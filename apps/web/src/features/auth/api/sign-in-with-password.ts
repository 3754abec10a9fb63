import type { TokenPayload } from '@tandem/contract';
import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { CLIENT_ID } from '@/config/env';
import { api } from '@/lib/api-client';
import type { ApiError } from '@/lib/api-error';

/** What the login form sends. */
export interface PasswordSignInInput {
  loginIdentifier: string;
  password: string;
  /** Platform admins only: the email of the person to view as (PRODUCT §5). */
  impersonationIdentifier?: string | null;
}

/**
 * POST auth/password (seed §7) → the token payload. Rejects with ApiError: 401
 * INVALID_CREDENTIALS, 403 ACCOUNT_NOT_ACTIVATED, 429 TOO_MANY_REQUESTS. Never refreshes on 401.
 */
export function signInWithPassword(input: PasswordSignInInput): Promise<TokenPayload> {
  return api.post<TokenPayload>(
    'auth/password',
    {
      loginIdentifier: input.loginIdentifier,
      password: input.password,
      grant_type: 'password',
      ...(input.impersonationIdentifier ? { impersonation_identifier: input.impersonationIdentifier } : {}),
      client_id: CLIENT_ID,
    },
    { skipAuthRefresh: true },
  );
}

/** Mutation hook of {@link signInWithPassword}. */
export function useSignInWithPassword(options: Omit<UseMutationOptions<TokenPayload, ApiError, PasswordSignInInput>, 'mutationFn'> = {}) {
  return useMutation({ ...options, mutationFn: signInWithPassword });
}
