import { z } from 'zod';
import { payloadOf } from './envelope.js';
import { WorkspaceMemberTypeSchema } from './members.js';

/**
 * A pending welcome into a workspace (issue #8): the invitation of `memberId` was accepted by the
 * person's sign-in and the web has not yet said "Jamie added you as Executive Assistant in Alex's
 * office". `inviterFirstName` is null when the inviter's account no longer exists.
 */
export const WelcomeSchema = z
  .object({
    memberId: z.uuid(),
    workspaceId: z.uuid(),
    workspaceName: z.string(),
    workspaceMemberType: WorkspaceMemberTypeSchema,
    inviterFirstName: z.string().nullable(),
  })
  .meta({ id: 'Welcome' });
export type Welcome = z.infer<typeof WelcomeSchema>;

/**
 * GET v1/onboarding: what the signed-in landing still has to tell or ask the person (issue #8).
 * `firstRunQuestion`: the first-run question "Are you the executive or an assistant?" (PRODUCT §1)
 * is unanswered; `welcomes`: invitations accepted but not yet welcomed, oldest first.
 */
export const OnboardingSchema = z
  .object({
    firstRunQuestion: z.boolean(),
    welcomes: z.array(WelcomeSchema),
  })
  .meta({ id: 'Onboarding' });
export type Onboarding = z.infer<typeof OnboardingSchema>;
export const OnboardingResponseSchema = payloadOf(OnboardingSchema);

/** Path parameters of POST v1/onboarding/welcomes/{memberId}/seen. */
export const WelcomeParamsSchema = z.object({ memberId: z.uuid().describe('The membership the welcome is about.') });
