import type { QuestionItem, RecipientState } from '@tandem/contract';
import type { Queryable } from '../../db/client.js';
import { publishWorkspaceEvent } from '../../events/event-bus.js';
import { dayBounds } from '../../lib/calendar-days.js';
import { inOrder } from '../../db/one-connection.js';
import { recordAnswerReceived } from '../activity/index.js';
import { updateRecipientProgress, type RecipientContext, type RecipientProgress } from './answers-repository.js';

/**
 * The end of a due date: the next midnight in `timeZone` (IANA), by @date-fns/tz, so a
 * daylight-saving day is 23 or 25 hours long. Null without a due date.
 */
export function dueDateEnd(dueDate: string | null, timeZone: string): Date | null {
  return dueDate === null ? null : dayBounds(dueDate, timeZone).end;
}

/** An answer given or changed at `at` is late when it falls after the due date's end (issue #10). */
export function isLate(dueDate: string | null, timeZone: string, at: Date): boolean {
  const end = dueDateEnd(dueDate, timeZone);
  return end !== null && at.getTime() >= end.getTime();
}

/**
 * The state rule (issue #10, contract RecipientState): ANSWERED when every required item is
 * answered and the person submitted or answered every item; else PARTIAL with at least one
 * answer; else OPENED once opened; else PENDING.
 */
export function stateOf(items: QuestionItem[], answered: ReadonlySet<string>, submitted: boolean, opened: boolean): RecipientState {
  const requiredDone = items.every((item) => !item.required || answered.has(item.id));
  const allDone = items.every((item) => answered.has(item.id));
  if (answered.size > 0 && requiredDone && (submitted || allDone)) return 'ANSWERED';
  if (answered.size > 0) return 'PARTIAL';
  return opened ? 'OPENED' : 'PENDING';
}

/** What happened to a recipient, for {@link settleRecipient}. */
export type RecipientChange =
  | { kind: 'opened'; at: Date }
  | {
      kind: 'answers';
      at: Date;
      /** The item ids answered after the change. */
      answered: ReadonlySet<string>;
      /** Whether any answer was written or cleared. */
      changed: boolean;
      /** The person pressed "I'm done" now. */
      submitted: boolean;
      /** A member who recorded answers on the person's behalf; null = the person. */
      actorMemberId: string | null;
    };

/** ANSWER_RECEIVED's dedupe key: one item per recipient and clock hour (UTC), so edits do not flood the feed. */
export const answerReceivedKey = (recipientId: string, at: Date) => `ANSWER_RECEIVED:${recipientId}:${at.toISOString().slice(0, 13)}`;

/**
 * The one place a recipient's state moves (issue #10), inside the caller's transaction after it
 * locked the recipient row: computes the state and its times (openedAt, firstAnsweredAt,
 * lastAnsweredAt, submittedAt — kept while they edit — and completedAt, null again when a
 * required answer is cleared), writes them, publishes the `question` event (`answers` after an
 * answer change, `recipient` on the first opening), and records ANSWER_RECEIVED when the person
 * becomes ANSWERED or changes answers while ANSWERED, at most one per hour (dedupe key).
 * @returns the recipient's progress after the change.
 */
export async function settleRecipient(tx: Queryable, recipient: RecipientContext, change: RecipientChange): Promise<RecipientProgress> {
  const before: RecipientProgress = {
    state: recipient.state,
    openedAt: recipient.openedAt,
    firstAnsweredAt: recipient.firstAnsweredAt,
    lastAnsweredAt: recipient.lastAnsweredAt,
    submittedAt: recipient.submittedAt,
    completedAt: recipient.completedAt,
  };
  if (change.kind === 'opened') {
    if (before.openedAt !== null) return before;
    const after = { ...before, openedAt: change.at, state: before.state === 'PENDING' ? ('OPENED' as const) : before.state };
    await inOrder(
      updateRecipientProgress(tx, recipient.workspaceId, recipient.id, after),
      publishQuestionEvent(tx, recipient, 'recipient', null),
    );
    return after;
  }
  if (!change.changed && !change.submitted) return before;
  const submittedAt = change.submitted ? (before.submittedAt ?? change.at) : before.submittedAt;
  const state = stateOf(recipient.requestItems, change.answered, submittedAt !== null, true);
  const after: RecipientProgress = {
    state,
    openedAt: before.openedAt ?? (change.actorMemberId === null ? change.at : null),
    firstAnsweredAt: before.firstAnsweredAt ?? (change.answered.size > 0 ? change.at : null),
    lastAnsweredAt: change.changed ? change.at : before.lastAnsweredAt,
    submittedAt,
    completedAt: state === 'ANSWERED' ? (before.state === 'ANSWERED' ? before.completedAt : change.at) : null,
  };
  if (after.openedAt === null && state === 'OPENED') after.state = 'PENDING';
  const becameAnswered = state === 'ANSWERED' && before.state !== 'ANSWERED';
  const changedWhileAnswered = state === 'ANSWERED' && before.state === 'ANSWERED' && change.changed;
  // Three independent writes, issued together on the locked transaction (db/one-connection.ts inOrder).
  await inOrder(
    updateRecipientProgress(tx, recipient.workspaceId, recipient.id, after),
    publishQuestionEvent(tx, recipient, 'answers', change.actorMemberId),
    becameAnswered || changedWhileAnswered
      ? recordAnswerReceived(tx, {
          workspaceId: recipient.workspaceId,
          requestId: recipient.requestId,
          title: recipient.requestTitle,
          recipientId: recipient.id,
          contactId: recipient.contactId,
          contactName: `${recipient.contactFirstName} ${recipient.contactLastName}`.trim(),
          state,
          actorMemberId: change.actorMemberId,
          dedupeKey: answerReceivedKey(recipient.id, change.at),
        })
      : Promise.resolve(false),
  );
  return after;
}

/** The `question` event of a recipient's change (contract QuestionEvent), delivered on commit. */
export async function publishQuestionEvent(
  tx: Queryable,
  recipient: Pick<RecipientContext, 'workspaceId' | 'requestId' | 'id' | 'requestVersion'>,
  action: 'answers' | 'recipient',
  actorMemberId: string | null,
): Promise<void> {
  await publishWorkspaceEvent<'question'>(
    tx,
    {
      type: 'question',
      workspaceId: recipient.workspaceId,
      requestId: recipient.requestId,
      action,
      recipientId: recipient.id,
      version: recipient.requestVersion,
      actorMemberId,
    },
    {},
  );
}
