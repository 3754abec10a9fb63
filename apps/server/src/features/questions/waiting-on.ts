import { differenceInCalendarDays, parseISO, subDays } from 'date-fns';
import { and, asc, desc, eq, isNull, ne, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { can, type NewAnswer, type WaitingOn, type WaitingOnPage } from '@tandem/contract';
import type { Database, Queryable } from '../../db/client.js';
import { instantPlaceholder, isoInstant } from '../../db/instants.js';
import { matchedBeforeLimit, totalOf } from '../../db/page-total.js';
import { preparedQuery } from '../../db/prepared.js';
import { contacts, publicLinks, questionRecipients, questionRequests, workspaces } from '../../db/schema/index.js';
import { decodeCursor, encodeCursor } from '../../lib/cursor.js';
import { assertAllowed, loadMembership } from '../../permissions/membership.js';
import type { Viewer } from '../../permissions/visibility.js';
import { todayIn } from '../../lib/calendar-days.js';
import { contactRefColumns, contactRefOf } from './requests-repository.js';

/** How far back the dashboard's "New answers" looks (contract DashboardSchema: 7 days). */
export const NEW_ANSWERS_DAYS = 7;

/**
 * Whole days `dueDate` lies in the past in `timeZone` at `now` (issue #10 "how overdue"): 0 on the
 * due date itself, before it, or without one.
 */
export function daysOverdue(dueDate: string | null, timeZone: string, now: Date): number {
  if (dueDate === null) return 0;
  return Math.max(0, calendarDaysBetween(todayIn(timeZone, now), dueDate));
}

/** How many day pairs {@link calendarDaysBetween} keeps before it starts again. */
const DAY_PAIRS_REMEMBERED = 10_000;
const daysByPair = new Map<string, number>();

/**
 * `differenceInCalendarDays(later, earlier)` of two calendar dates (YYYY-MM-DD), kept per pair: a
 * list's rows share one today per zone and a few due dates, and date-fns parses both dates on
 * every call (issue #13: ≈ 3 µs a row of the dashboard's "Waiting on").
 */
function calendarDaysBetween(later: string, earlier: string): number {
  const pair = `${later} ${earlier}`;
  let days = daysByPair.get(pair);
  if (days === undefined) {
    days = differenceInCalendarDays(parseISO(later), parseISO(earlier));
    if (daysByPair.size >= DAY_PAIRS_REMEMBERED) daysByPair.clear();
    daysByPair.set(pair, days);
  }
  return days;
}

/**
 * Who owes answers (issue #10 "Waiting on"): recipients of SENT requests of the workspace who are
 * not ANSWERED, whose contact is not deleted and whose link still opens.
 */
function waitingWhere(workspaceId: string | Placeholder): SQL {
  return and(
    eq(questionRecipients.workspaceId, workspaceId),
    ne(questionRecipients.state, 'ANSWERED'),
    eq(questionRequests.status, 'SENT'),
    isNull(contacts.deletedAt),
    isNull(publicLinks.revokedAt),
    sql`(${publicLinks.expiresAt} is null or ${publicLinks.expiresAt} > now())`,
    eq(workspaces.publicLinksEnabled, true),
  )!;
}

/** What a row of "Waiting on" holds: the recipient, their request and contact. */
const waitingFields = {
  recipientId: questionRecipients.id,
  requestId: questionRequests.id,
  requestTitle: questionRequests.title,
  contact: contactRefColumns,
  state: questionRecipients.state,
  channel: questionRecipients.channel,
  sentAt: questionRecipients.sentAt,
  dueDate: questionRequests.dueDate,
  timeZone: questionRequests.timeZone,
  remindersSent: questionRecipients.remindersSent,
  lastRemindedAt: questionRecipients.lastRemindedAt,
};

/** `query` (a dynamic select from question_recipients) with the recipient's request, contact, link and workspace joined. */
function joinWaiting<Query extends PgSelect>(query: Query) {
  return query
    .innerJoin(
      questionRequests,
      and(eq(questionRequests.workspaceId, questionRecipients.workspaceId), eq(questionRequests.id, questionRecipients.requestId)),
    )
    .innerJoin(contacts, eq(contacts.id, questionRecipients.contactId))
    .innerJoin(publicLinks, eq(publicLinks.id, questionRecipients.linkId))
    .innerJoin(workspaces, eq(workspaces.id, questionRecipients.workspaceId));
}

function selectWaiting(db: Queryable) {
  return joinWaiting(db.select(waitingFields).from(questionRecipients).$dynamic());
}

type WaitingRow = Awaited<ReturnType<typeof selectWaiting>>[number];

const toWaitingOn = (row: WaitingRow, now: Date): WaitingOn => ({
  recipientId: row.recipientId,
  requestId: row.requestId,
  requestTitle: row.requestTitle,
  contact: contactRefOf(row.contact),
  state: row.state,
  channel: row.channel,
  sentAt: row.sentAt.toISOString(),
  dueDate: row.dueDate,
  daysOverdue: daysOverdue(row.dueDate, row.timeZone, now),
  remindersSent: row.remindersSent,
  lastRemindedAt: row.lastRemindedAt?.toISOString() ?? null,
});

const WAITING_LIST = 'waiting-on';
const WaitingCursorSchema = z.tuple([z.iso.datetime(), z.uuid()]);

/** One page of who owes answers, the oldest sending first (keyset on sentAt, id). @throws 400 errorData.cursor. */
export async function findWaitingOnPage(
  db: Queryable,
  workspaceId: string,
  page: { limit: number; cursor?: string | undefined },
  now = new Date(),
): Promise<WaitingOnPage> {
  const after = page.cursor === undefined ? undefined : decodeCursor(page.cursor, WAITING_LIST, WaitingCursorSchema);
  const rows = await selectWaiting(db)
    .where(
      and(
        waitingWhere(workspaceId),
        after ? sql`(${questionRecipients.sentAt}, ${questionRecipients.id}) > (${after[0]}::timestamptz, ${after[1]}::uuid)` : undefined,
      ),
    )
    .orderBy(asc(questionRecipients.sentAt), asc(questionRecipients.id))
    .limit(page.limit + 1);
  const shown = rows.slice(0, page.limit);
  const last = shown.at(-1);
  return {
    items: shown.map((row) => toWaitingOn(row, now)),
    nextCursor: rows.length > page.limit && last ? encodeCursor(WAITING_LIST, [last.sentAt.toISOString(), last.recipientId]) : null,
  };
}

/** The dashboard's first page of who owes answers with their number, prepared once (db/prepared.ts; issue #13). */
const firstWaitingStatement = preparedQuery((db) =>
  joinWaiting(
    db
      .select({ ...waitingFields, total: matchedBeforeLimit() })
      .from(questionRecipients)
      .$dynamic(),
  )
    .where(waitingWhere(sql.placeholder('workspaceId')))
    .orderBy(asc(questionRecipients.sentAt), asc(questionRecipients.id))
    .limit(sql.placeholder('limit'))
    .prepare('dashboard_waiting_on'),
);

/**
 * The dashboard's "Waiting on" (contract DashboardSchema): the first `limit` people who owe
 * answers, oldest first, and how many there are in all; [] and 0 for a viewer who may not view
 * questions (a GUEST; PRODUCT §6).
 */
export async function findWaitingOn(db: Queryable, viewer: Viewer, limit: number): Promise<{ items: WaitingOn[]; total: number }> {
  if (!can(viewer.workspaceMemberType, 'viewQuestions')) return { items: [], total: 0 };
  const now = new Date();
  const rows = await firstWaitingStatement(db).execute({ workspaceId: viewer.workspaceId, limit });
  return { items: rows.map((row) => toWaitingOn(row, now)), total: totalOf(rows) };
}

/** Answers of a workspace that came in or changed in [since, now] (ISO instants bound on each run). */
const answeredWithin = and(
  eq(questionRecipients.workspaceId, sql.placeholder('workspaceId')),
  sql`${questionRecipients.lastAnsweredAt} >= ${sql.placeholder('since')}::timestamptz`,
  sql`${questionRecipients.lastAnsweredAt} <= ${instantPlaceholder('now')}`,
)!;

const newAnswersStatement = preparedQuery((db) =>
  db
    .select({
      total: matchedBeforeLimit(),
      recipientId: questionRecipients.id,
      requestId: questionRequests.id,
      requestTitle: questionRequests.title,
      contact: contactRefColumns,
      state: questionRecipients.state,
      answeredAt: isoInstant(questionRecipients.lastAnsweredAt),
      late: sql<boolean>`exists (select 1 from question_answers qa
          where qa.workspace_id = ${questionRecipients.workspaceId} and qa.recipient_id = ${questionRecipients.id} and qa.late)`,
    })
    .from(questionRecipients)
    .innerJoin(
      questionRequests,
      and(eq(questionRequests.workspaceId, questionRecipients.workspaceId), eq(questionRequests.id, questionRecipients.requestId)),
    )
    .innerJoin(contacts, eq(contacts.id, questionRecipients.contactId))
    .where(answeredWithin)
    .orderBy(desc(questionRecipients.lastAnsweredAt), desc(questionRecipients.id))
    .limit(sql.placeholder('limit'))
    .prepare('dashboard_new_answers'),
);

/**
 * The dashboard's "New answers" (contract DashboardSchema): recipients whose answers came in or
 * changed in the {@link NEW_ANSWERS_DAYS} days before `now`, newest first (`late` when any of their
 * answers is), the first `limit` and the total; [] and 0 for a viewer who may not view questions.
 */
export async function findNewAnswers(
  db: Queryable,
  viewer: Viewer,
  now: Date,
  limit: number,
): Promise<{ items: NewAnswer[]; total: number }> {
  if (!can(viewer.workspaceMemberType, 'viewQuestions')) return { items: [], total: 0 };
  const values = { workspaceId: viewer.workspaceId, since: subDays(now, NEW_ANSWERS_DAYS).toISOString(), now: now.toISOString() };
  const rows = await newAnswersStatement(db).execute({ ...values, limit });
  return {
    items: rows.map((row) => ({
      recipientId: row.recipientId,
      requestId: row.requestId,
      requestTitle: row.requestTitle,
      contact: contactRefOf(row.contact),
      state: row.state,
      // Every row matched a lastAnsweredAt within the window, so none is null.
      answeredAt: row.answeredAt!,
      late: Boolean(row.late),
    })),
    total: totalOf(rows),
  };
}

/** GET v1/workspaces/{id}/waiting-on (viewQuestions). @throws 403 GUEST; 404 not a member; 400 cursor. */
export async function listWaitingOn(
  db: Database,
  personId: string,
  workspaceId: string,
  page: { limit: number; cursor?: string | undefined },
): Promise<WaitingOnPage> {
  const member = await loadMembership(db, workspaceId, personId);
  assertAllowed(member, 'viewQuestions');
  return findWaitingOnPage(db, workspaceId, page);
}
