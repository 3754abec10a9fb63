import { z } from 'zod';

/** Member types and their labels (seed §3). */
export const workspaceMemberTypes = ['OWNER', 'EXECUTIVE', 'EXECUTIVEASSISTANT', 'USER', 'GUEST'] as const;
export const WorkspaceMemberTypeSchema = z.enum(workspaceMemberTypes);
export type WorkspaceMemberType = z.infer<typeof WorkspaceMemberTypeSchema>;

export const workspaceMemberTypeLabels: Record<WorkspaceMemberType, string> = {
  OWNER: 'Owner',
  EXECUTIVE: 'Executive',
  EXECUTIVEASSISTANT: 'Executive Assistant',
  USER: 'User',
  GUEST: 'Guest',
};

/**
 * One line per member type, shown wherever a type is chosen (invite, change type; issue #8). Each
 * states what PRODUCT §1 and §6 give that type, so keep them in step with permissions.ts.
 */
export const workspaceMemberTypeDescriptions: Record<WorkspaceMemberType, string> = {
  OWNER: 'Runs the workspace: name, plan, members and all the work.',
  EXECUTIVE: 'The person this office supports: owner rights, and acknowledges briefs. One per workspace.',
  EXECUTIVEASSISTANT: 'Prepares briefs, questions and tasks; invites users and guests.',
  USER: 'Staff who help: sees briefs and questions, creates tasks, edits their own.',
  GUEST: 'Read-only outsider: sees ready briefs and the tasks assigned to them.',
};

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
