import type { ActivityKind, RecipientState, SubscriptionType, TaskStatus, WorkspaceMemberType } from '@tandem/contract';
import type { Queryable } from '../../db/client.js';
import { recordActivity } from './activity-repository.js';

/**
 * The activity other features record, one call per action (issue #8 "activity that tells the
 * story"): each helper fixes the kind and the subject's shape (contract ActivityItemSchema), and
 * runs in the caller's transaction, so the item and its live event exist only if the change
 * commits. Items are meant for every member who may see them (activityVisibleTo); task items are
 * tied to their task, so only those who may see the task see them.
 */

/** An invitation was sent: "Eleanor invited Jamie Doe as an Executive Assistant". */
export async function recordMemberInvited(
  tx: Queryable,
  input: { workspaceId: string; actorMemberId: string; memberId: string; workspaceMemberType: WorkspaceMemberType },
): Promise<void> {
  await recordActivity(tx, {
    workspaceId: input.workspaceId,
    kind: 'MEMBER_INVITED',
    actorMemberId: input.actorMemberId,
    subject: { memberId: input.memberId, workspaceMemberType: input.workspaceMemberType },
  });
}

/** The plan changed: "Eleanor changed the plan from Free to Pro" (PRODUCT §8). */
export async function recordPlanChanged(
  tx: Queryable,
  input: { workspaceId: string; actorMemberId: string; from: SubscriptionType; to: SubscriptionType },
): Promise<void> {
  if (input.from === input.to) return;
  await recordActivity(tx, {
    workspaceId: input.workspaceId,
    kind: 'PLAN_CHANGED',
    actorMemberId: input.actorMemberId,
    subject: { from: input.from, to: input.to },
  });
}

/** The fields of a task row the story needs (structural: the tasks feature's row fits). */
export interface TaskFacts {
  id: string;
  workspaceId: string;
  title: string;
  status: TaskStatus;
  assigneeMemberId: string | null;
}

/** Task subject: ids and the title as it was; the assignee as memberId when there is one. */
function taskSubject(task: TaskFacts): Record<string, string> {
  return { taskId: task.id, title: task.title, ...(task.assigneeMemberId ? { memberId: task.assigneeMemberId } : {}) };
}

/**
 * The activity of a task created (`before` undefined) or changed by `actorMemberId`:
 * - created and assigned to someone else → TASK_ASSIGNED ("Eleanor assigned “X” to Alex");
 *   created otherwise (unassigned, or for oneself) → TASK_CREATED ("Eleanor added “X”");
 * - assignee changed to a member → TASK_ASSIGNED (to oneself: "Alex took on “X”"); unassigning
 *   records nothing;
 * - status changed to DONE → TASK_DONE, whoever completes it.
 * Other changes (title, notes, priority, dates, links) record nothing.
 */
export async function recordTaskChange(
  tx: Queryable,
  actorMemberId: string,
  before: TaskFacts | undefined,
  after: TaskFacts,
): Promise<void> {
  const common = { workspaceId: after.workspaceId, actorMemberId, taskId: after.id, subject: taskSubject(after) };
  if (!before) {
    const delegated = after.assigneeMemberId !== null && after.assigneeMemberId !== actorMemberId;
    await recordActivity(tx, { ...common, kind: delegated ? 'TASK_ASSIGNED' : 'TASK_CREATED' });
    return;
  }
  if (after.assigneeMemberId !== null && after.assigneeMemberId !== before.assigneeMemberId) {
    await recordActivity(tx, { ...common, kind: 'TASK_ASSIGNED' });
  }
  if (before.status !== 'DONE' && after.status === 'DONE') {
    await recordActivity(tx, { ...common, kind: 'TASK_DONE' });
  }
}

/** The fields of a brief row the story needs (structural: the briefs feature's row fits). */
export interface BriefFacts {
  id: string;
  workspaceId: string;
  title: string;
  createdByMemberId: string | null;
}

/**
 * A brief's step that someone must hear of (issue #9):
 * - `ready`: marked READY → BRIEF_READY for the workspace's EXECUTIVE (`executiveMemberId`);
 * - `acknowledged`: the executive acknowledged it → BRIEF_ACKNOWLEDGED for its author;
 * - `needMore`: a section was marked NEED_MORE → BRIEF_NEED_MORE for its author, naming the
 *   section and the note.
 */
export type BriefChange =
  | { kind: 'ready'; executiveMemberId: string | null }
  | { kind: 'acknowledged' }
  | { kind: 'needMore'; section: { id: string; heading: string }; note: string | null };

