import { and, asc, eq, sql } from 'drizzle-orm';
import type { AnswerValue, AnswerVia, PublicAnswer, QuestionItem, RecipientState, RequestStatus, WorkingHours } from '@tandem/contract';
import type { Queryable } from '../../db/client.js';
import {
  contacts,
  people,
  questionAnswers,
  questionRecipients,
  questionRequests,
  workspaceMembers,
  workspaces,
} from '../../db/schema/index.js';

/**
 * A recipient with what answering needs of their request and contact (issue #10), read in one
 * statement. `request*` fields are the request's; `contact*` the person's.
 */
export interface RecipientContext {
  id: string;
  workspaceId: string;
  requestId: string;
  contactId: string;
  channel: 'LINK' | 'EMAIL' | 'SLACK';
  linkId: string;
  state: RecipientState;
  sentAt: Date;
  openedAt: Date | null;
  firstAnsweredAt: Date | null;
  lastAnsweredAt: Date | null;
  submittedAt: Date | null;
  completedAt: Date | null;
  remindersSent: number;
  lastRemindedAt: Date | null;
  requestTitle: string;
  requestContext: string;
  requestStatus: RequestStatus;
  requestVersion: number;
  requestItems: QuestionItem[];
  requestDueDate: string | null;
  requestTimeZone: string;
  requestCreatedByMemberId: string | null;
  contactFirstName: string;
  contactLastName: string;
  contactEmail: string | null;
  contactTimeZone: string;
  contactWorkingHours: WorkingHours;
  contactDeletedAt: Date | null;
  workspaceName: string;
}

const contextColumns = {
  id: questionRecipients.id,
  workspaceId: questionRecipients.workspaceId,
  requestId: questionRecipients.requestId,
  contactId: questionRecipients.contactId,
  channel: questionRecipients.channel,
  linkId: questionRecipients.linkId,
  state: questionRecipients.state,
  sentAt: questionRecipients.sentAt,
  openedAt: questionRecipients.openedAt,
  firstAnsweredAt: questionRecipients.firstAnsweredAt,
  lastAnsweredAt: questionRecipients.lastAnsweredAt,
  submittedAt: questionRecipients.submittedAt,
  completedAt: questionRecipients.completedAt,
  remindersSent: questionRecipients.remindersSent,
  lastRemindedAt: questionRecipients.lastRemindedAt,
  requestTitle: questionRequests.title,
  requestContext: questionRequests.context,
  requestStatus: questionRequests.status,
  requestVersion: questionRequests.version,
  requestItems: questionRequests.items,
  requestDueDate: questionRequests.dueDate,
  requestTimeZone: questionRequests.timeZone,
  requestCreatedByMemberId: questionRequests.createdByMemberId,
  contactFirstName: contacts.firstName,
  contactLastName: contacts.lastName,
  contactEmail: contacts.email,
  contactTimeZone: contacts.timeZone,
  contactWorkingHours: contacts.workingHours,
  contactDeletedAt: contacts.deletedAt,
  workspaceName: workspaces.name,
};

/**
 * One recipient of `workspaceId` with its request and contact, or undefined. `lock` takes the
 * recipient row FOR UPDATE (every answer write does, so concurrent saves of one person serialise).
 */
export async function findRecipientContext(
  db: Queryable,
  workspaceId: string,
  recipientId: string,
  options: { lock?: boolean; requestId?: string } = {},
): Promise<RecipientContext | undefined> {
  const query = db
    .select(contextColumns)
    .from(questionRecipients)
    .innerJoin(questionRequests, eq(questionRequests.id, questionRecipients.requestId))
    .innerJoin(contacts, eq(contacts.id, questionRecipients.contactId))
    .innerJoin(workspaces, eq(workspaces.id, questionRecipients.workspaceId))
    .where(
      and(
        eq(questionRecipients.workspaceId, workspaceId),
        eq(questionRecipients.id, recipientId),
        options.requestId ? eq(questionRecipients.requestId, options.requestId) : undefined,
      ),
    );
  const [row] = options.lock ? await query.for('update', { of: questionRecipients }) : await query;
  return row;
}

