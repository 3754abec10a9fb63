import { planLimits, type PlanLimits, type SubscriptionType } from '@tandem/contract';

/** A plan as the change-plan dialog describes it: the contract's limits (PRODUCT §8) with words. */
export interface PlanDescription extends Omit<PlanLimits, 'slack'> {
  label: string;
  slack: string;
}

const labels: Record<SubscriptionType, { label: string; slack: string }> = {
  FREE: { label: 'Free', slack: 'No Slack' },
  PRO: { label: 'Pro', slack: 'Slack' },
  ENTERPRISE: { label: 'Enterprise', slack: 'Slack and audit export' },
};

/** The plans of PRODUCT §8, in upgrade order; the limits are the contract's, which the server enforces. */
export const plans = Object.fromEntries(
  (Object.keys(planLimits) as SubscriptionType[]).map((type) => [type, { ...planLimits[type], ...labels[type] }]),
) as Record<SubscriptionType, PlanDescription>;

/** "3 members", "Unlimited members": a limit as words. */
export function describeLimit(limit: number | null, noun: string): string {
  return limit === null ? `Unlimited ${noun}` : `${limit.toLocaleString()} ${noun}`;
}