/**
 * Records the activity of `change` to `brief` by `actorMemberId`, for one member only (the item's
 * audience) and tied to the brief (seen only while the brief is visible, gone with it). Nothing is
 * recorded when there is nobody to tell: no executive, an author who left, or the actor themself
 * (the executive acknowledging their own brief is not news to them).
 */
export async function recordBriefChange(tx: Queryable, actorMemberId: string, brief: BriefFacts, change: BriefChange): Promise<void> {
  const audienceMemberId = change.kind === 'ready' ? change.executiveMemberId : brief.createdByMemberId;
  if (audienceMemberId === null || audienceMemberId === actorMemberId) return;
  const kinds: Record<BriefChange['kind'], ActivityKind> = {
    ready: 'BRIEF_READY',
    acknowledged: 'BRIEF_ACKNOWLEDGED',
    needMore: 'BRIEF_NEED_MORE',
  };
  const subject: Record<string, string> = { briefId: brief.id, title: brief.title };
  if (change.kind === 'needMore') {
    subject.sectionId = change.section.id;
    subject.heading = change.section.heading;
    if (change.note) subject.note = change.note;
  }
  await recordActivity(tx, {
    workspaceId: brief.workspaceId,
    kind: kinds[change.kind],
    actorMemberId,
    audienceMemberId,
    briefId: brief.id,
    subject,
  });
}

/** The recipient facts ANSWER_RECEIVED names (issue #10). */
export interface AnswerReceivedFacts {
  workspaceId: string;
  requestId: string;
  title: string;
  recipientId: string;
  contactId: string;
  contactName: string;
  state: RecipientState;
  /** A member who recorded the answers on the person's behalf; null when the person answered. */
  actorMemberId: string | null;
  /** At most one item per key (e.g. per recipient and hour, so edits do not flood the feed). */
  dedupeKey: string;
}

/**
 * A recipient finished answering or changed finished answers: "Ada Lovelace answered “Board
 * prep”" (issue #10 ANSWER_RECEIVED), for every member who may see questions (GUESTs never see
 * the kind, permissions/visibility.ts), tied to the request and the contact.
 * @returns whether an item was recorded (false when `dedupeKey` was already used).
 */
export async function recordAnswerReceived(tx: Queryable, facts: AnswerReceivedFacts): Promise<boolean> {
  const id = await recordActivity(tx, {
    workspaceId: facts.workspaceId,
    kind: 'ANSWER_RECEIVED',
    actorMemberId: facts.actorMemberId,
    requestId: facts.requestId,
    contactId: facts.contactId,
    dedupeKey: facts.dedupeKey,
    subject: {
      requestId: facts.requestId,
      title: facts.title,
      recipientId: facts.recipientId,
      contactId: facts.contactId,
      contactName: facts.contactName,
      state: facts.state,
    },
  });
  return id !== null;
}

/** Characters of a reply the CHAT_REPLY item quotes (contract activity.ts). */
export const CHAT_REPLY_EXCERPT_MAX = 140;

/**
 * A contact wrote into their thread from their answer page: "Ada Lovelace replied: …" (issue #10
 * CHAT_REPLY), for every member who may see questions; `excerpt` is the first 140 characters.
 */
export async function recordChatReply(
  tx: Queryable,
  input: { workspaceId: string; contactId: string; contactName: string; messageId: string; body: string; requestId: string | null },
): Promise<void> {
  const excerpt = [...input.body].slice(0, CHAT_REPLY_EXCERPT_MAX).join('');
  await recordActivity(tx, {
    workspaceId: input.workspaceId,
    kind: 'CHAT_REPLY',
    actorMemberId: null,
    requestId: input.requestId,
    contactId: input.contactId,
    subject: {
      contactId: input.contactId,
      contactName: input.contactName,
      messageId: input.messageId,
      excerpt,
      ...(input.requestId ? { requestId: input.requestId } : {}),
    },
  });
}

/**
 * A summary was published to its public page: "Sam published “Q3 feedback”" (issue #11
 * SUMMARY_PUBLISHED), for every member who may see questions (GUESTs never see the kind,
 * permissions/visibility.ts), tied to the summary (gone with it).
 */
export async function recordSummaryPublished(
  tx: Queryable,
  input: { workspaceId: string; actorMemberId: string; summaryId: string; title: string },
): Promise<void> {
  await recordActivity(tx, {
    workspaceId: input.workspaceId,
    kind: 'SUMMARY_PUBLISHED',
    actorMemberId: input.actorMemberId,
    summaryId: input.summaryId,
    subject: { summaryId: input.summaryId, title: input.title },
  });
}