/** The first name of a request's author (null once they left the workspace). */
export async function findAuthorFirstName(db: Queryable, memberId: string | null): Promise<string | null> {
  if (!memberId) return null;
  const [row] = await db
    .select({ firstName: people.firstName })
    .from(workspaceMembers)
    .innerJoin(people, eq(people.id, workspaceMembers.personId))
    .where(eq(workspaceMembers.id, memberId));
  return row?.firstName ?? null;
}

/** A recipient's answers, in no particular order (callers order by the request's items). */
export async function findRecipientAnswers(db: Queryable, workspaceId: string, recipientId: string): Promise<PublicAnswer[]> {
  const rows = await db
    .select({
      itemId: questionAnswers.itemId,
      value: questionAnswers.value,
      updatedAt: questionAnswers.updatedAt,
      late: questionAnswers.late,
    })
    .from(questionAnswers)
    .where(and(eq(questionAnswers.workspaceId, workspaceId), eq(questionAnswers.recipientId, recipientId)))
    .orderBy(asc(questionAnswers.submittedAt), asc(questionAnswers.id));
  return rows.map((row) => ({ itemId: row.itemId, value: row.value, updatedAt: row.updatedAt.toISOString(), late: row.late }));
}

/** One answer to write (PRODUCT §2 Answer). */
export interface AnswerWrite {
  workspaceId: string;
  requestId: string;
  recipientId: string;
  itemId: string;
  value: AnswerValue;
  late: boolean;
  via: AnswerVia;
  enteredByMemberId: string | null;
  at: Date;
}

/**
 * Inserts or changes one answer (unique per recipient and item): `submittedAt` stays the first
 * time, `updatedAt`, `late`, `via` and `enteredBy` follow the change. The same value again is no
 * change (nothing is written).
 * @returns whether a row was written.
 */
export async function upsertAnswer(tx: Queryable, answer: AnswerWrite): Promise<boolean> {
  const rows = await tx
    .insert(questionAnswers)
    .values({
      workspaceId: answer.workspaceId,
      requestId: answer.requestId,
      recipientId: answer.recipientId,
      itemId: answer.itemId,
      value: answer.value,
      late: answer.late,
      via: answer.via,
      enteredByMemberId: answer.enteredByMemberId,
      submittedAt: answer.at,
      updatedAt: answer.at,
    })
    .onConflictDoUpdate({
      target: [questionAnswers.workspaceId, questionAnswers.recipientId, questionAnswers.itemId],
      set: {
        value: sql`excluded.value`,
        late: sql`excluded.late`,
        via: sql`excluded.via`,
        enteredByMemberId: sql`excluded.entered_by_member_id`,
        updatedAt: sql`excluded.updated_at`,
      },
      setWhere: sql`${questionAnswers.value} is distinct from excluded.value`,
    })
    .returning({ id: questionAnswers.id });
  return rows.length > 0;
}

/** Clears one answer. @returns whether there was one. */
export async function deleteAnswer(tx: Queryable, workspaceId: string, recipientId: string, itemId: string): Promise<boolean> {
  const rows = await tx
    .delete(questionAnswers)
    .where(
      and(eq(questionAnswers.workspaceId, workspaceId), eq(questionAnswers.recipientId, recipientId), eq(questionAnswers.itemId, itemId)),
    )
    .returning({ id: questionAnswers.id });
  return rows.length > 0;
}

/** The recipient's progress columns as {@link updateRecipientProgress} writes them. */
export interface RecipientProgress {
  state: RecipientState;
  openedAt: Date | null;
  firstAnsweredAt: Date | null;
  lastAnsweredAt: Date | null;
  submittedAt: Date | null;
  completedAt: Date | null;
}

/** Writes a recipient's state and its times. */
export async function updateRecipientProgress(tx: Queryable, workspaceId: string, recipientId: string, progress: RecipientProgress) {
  await tx
    .update(questionRecipients)
    .set(progress)
    .where(and(eq(questionRecipients.workspaceId, workspaceId), eq(questionRecipients.id, recipientId)));
}
