import { z } from 'zod';
import { InstantSchema } from './dates.js';
import { payloadOf } from './envelope.js';
import { ActivityKindSchema } from './members.js';

/** A member as an activity item names them: their member id and names. */
export const ActivityMemberSchema = z.object({ memberId: z.uuid(), firstName: z.string(), lastName: z.string() });
export type ActivityMember = z.infer<typeof ActivityMemberSchema>;

/**
 * One entry of a workspace's activity feed (PRODUCT §2). `actor` is the member who caused it
 * (null for a contact or the system — e.g. TASK_OVERDUE — or once that member is gone); `subject`
 * holds the ids and words the kind refers to, as they were when it happened:
 * - MEMBER_INVITED, MEMBER_ROLE_CHANGED: memberId, workspaceMemberType (the type given);
 *   MEMBER_JOINED: memberId;
 * - PLAN_CHANGED: from, to (subscription types);
 * - TASK_CREATED, TASK_ASSIGNED, TASK_DONE, TASK_OVERDUE: taskId, title; memberId = the assignee
 *   (TASK_ASSIGNED always, the others when there is one); TASK_OVERDUE also dueDate (YYYY-MM-DD);
 * - BRIEF_READY (for the executive), BRIEF_ACKNOWLEDGED (for the author): briefId, title;
 *   BRIEF_NEED_MORE (for the author): briefId, title, sectionId, heading, and note when given;
 * - ANSWER_RECEIVED: requestId, title, recipientId, contactId, contactName, state (the recipient's
 *   state after: PARTIAL or ANSWERED; issue #10);
 * - CHAT_REPLY: contactId, contactName, messageId, excerpt (the first 140 characters), and
 *   requestId when written on an answer page.
 * `subjectMember` is the member `subject.memberId` names, with their current names (an invitee's
 * too), or null when there is none or they have left. `isUnread`: newer than the caller's read
 * mark and not the caller's own doing — the rule behind hasNewActivityItems (seed §3).
 */
export const ActivityItemSchema = z
  .object({
    id: z.uuid(),
    kind: ActivityKindSchema,
    actor: ActivityMemberSchema.nullable(),
    subject: z.record(z.string(), z.string()),
    subjectMember: ActivityMemberSchema.nullable(),
    createdAt: z.iso.datetime(),
    isUnread: z.boolean(),
  })
  .meta({ id: 'ActivityItem' });
export type ActivityItem = z.infer<typeof ActivityItemSchema>;

/** GET v1/workspaces/{id}/activity query: cursor pagination of PRODUCT §4, newest first. */
export const ListActivityQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20).meta({ description: 'How many items to return, 1–100 (default 20).' }),
  /** The `nextCursor` of the previous page; opaque. */
  cursor: z.string().min(1).max(200).optional().meta({ description: 'The `nextCursor` of the previous page; omit for the first page.' }),
});
export type ListActivityQuery = z.infer<typeof ListActivityQuerySchema>;

/** A page of activity (PRODUCT §4: `{ items, nextCursor }`); `nextCursor` null on the last page. */
export const ActivityPageSchema = z
  .object({
    items: z.array(ActivityItemSchema),
    nextCursor: z.string().nullable(),
  })
  .meta({ id: 'ActivityPage' });
export type ActivityPage = z.infer<typeof ActivityPageSchema>;
export const ListActivityResponseSchema = payloadOf(ActivityPageSchema);
export type ListActivityResponse = z.infer<typeof ListActivityResponseSchema>;

/**
 * POST v1/workspaces/{id}/activity/read body. `until`: mark read up to this instant (e.g. the
 * createdAt of the newest item shown); omitted = now. The mark never moves back and never
 * passes now. The body itself may be omitted.
 */
export const MarkActivityReadBodySchema = z
  .object({
    until: InstantSchema.optional(),
  })
  .nullish();
export type MarkActivityReadBody = z.infer<typeof MarkActivityReadBodySchema>;

/** The caller's read mark after POST …/activity/read. */
export const MarkActivityReadResponseSchema = payloadOf(z.object({ readAt: z.iso.datetime() }).meta({ id: 'ActivityReadMark' }));
export type MarkActivityReadResponse = z.infer<typeof MarkActivityReadResponseSchema>;

/**
 * The `activity` workspace event (contract events.ts): an activity item the member may see was
 * recorded. Ids only; the client refetches the feed. `actorMemberId` lets a client tell another
 * member's doing (which lights the new-activity indicator, seed §4) from its own.
 */
export const ActivityEventSchema = z
  .object({
    type: z.literal('activity'),
    workspaceId: z.uuid(),
    itemId: z.uuid(),
    kind: ActivityKindSchema,
    actorMemberId: z.uuid().nullable(),
  })
  .meta({ id: 'ActivityEvent' });
export type ActivityEvent = z.infer<typeof ActivityEventSchema>;
