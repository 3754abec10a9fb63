import type { Onboarding } from '@tandem/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * GET v1/onboarding (issue #8) → whether the first-run question (PRODUCT §1) is still unanswered,
 * and the welcomes of newly accepted invitations.
 */
export function getOnboarding(): Promise<Onboarding> {
  return api.get<Onboarding>('v1/onboarding');
}

/** Query options of {@link getOnboarding}, per signed-in person (`personId`). Read once per landing. */
export function onboardingQueryOptions(personId: string) {
  return queryOptions({
    queryKey: ['onboarding', personId],
    queryFn: getOnboarding,
    staleTime: Number.POSITIVE_INFINITY,
    meta: { errorToast: false },
  });
}

/** Query hook of {@link getOnboarding}; idle without a person. A failed load shows nothing (it only adds prompts). */
export function useOnboarding(personId: string | null) {
  return useQuery({ ...onboardingQueryOptions(personId ?? ''), enabled: personId !== null });
}
