import { and, asc, eq, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { AnswerValue, AnswerVia, PublicAnswer, QuestionItem, RecipientState, RequestStatus, WorkingHours } from '@tandem/contract';
import type { Queryable } from '../../db/client.js';
import { instantPlaceholder } from '../../db/instants.js';
import { preparedQuery, preparedStatements } from '../../db/prepared.js';
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

/** What decides {@link findRecipientContext}'s SQL: whether it locks, whether it checks the request. */
interface RecipientContextShape {
  lock: boolean;
  ofRequest: boolean;
}

/**
 * {@link findRecipientContext}'s read, one statement per shape (locked or not, with or without the
 * request check); every public page and answer runs it (issue #13: built once, db/prepared.ts).
 */
const recipientContextStatement = preparedStatements(
  'recipient_context',
  ({ lock, ofRequest }: RecipientContextShape) => `${lock}:${ofRequest}`,
  (db, { lock, ofRequest }, name) => {
    const query = db
      .select(contextColumns)
      .from(questionRecipients)
      .innerJoin(questionRequests, eq(questionRequests.id, questionRecipients.requestId))
      .innerJoin(contacts, eq(contacts.id, questionRecipients.contactId))
      .innerJoin(workspaces, eq(workspaces.id, questionRecipients.workspaceId))
      .where(
        and(
          eq(questionRecipients.workspaceId, sql.placeholder('workspaceId')),
          eq(questionRecipients.id, sql.placeholder('recipientId')),
          ofRequest ? eq(questionRecipients.requestId, sql.placeholder('requestId')) : undefined,
        ),
      );
    return (lock ? query.for('update', { of: questionRecipients }) : query).prepare(name);
  },
);

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
  const shape = { lock: Boolean(options.lock), ofRequest: Boolean(options.requestId) };
  const [row] = await recipientContextStatement(db, shape).execute({ workspaceId, recipientId, requestId: options.requestId });
  return row;
}

/** {@link findAuthorFirstName}'s read (the public answer page's; issue #13: built once, db/prepared.ts). */
const authorFirstNameStatement = preparedQuery((db) =>
  db
    .select({ firstName: people.firstName })
    .from(workspaceMembers)
    .innerJoin(people, eq(people.id, workspaceMembers.personId))
    .where(eq(workspaceMembers.id, sql.placeholder('memberId')))
    .prepare('author_first_name'),
);

/** The first name of a request's author (null once they left the workspace). */
export async function findAuthorFirstName(db: Queryable, memberId: string | null): Promise<string | null> {
  if (!memberId) return null;
  const [row] = await authorFirstNameStatement(db).execute({ memberId });
  return row?.firstName ?? null;
}

/** {@link findRecipientAnswers}' read (every public page and answer; issue #13: built once, db/prepared.ts). */
const recipientAnswersStatement = preparedQuery((db) =>
  db
    .select({
      itemId: questionAnswers.itemId,
      value: questionAnswers.value,
      updatedAt: questionAnswers.updatedAt,
      late: questionAnswers.late,
    })
    .from(questionAnswers)
    .where(
      and(eq(questionAnswers.workspaceId, sql.placeholder('workspaceId')), eq(questionAnswers.recipientId, sql.placeholder('recipientId'))),
    )
    .orderBy(asc(questionAnswers.submittedAt), asc(questionAnswers.id))
    .prepare('recipient_answers'),
);

