import { createHash } from 'node:crypto';
import { and, desc, eq, gt, inArray, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { AnswerValue, ListSummariesQuery, QuestionItem, RequestMember, SummaryScope } from '@tandem/contract';
import type { Queryable } from '../../db/client.js';
import {
  contacts,
  people,
  publicLinks,
  questionAnswers,
  questionRecipients,
  questionRequests,
  summaries,
  workspaceMembers,
  workspaces,
} from '../../db/schema/index.js';
import { decodeCursor, encodeCursor } from '../../lib/cursor.js';
import { toPrefixQuery } from '../../lib/text-search.js';

export type SummaryRow = typeof summaries.$inferSelect;
export type SummaryWrite = Omit<typeof summaries.$inferInsert, 'id' | 'search'>;

/** An answer of a scope with its person and whether its request is confidential. */
export interface ScopeAnswerRow {
  id: string;
  requestId: string;
  itemId: string;
  recipientId: string;
  contactId: string;
  firstName: string;
  lastName: string;
  isFormer: boolean;
  value: AnswerValue;
  submittedAt: Date;
  updatedAt: Date;
  late: boolean;
  confidential: boolean;
}

/**
 * Every answer of `scope` in the workspace (contract SummaryScope): to the chosen requests (any
 * when none), from the chosen people (anyone when none), first given between `from` and `to`
 * (calendar dates of submittedAt in UTC, both included). Answers to confidential requests are
 * included and flagged: the caller leaves them out and counts them. Ordered by request, then person.
 */
export async function findScopeAnswers(db: Queryable, workspaceId: string, scope: SummaryScope): Promise<ScopeAnswerRow[]> {
  const conditions = scopeConditions(workspaceId, scope);
  return db
    .select({
      id: questionAnswers.id,
      requestId: questionAnswers.requestId,
      itemId: questionAnswers.itemId,
      recipientId: questionAnswers.recipientId,
      contactId: questionRecipients.contactId,
      firstName: contacts.firstName,
      lastName: contacts.lastName,
      isFormer: sql<boolean>`(${contacts.deletedAt} is not null)`,
      value: questionAnswers.value,
      submittedAt: questionAnswers.submittedAt,
      updatedAt: questionAnswers.updatedAt,
      late: questionAnswers.late,
      confidential: questionRequests.confidential,
    })
    .from(questionAnswers)
    .innerJoin(questionRecipients, eq(questionRecipients.id, questionAnswers.recipientId))
    .innerJoin(questionRequests, eq(questionRequests.id, questionAnswers.requestId))
    .innerJoin(contacts, eq(contacts.id, questionRecipients.contactId))
    .where(and(...conditions))
    .orderBy(questionRequests.createdAt, questionRequests.id, contacts.lastName, contacts.firstName, contacts.id, questionAnswers.id);
}

/** The conditions of `scope` over question_answers ⋈ question_recipients (see {@link findScopeAnswers}). */
function scopeConditions(workspaceId: string, scope: SummaryScope): (SQL | undefined)[] {
  const conditions: (SQL | undefined)[] = [eq(questionAnswers.workspaceId, workspaceId)];
  if (scope.requestIds.length > 0) conditions.push(inArray(questionAnswers.requestId, scope.requestIds));
  if (scope.contactIds.length > 0) conditions.push(inArray(questionRecipients.contactId, scope.contactIds));
  if (scope.from) conditions.push(sql`(${questionAnswers.submittedAt} at time zone 'UTC')::date >= ${scope.from}::date`);
  if (scope.to) conditions.push(sql`(${questionAnswers.submittedAt} at time zone 'UTC')::date <= ${scope.to}::date`);
  return conditions;
}

/**
 * How many answers of `scope` — confidential requests left out — are not in a summary's snapshot
 * (`snapshotIds`) or changed after `since` (its generatedAt): the summary's freshness, counted in
 * SQL rather than by reading the scope's answers.
 */
export async function countNewScopeAnswers(
  db: Queryable,
  workspaceId: string,
  scope: SummaryScope,
  snapshotIds: readonly string[],
  since: Date,
): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(questionAnswers)
    .innerJoin(questionRecipients, eq(questionRecipients.id, questionAnswers.recipientId))
    .innerJoin(questionRequests, eq(questionRequests.id, questionAnswers.requestId))
    .where(
      and(
        ...scopeConditions(workspaceId, scope),
        eq(questionRequests.confidential, false),
        or(notInArray(questionAnswers.id, [...snapshotIds]), gt(questionAnswers.updatedAt, since)),
      ),
    );
  return row?.count ?? 0;
}

/** A request of a scope: its questions and whether it is confidential. */
export interface ScopeRequestRow {
  id: string;
  title: string;
  items: QuestionItem[];
  confidential: boolean;
}

/** The workspace's requests among `ids` (unknown ids and other workspaces' are simply absent). */
export async function findScopeRequests(db: Queryable, workspaceId: string, ids: readonly string[]): Promise<ScopeRequestRow[]> {
  if (ids.length === 0) return [];
  return db
    .select({
      id: questionRequests.id,
      title: questionRequests.title,
      items: questionRequests.items,
      confidential: questionRequests.confidential,
    })
    .from(questionRequests)
    .where(and(eq(questionRequests.workspaceId, workspaceId), inArray(questionRequests.id, [...ids])));
}

/** The workspace's contacts among `ids`, former ones included (their answers stay theirs). */
export async function findScopeContactIds(db: Queryable, workspaceId: string, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(eq(contacts.workspaceId, workspaceId), inArray(contacts.id, [...ids])));
  return new Set(rows.map((row) => row.id));
}

