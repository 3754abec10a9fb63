import type { Onboarding } from '@tandem/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { onboardingQueryOptions } from './get-onboarding';

/** POST v1/onboarding/first-run: the first-run question (PRODUCT §1) is answered; not asked again. */
export function markFirstRunAnswered(): Promise<true> {
  return api.post<true>('v1/onboarding/first-run');
}

/** POST v1/onboarding/welcomes/{memberId}/seen: the welcome into that membership was shown (issue #8). */
export function markWelcomeSeen(memberId: string): Promise<true> {
  return api.post<true>(`v1/onboarding/welcomes/${encodeURIComponent(memberId)}/seen`);
}

/** Mutation hook of {@link markFirstRunAnswered}; the cached onboarding stops asking at once. */
export function useMarkFirstRunAnswered(personId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markFirstRunAnswered,
    onSuccess: () =>
      queryClient.setQueryData<Onboarding>(onboardingQueryOptions(personId).queryKey, (old) => old && { ...old, firstRunQuestion: false }),
  });
}

/** Mutation hook of {@link markWelcomeSeen} (variable: the memberId). Quiet on failure: the welcome may then show once more. */
export function useMarkWelcomeSeen() {
  return useMutation({ mutationFn: markWelcomeSeen, meta: { errorToast: false } });
}
