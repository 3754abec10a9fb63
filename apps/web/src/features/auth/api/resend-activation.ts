import type { ResendActivationBody } from '@tandem/contract';
import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ApiError } from '@/lib/api-error';

/** POST v1/signup/resend-activation {loginIdentifier} → true; 429 within 60 s of the last code. */
export function resendActivation(body: ResendActivationBody): Promise<true> {
  return api.post<true>('v1/signup/resend-activation', body);
}

/** Mutation hook of {@link resendActivation}. */
export function useResendActivation(options: Omit<UseMutationOptions<true, ApiError, ResendActivationBody>, 'mutationFn'> = {}) {
  return useMutation({ ...options, mutationFn: resendActivation });
}