/** Recipients per request among `requestIds`, only the chosen people when `contactIds` is not empty. */
export async function countRecipients(
  db: Queryable,
  workspaceId: string,
  requestIds: readonly string[],
  contactIds: readonly string[],
): Promise<Map<string, number>> {
  if (requestIds.length === 0) return new Map();
  const conditions: (SQL | undefined)[] = [
    eq(questionRecipients.workspaceId, workspaceId),
    inArray(questionRecipients.requestId, [...requestIds]),
  ];
  if (contactIds.length > 0) conditions.push(inArray(questionRecipients.contactId, [...contactIds]));
  const rows = await db
    .select({ requestId: questionRecipients.requestId, count: sql<number>`count(*)::int` })
    .from(questionRecipients)
    .where(and(...conditions))
    .groupBy(questionRecipients.requestId);
  return new Map(rows.map((row) => [row.requestId, Number(row.count)]));
}

export async function insertSummary(tx: Queryable, values: SummaryWrite): Promise<SummaryRow> {
  const [row] = await tx.insert(summaries).values(values).returning();
  return row!;
}

/** One summary of the workspace, or undefined; `lock` takes its row lock (FOR UPDATE) for a write. */
export async function getSummaryRow(db: Queryable, workspaceId: string, summaryId: string, lock = false): Promise<SummaryRow | undefined> {
  const query = db
    .select()
    .from(summaries)
    .where(and(eq(summaries.workspaceId, workspaceId), eq(summaries.id, summaryId)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** Writes `changes` and the next version; updatedAt is the clock at the write, to the millisecond. */
export async function updateSummaryRow(tx: Queryable, row: SummaryRow, changes: Partial<SummaryWrite>): Promise<SummaryRow> {
  const [updated] = await tx
    .update(summaries)
    .set({ ...changes, version: row.version + 1, updatedAt: sql`date_trunc('milliseconds', clock_timestamp())` })
    .where(and(eq(summaries.workspaceId, row.workspaceId), eq(summaries.id, row.id)))
    .returning();
  return updated!;
}

export async function deleteSummaryRow(tx: Queryable, workspaceId: string, summaryId: string): Promise<void> {
  await tx.delete(summaries).where(and(eq(summaries.workspaceId, workspaceId), eq(summaries.id, summaryId)));
}

/** A member's names as a summary shows its author, or null once they are gone. */
export async function getRequestMember(db: Queryable, memberId: string | null): Promise<RequestMember | null> {
  if (!memberId) return null;
  const [row] = await db
    .select({ memberId: workspaceMembers.id, firstName: people.firstName, lastName: people.lastName })
    .from(workspaceMembers)
    .innerJoin(people, eq(people.id, workspaceMembers.personId))
    .where(eq(workspaceMembers.id, memberId));
  return row ?? null;
}

export async function getWorkspaceName(db: Queryable, workspaceId: string): Promise<string> {
  const [row] = await db.select({ name: workspaces.name }).from(workspaces).where(eq(workspaces.id, workspaceId));
  return row?.name ?? '';
}

/** A digest of the filters: a cursor only continues its own list. */
function listFingerprint(workspaceId: string, query: ListSummariesQuery): string {
  const { cursor: _cursor, limit: _limit, ...rest } = query;
  return createHash('sha256')
    .update(JSON.stringify([workspaceId, rest]))
    .digest('base64url')
    .slice(0, 12);
}

const LIST = 'summaries';

/**
 * One page of the workspace's summaries, newest change first (keyset on updatedAt, id), filtered by
 * status and by `q` (every word a prefix of a title word).
 * @throws 400 errorData.cursor for a malformed cursor or one of another list or filter.
 */
export async function findSummaryRows(
  db: Queryable,
  workspaceId: string,
  query: ListSummariesQuery,
): Promise<{ rows: SummaryRow[]; nextCursor: string | null }> {
  const fingerprint = listFingerprint(workspaceId, query);
  const cursor =
    query.cursor === undefined
      ? undefined
      : decodeCursor(query.cursor, LIST, z.tuple([z.literal(fingerprint), z.iso.datetime(), z.uuid()]));
  const conditions: (SQL | undefined)[] = [eq(summaries.workspaceId, workspaceId)];
  if (query.status) conditions.push(inArray(summaries.status, query.status));
  const words = query.q ? toPrefixQuery(query.q) : null;
  if (words) conditions.push(sql`${summaries.search} @@ to_tsquery('simple'::regconfig, ${words})`);
  if (cursor) conditions.push(sql`(${summaries.updatedAt}, ${summaries.id}) < (${cursor[1]}::timestamptz, ${cursor[2]}::uuid)`);
  const rows = await db
    .select()
    .from(summaries)
    .where(and(...conditions))
    .orderBy(desc(summaries.updatedAt), desc(summaries.id))
    .limit(query.limit + 1);
  const shown = rows.slice(0, query.limit);
  const last = shown.at(-1);
  return {
    rows: shown,
    nextCursor: rows.length > query.limit && last ? encodeCursor(LIST, [fingerprint, last.updatedAt.toISOString(), last.id]) : null,
  };
}

/** The titles of requests by id (for the list's `requestTitles`). */
export async function findRequestTitles(db: Queryable, workspaceId: string, ids: readonly string[]): Promise<Map<string, string>> {
  const rows = await findScopeRequests(db, workspaceId, ids);
  return new Map(rows.map((row) => [row.id, row.title]));
}

/** Moves a summary link's expiry (publishing again with an explicit `expiresAt`). */
export async function setSummaryLinkExpiry(tx: Queryable, workspaceId: string, linkId: string, expiresAt: Date | null): Promise<void> {
  await tx
    .update(publicLinks)
    .set({ expiresAt })
    .where(and(eq(publicLinks.workspaceId, workspaceId), eq(publicLinks.subjectType, 'SUMMARY'), eq(publicLinks.id, linkId)));
}
