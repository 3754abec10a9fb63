import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST auth/password/reset/validate-code {actionCode} → {isActive} (seed §7). */
export function validateResetCode(actionCode: string): Promise<{ isActive: boolean }> {
  return api.post<{ isActive: boolean }>('auth/password/reset/validate-code', { actionCode });
}

/** Query options of {@link validateResetCode}; never cached (a code is single use). */
export function validateResetCodeQueryOptions(actionCode: string) {
  return queryOptions({
    queryKey: ['auth', 'reset-code', actionCode],
    queryFn: () => validateResetCode(actionCode),
    staleTime: 0,
    gcTime: 0,
    meta: { errorToast: false },
  });
}

/** Query hook of {@link validateResetCode}; disabled without a code. */
export function useValidateResetCode(actionCode: string | null) {
  return useQuery({ ...validateResetCodeQueryOptions(actionCode ?? ''), enabled: Boolean(actionCode) });
}
