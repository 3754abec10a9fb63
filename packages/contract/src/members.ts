import { z } from 'zod';
import { workspaceMemberTypes } from './vocabulary/members.js';

export {
  workspaceMemberTypes,
  workspaceMemberTypeLabels,
  workspaceMemberTypeDescriptions,
  type WorkspaceMemberType,
} from './vocabulary/members.js';

/** Member types (seed §3); the types, labels and descriptions live in vocabulary/members.ts. */
export const WorkspaceMemberTypeSchema = z.enum(workspaceMemberTypes);

/** Subscription plans (PRODUCT §2, §8). */
export const subscriptionTypes = ['FREE', 'PRO', 'ENTERPRISE'] as const;
export const SubscriptionTypeSchema = z.enum(subscriptionTypes);
export type SubscriptionType = z.infer<typeof SubscriptionTypeSchema>;

/**
 * Kinds of activity item (PRODUCT §2; issue #8 added MEMBER_INVITED, PLAN_CHANGED, TASK_CREATED
 * and TASK_OVERDUE; issue #9 BRIEF_NEED_MORE); later features add their producers. The subject each kind carries is
 * documented on the contract's ActivityItemSchema (activity.ts).
 */
export const activityKinds = [
  'ANSWER_RECEIVED',
  'BRIEF_READY',
  'BRIEF_ACKNOWLEDGED',
  'TASK_ASSIGNED',
  'TASK_DONE',
  'MEMBER_JOINED',
  'MEMBER_ROLE_CHANGED',
  'CHAT_REPLY',
  'SUMMARY_PUBLISHED',
  'MEMBER_INVITED',
  'PLAN_CHANGED',
  'TASK_CREATED',
  'TASK_OVERDUE',
  'BRIEF_NEED_MORE',
] as const;
export const ActivityKindSchema = z.enum(activityKinds);
export type ActivityKind = z.infer<typeof ActivityKindSchema>;

/** Membership states (PRODUCT §2): INVITED until the invitee's first sign-in, then ACTIVE. */
export const memberStatuses = ['INVITED', 'ACTIVE'] as const;
export const MemberStatusSchema = z.enum(memberStatuses);
export type MemberStatus = z.infer<typeof MemberStatusSchema>;
