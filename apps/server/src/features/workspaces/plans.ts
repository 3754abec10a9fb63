import { planLimits, type Subscription, type SubscriptionType } from '@tandem/contract';
import { AppError } from '../../lib/errors.js';

/**
 * Refuses one more member when the plan is full (PRODUCT §8: 402 PLAN_LIMIT naming the limit).
 * `current` counts ACTIVE and INVITED members: a pending invitation holds a seat.
 */
export function assertRoomForMember(plan: SubscriptionType, current: number): void {
  const limit = planLimits[plan].members;
  if (limit === null || current < limit) return;
  throw new AppError(
    'PLAN_LIMIT',
    `Your ${plan} plan allows ${limit} members, pending invitations included. Upgrade the plan or remove a member first.`,
  );
}

/**
 * Refuses a move to `plan` while the workspace uses more than that plan allows (PRODUCT §8:
 * 402 PLAN_LIMIT naming the limit). Monthly AI generations are a rate, not a holding, so they
 * do not block a change.
 */
export function assertUsageFitsPlan(plan: SubscriptionType, usage: Subscription['usage']): void {
  const limits = planLimits[plan];
  if (limits.members !== null && usage.members > limits.members) {
    throw new AppError(
      'PLAN_LIMIT',
      `The ${plan} plan allows ${limits.members} members and this workspace has ${usage.members}, pending invitations included. Remove members first.`,
    );
  }
  if (limits.activeQuestionRequests !== null && usage.activeQuestionRequests > limits.activeQuestionRequests) {
    throw new AppError(
      'PLAN_LIMIT',
      `The ${plan} plan allows ${limits.activeQuestionRequests} active question requests and this workspace has ${usage.activeQuestionRequests}. Close some first.`,
    );
  }
}
