import type { TokenPayload } from '@tandem/contract';
import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { CLIENT_ID } from '@/config/env';
import { api } from '@/lib/api-client';
import type { ApiError } from '@/lib/api-error';

/** What the verify screen sends. */
export interface VerifyCodeInput {
  /** The 6-digit code. */
  code: string;
  loginIdentifier: string;
  /** payload.timestamp of the send call, ms. */
  originalTimestamp: number;
  impersonationIdentifier?: string | null;
}

/** POST auth/passwordless/verify (seed §7) → the token payload. Never refreshes on 401. */
export function verifyPasswordlessCode(input: VerifyCodeInput): Promise<TokenPayload> {
  return api.post<TokenPayload>(
    'auth/passwordless/verify',
    {
      verificationToken: input.code,
      loginIdentifier: input.loginIdentifier,
      originalTimestamp: input.originalTimestamp,
      ...(input.impersonationIdentifier ? { impersonationIdentifier: input.impersonationIdentifier } : {}),
      clientId: CLIENT_ID,
    },
    { skipAuthRefresh: true },
  );
}

/** Mutation hook of {@link verifyPasswordlessCode}. */
export function useVerifyPasswordlessCode(options: Omit<UseMutationOptions<TokenPayload, ApiError, VerifyCodeInput>, 'mutationFn'> = {}) {
  return useMutation({ ...options, mutationFn: verifyPasswordlessCode });
}
