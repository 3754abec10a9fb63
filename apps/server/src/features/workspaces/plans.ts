import type { SubscriptionType } from '@tandem/contract';

/** Plan limits (PRODUCT §8); null = unlimited. */
export const planLimits: Record<
  SubscriptionType,
  { members: number | null; aiGenerationsPerMonth: number | null; activeQuestionRequests: number | null; slack: boolean }
> = {
  FREE: { members: 3, aiGenerationsPerMonth: 20, activeQuestionRequests: 5, slack: false },
  PRO: { members: 15, aiGenerationsPerMonth: 1000, activeQuestionRequests: null, slack: true },
  ENTERPRISE: { members: null, aiGenerationsPerMonth: null, activeQuestionRequests: null, slack: true },
};