/** A recipient's answers, in no particular order (callers order by the request's items). */
export async function findRecipientAnswers(db: Queryable, workspaceId: string, recipientId: string): Promise<PublicAnswer[]> {
  const rows = await recipientAnswersStatement(db).execute({ workspaceId, recipientId });
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
 * {@link upsertAnswer}'s statement (every answer save; issue #13: built once, db/prepared.ts). The
 * id is a placeholder too: Drizzle would otherwise put one generated id into the statement.
 * `value` goes through the jsonb column's encoder; the time is an ISO string.
 */
const upsertAnswerStatement = preparedQuery((tx) =>
  tx
    .insert(questionAnswers)
    .values({
      id: sql.placeholder('id'),
      workspaceId: sql.placeholder('workspaceId'),
      requestId: sql.placeholder('requestId'),
      recipientId: sql.placeholder('recipientId'),
      itemId: sql.placeholder('itemId'),
      value: sql.placeholder('value'),
      late: sql.placeholder('late'),
      via: sql.placeholder('via'),
      enteredByMemberId: sql.placeholder('enteredByMemberId'),
      submittedAt: instantPlaceholder('at'),
      updatedAt: instantPlaceholder('at'),
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
    .returning({ id: questionAnswers.id })
    .prepare('upsert_answer'),
);

/**
 * Inserts or changes one answer (unique per recipient and item): `submittedAt` stays the first
 * time, `updatedAt`, `late`, `via` and `enteredBy` follow the change. The same value again is no
 * change (nothing is written).
 * @returns whether a row was written.
 */
export async function upsertAnswer(tx: Queryable, answer: AnswerWrite): Promise<boolean> {
  const rows = await upsertAnswerStatement(tx).execute({
    id: uuidv7(),
    workspaceId: answer.workspaceId,
    requestId: answer.requestId,
    recipientId: answer.recipientId,
    itemId: answer.itemId,
    value: answer.value,
    late: answer.late,
    via: answer.via,
    enteredByMemberId: answer.enteredByMemberId,
    at: answer.at.toISOString(),
  });
  return rows.length > 0;
}

/** {@link deleteAnswer}'s statement (an answer cleared on the public page; issue #13: built once, db/prepared.ts). */
const deleteAnswerStatement = preparedQuery((tx) =>
  tx
    .delete(questionAnswers)
    .where(
      and(
        eq(questionAnswers.workspaceId, sql.placeholder('workspaceId')),
        eq(questionAnswers.recipientId, sql.placeholder('recipientId')),
        eq(questionAnswers.itemId, sql.placeholder('itemId')),
      ),
    )
    .returning({ id: questionAnswers.id })
    .prepare('delete_answer'),
);

/** Clears one answer. @returns whether there was one. */
export async function deleteAnswer(tx: Queryable, workspaceId: string, recipientId: string, itemId: string): Promise<boolean> {
  const rows = await deleteAnswerStatement(tx).execute({ workspaceId, recipientId, itemId });
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

/**
 * {@link updateRecipientProgress}' statement (a page's first opening, every answer save; issue
 * #13: built once, db/prepared.ts). The times are ISO strings or null.
 */
const updateProgressStatement = preparedQuery((tx) =>
  tx
    .update(questionRecipients)
    .set({
      state: sql`${sql.placeholder('state')}`,
      openedAt: instantPlaceholder('openedAt'),
      firstAnsweredAt: instantPlaceholder('firstAnsweredAt'),
      lastAnsweredAt: instantPlaceholder('lastAnsweredAt'),
      submittedAt: instantPlaceholder('submittedAt'),
      completedAt: instantPlaceholder('completedAt'),
    })
    .where(
      and(eq(questionRecipients.workspaceId, sql.placeholder('workspaceId')), eq(questionRecipients.id, sql.placeholder('recipientId'))),
    )
    .prepare('update_recipient_progress'),
);

const isoOrNull = (value: Date | null) => value?.toISOString() ?? null;

/** Writes a recipient's state and its times. */
export async function updateRecipientProgress(tx: Queryable, workspaceId: string, recipientId: string, progress: RecipientProgress) {
  await updateProgressStatement(tx).execute({
    workspaceId,
    recipientId,
    state: progress.state,
    openedAt: isoOrNull(progress.openedAt),
    firstAnsweredAt: isoOrNull(progress.firstAnsweredAt),
    lastAnsweredAt: isoOrNull(progress.lastAnsweredAt),
    submittedAt: isoOrNull(progress.submittedAt),
    completedAt: isoOrNull(progress.completedAt),
  });
}
