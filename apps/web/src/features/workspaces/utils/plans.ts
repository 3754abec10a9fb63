import type { SubscriptionType } from '@tandem/contract';

/** A plan as the change-plan dialog describes it; limits null = unlimited (PRODUCT §8). */
export interface PlanDescription {
  label: string;
  members: number | null;
  aiGenerationsPerMonth: number | null;
  activeQuestionRequests: number | null;
  slack: string;
}

/** The plans of PRODUCT §8, in upgrade order. The server's limits are authoritative. */
export const plans: Record<SubscriptionType, PlanDescription> = {
  FREE: { label: 'Free', members: 3, aiGenerationsPerMonth: 20, activeQuestionRequests: 5, slack: 'No Slack' },
  PRO: { label: 'Pro', members: 15, aiGenerationsPerMonth: 1000, activeQuestionRequests: null, slack: 'Slack' },
  ENTERPRISE: {
    label: 'Enterprise',
    members: null,
    aiGenerationsPerMonth: null,
    activeQuestionRequests: null,
    slack: 'Slack and audit export',
  },
};

/** "3 members", "Unlimited members": a limit as words. */
export function describeLimit(limit: number | null, noun: string): string {
  return limit === null ? `Unlimited ${noun}` : `${limit.toLocaleString()} ${noun}`;
}
