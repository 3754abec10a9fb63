import { z } from 'zod';
import { payloadOf } from './envelope.js';
import { SubscriptionTypeSchema, type SubscriptionType } from './members.js';

export const subscriptionStatuses = ['TRIALING', 'ACTIVE', 'PAST_DUE', 'CANCELED'] as const;

/** What a plan allows (PRODUCT §8); a number limit null = unlimited. */
export interface PlanLimits {
  members: number | null;
  aiGenerationsPerMonth: number | null;
  activeQuestionRequests: number | null;
  slack: boolean;
}

/**
 * The plans of PRODUCT §8, the one place their limits are written: the server enforces them (402
 * PLAN_LIMIT naming the limit) and the web describes them. Listed in upgrade order.
 */
export const planLimits: Record<SubscriptionType, PlanLimits> = {
  FREE: { members: 3, aiGenerationsPerMonth: 20, activeQuestionRequests: 5, slack: false },
  PRO: { members: 15, aiGenerationsPerMonth: 1000, activeQuestionRequests: null, slack: true },
  ENTERPRISE: { members: null, aiGenerationsPerMonth: null, activeQuestionRequests: null, slack: true },
};

/** `null` means unlimited (PRODUCT §8). */
const LimitSchema = z.number().int().nonnegative().nullable();

/** A workspace's subscription with its plan limits and current usage (PRODUCT §2, §8). */
export const SubscriptionSchema = z
  .object({
    workspaceId: z.uuid(),
    subscriptionType: SubscriptionTypeSchema,
    status: z.enum(subscriptionStatuses),
    currentPeriodEnd: z.iso.datetime().nullable(),
    limits: z.object({
      members: LimitSchema,
      aiGenerationsPerMonth: LimitSchema,
      activeQuestionRequests: LimitSchema,
      slack: z.boolean(),
    }),
    usage: z.object({
      members: z.number().int().nonnegative(),
      aiGenerationsThisMonth: z.number().int().nonnegative(),
      activeQuestionRequests: z.number().int().nonnegative(),
    }),
  })
  .meta({ id: 'Subscription' });
export type Subscription = z.infer<typeof SubscriptionSchema>;

export const SubscriptionResponseSchema = payloadOf(SubscriptionSchema);

/** The path parameters of a workspace's routes: `{id}`. */
export const WorkspaceParamsSchema = z.object({ id: z.uuid().meta({ description: 'The workspace id.' }) });

/** PATCH v1/workspaces/{id}/subscription body: the plan to move to (PRODUCT §8, self-hosted). */
export const UpdateSubscriptionBodySchema = z.object({
  subscriptionType: SubscriptionTypeSchema,
});
export type UpdateSubscriptionBody = z.infer<typeof UpdateSubscriptionBodySchema>;
