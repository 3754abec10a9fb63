import { api } from '@/lib/api-client';

/**
 * POST auth/token/revoke {token} → true: ends the session on the server (PRODUCT §4). Used on
 * sign-out, best effort: callers ignore failures.
 */
export function revokeToken(refreshToken: string): Promise<true> {
  return api.post<true>('auth/token/revoke', { token: refreshToken }, { skipAuthRefresh: true });
}
