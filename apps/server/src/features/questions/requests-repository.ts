import { createHash } from 'node:crypto';
import { and, asc, desc, eq, getTableColumns, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import {
  REQUEST_TITLE_MAX,
  type Answer,
  type ContactRef,
  type ListQuestionRequestsQuery,
  type QuestionRequest,
  type QuestionRequestDetail,
  type QuestionRequestListItem,
  type QuestionRequestPage,
  type Recipient,
  type RequestMember,
  type RequestProgress,
} from '@tandem/contract';
import type { Queryable } from '../../db/client.js';
import { isoInstant, isoInstants } from '../../db/instants.js';
import { inOrder } from '../../db/one-connection.js';
import { listPlaceholders, listValues, preparedQuery, preparedStatements } from '../../db/prepared.js';
import {
  contacts,
  people,
  publicLinks,
  questionAnswers,
  questionRecipients,
  questionRequests,
  workspaceMembers,
  workspaces,
} from '../../db/schema/index.js';
import { decodeCursor, encodeCursor } from '../../lib/cursor.js';
import { toPrefixQuery } from '../../lib/text-search.js';

/** A stored request row (without the generated search vector). */
export type RequestRow = Omit<typeof questionRequests.$inferSelect, 'search'>;
export type RecipientRow = typeof questionRecipients.$inferSelect;

const { search: _search, ...rowColumns } = getTableColumns(questionRequests);

const creator = alias(workspaceMembers, 'creator');
const creatorPerson = alias(people, 'creator_person');

/**
 * The request's recipients per state, read in the statement that reads the request (no N+1): one
 * correlated aggregate over question_recipients (index request_contact_key leads with
 * workspace_id, request_id).
 */
const progressSql = sql<RequestProgress>`(select jsonb_build_object(
    'total', count(*)::int,
    'PENDING', (count(*) filter (where qr.state = 'PENDING'))::int,
    'OPENED', (count(*) filter (where qr.state = 'OPENED'))::int,
    'PARTIAL', (count(*) filter (where qr.state = 'PARTIAL'))::int,
    'ANSWERED', (count(*) filter (where qr.state = 'ANSWERED'))::int)
  from ${questionRecipients} qr
  where qr.workspace_id = ${questionRequests.workspaceId} and qr.request_id = ${questionRequests.id})`;

const emptyProgress: RequestProgress = { total: 0, PENDING: 0, OPENED: 0, PARTIAL: 0, ANSWERED: 0 };

/** jsonb may arrive parsed or as text depending on the driver path; numbers as numbers. */
function progressOf(value: unknown): RequestProgress {
  const raw = (typeof value === 'string' ? JSON.parse(value) : value) as Partial<Record<keyof RequestProgress, unknown>> | null;
  if (!raw) return emptyProgress;
  return {
    total: Number(raw.total ?? 0),
    PENDING: Number(raw.PENDING ?? 0),
    OPENED: Number(raw.OPENED ?? 0),
    PARTIAL: Number(raw.PARTIAL ?? 0),
    ANSWERED: Number(raw.ANSWERED ?? 0),
  };
}

const memberOf = (memberId: string | null, firstName: string | null, lastName: string | null): RequestMember | null =>
  memberId && firstName !== null && lastName !== null ? { memberId, firstName, lastName } : null;

/** A contact as requests name them (contract ContactRef): `isFormer` once deleted. */
export function contactRefOf(row: {
  id: string;
  firstName: string;
  lastName: string;
  email: string | null;
  company: string;
  deletedAt: Date | null;
}): ContactRef {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    company: row.company,
    isFormer: row.deletedAt !== null,
  };
}

export const contactRefColumns = {
  id: contacts.id,
  firstName: contacts.firstName,
  lastName: contacts.lastName,
  email: contacts.email,
  company: contacts.company,
  deletedAt: contacts.deletedAt,
};

// ---------------------------------------------------------------------------------------------
// One request

/** A request row as {@link getRequest} reads it: its instants as ISO text (db/instants.ts, decision 025). */
const requestReadColumns = isoInstants(rowColumns);

/** {@link getRequest}'s read with its progress and creator, built and prepared once (db/prepared.ts). */
const requestStatement = preparedQuery((db) =>
  db
    .select({
      row: requestReadColumns,
      progress: progressSql,
      creatorFirstName: creatorPerson.firstName,
      creatorLastName: creatorPerson.lastName,
    })
    .from(questionRequests)
    .leftJoin(creator, eq(creator.id, questionRequests.createdByMemberId))
    .leftJoin(creatorPerson, eq(creatorPerson.id, creator.personId))
    .where(and(eq(questionRequests.workspaceId, sql.placeholder('workspaceId')), eq(questionRequests.id, sql.placeholder('requestId'))))
    .prepare('request_by_id'),
);

/** The request `requestId` of `workspaceId` with its progress and author, or undefined. */
export async function getRequest(db: Queryable, workspaceId: string, requestId: string): Promise<QuestionRequest | undefined> {
  const [row] = await requestStatement(db).execute({ workspaceId, requestId });
  if (!row) return undefined;
  const r = row.row;
  return {
    id: r.id,
    title: r.title,
    context: r.context,
    items: r.items,
    dueDate: r.dueDate,
    timeZone: r.timeZone,
    remindAfterDays: r.remindAfterDays,
    confidential: r.confidential,
    channel: r.channel,
    recipientChannels: r.recipientChannels,
    contactIds: r.contactIds,
    status: r.status,
    progress: progressOf(row.progress),
    version: r.version,
    sentAt: r.sentAt,
    closedAt: r.closedAt,
    createdBy: memberOf(r.createdByMemberId, row.creatorFirstName, row.creatorLastName),
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
  };
}

/** A recipient row as {@link findRecipients} reads it: its instants as ISO text (decision 025). */
const recipientReadColumns = isoInstants(getTableColumns(questionRecipients));

/** {@link findRecipients}' read, all of a request's or one: prepared once per shape (db/prepared.ts). */
const recipientsStatement = preparedStatements(
  'request_recipients',
  (oneRecipient: boolean) => String(oneRecipient),
  (db, oneRecipient, name) =>
    db
      .select({
        recipient: recipientReadColumns,
        contact: contactRefColumns,
        expiresAt: isoInstant(publicLinks.expiresAt),
        revokedAt: isoInstant(publicLinks.revokedAt),
        viewCount: publicLinks.viewCount,
        lastViewedAt: isoInstant(publicLinks.lastViewedAt),
        isActive: sql<boolean>`(${publicLinks.revokedAt} is null
          and (${publicLinks.expiresAt} is null or ${publicLinks.expiresAt} > now())
          and ${workspaces.publicLinksEnabled})`,
      })
      .from(questionRecipients)
      .innerJoin(contacts, eq(contacts.id, questionRecipients.contactId))
      .innerJoin(publicLinks, eq(publicLinks.id, questionRecipients.linkId))
      .innerJoin(workspaces, eq(workspaces.id, questionRecipients.workspaceId))
      .where(
        and(
          eq(questionRecipients.workspaceId, sql.placeholder('workspaceId')),
          eq(questionRecipients.requestId, sql.placeholder('requestId')),
          oneRecipient ? eq(questionRecipients.id, sql.placeholder('recipientId')) : undefined,
        ),
      )
      .orderBy(asc(contacts.lastName), asc(contacts.firstName), asc(questionRecipients.id))
      .prepare(name),
);

/** Recipient rows joined with their contact and link (the detail, CSV export, revoke). */
export async function findRecipients(
  db: Queryable,
  workspaceId: string,
  requestId: string,
  publicUrl: string,
  recipientId?: string,
): Promise<Recipient[]> {
  const rows = await recipientsStatement(db, recipientId !== undefined).execute({ workspaceId, requestId, recipientId });
  return rows.map(({ recipient: r, contact, ...link }) => ({
    id: r.id,
    requestId: r.requestId,
    contact: contactRefOf(contact),
    channel: r.channel,
    state: r.state,
    link: {
      shortUrl: r.linkId,
      url: `${publicUrl}/q/${r.linkId}`,
      expiresAt: link.expiresAt,
      revokedAt: link.revokedAt,
      isActive: Boolean(link.isActive),
      viewCount: link.viewCount,
      lastViewedAt: link.lastViewedAt,
    },
    sentAt: r.sentAt,
    openedAt: r.openedAt,
    firstAnsweredAt: r.firstAnsweredAt,
    lastAnsweredAt: r.lastAnsweredAt,
    completedAt: r.completedAt,
    remindersSent: r.remindersSent,
    lastRemindedAt: r.lastRemindedAt,
    deliveryError: r.deliveryError,
  }));
}

const enteredBy = alias(workspaceMembers, 'entered_by');
const enteredByPerson = alias(people, 'entered_by_person');

/** {@link findAnswers}' read, built and prepared once (db/prepared.ts). */
const answersStatement = preparedQuery((db) =>
  db
    .select({
      answer: isoInstants(getTableColumns(questionAnswers)),
      firstName: enteredByPerson.firstName,
      lastName: enteredByPerson.lastName,
    })
    .from(questionAnswers)
    .leftJoin(enteredBy, eq(enteredBy.id, questionAnswers.enteredByMemberId))
    .leftJoin(enteredByPerson, eq(enteredByPerson.id, enteredBy.personId))
    .where(
      and(eq(questionAnswers.workspaceId, sql.placeholder('workspaceId')), eq(questionAnswers.requestId, sql.placeholder('requestId'))),
    )
    .orderBy(asc(questionAnswers.recipientId), asc(questionAnswers.itemId))
    .prepare('request_answers'),
);

/** Every answer of a request, with who entered one on someone's behalf. */
export async function findAnswers(db: Queryable, workspaceId: string, requestId: string): Promise<Answer[]> {
  const rows = await answersStatement(db).execute({ workspaceId, requestId });
  return rows.map(({ answer: a, firstName, lastName }) => ({
    id: a.id,
    recipientId: a.recipientId,
    itemId: a.itemId,
    value: a.value,
    submittedAt: a.submittedAt,
    updatedAt: a.updatedAt,
    late: a.late,
    via: a.via,
    enteredBy: memberOf(a.enteredByMemberId, firstName, lastName),
  }));
}

/** The request with its recipients (contacts, links) and every answer (contract QuestionRequestDetail). */
export async function getRequestDetail(
  db: Queryable,
  workspaceId: string,
  requestId: string,
  publicUrl: string,
): Promise<QuestionRequestDetail | undefined> {
  // Three reads of the same request, issued together on `db`'s connection (inOrder, decision 038);
  // an absent request's empty lists are dropped.
  const [request, recipients, answers] = await inOrder(
    getRequest(db, workspaceId, requestId),
    findRecipients(db, workspaceId, requestId, publicUrl),
    findAnswers(db, workspaceId, requestId),
  );
  if (!request) return undefined;
  return { ...request, recipients, answers };
}

/** The row of a request of `workspaceId`, locked FOR UPDATE until the transaction ends; undefined when absent. */
export async function lockRequestRow(tx: Queryable, workspaceId: string, requestId: string): Promise<RequestRow | undefined> {
  const [row] = await tx
    .select(rowColumns)
    .from(questionRequests)
    .where(and(eq(questionRequests.workspaceId, workspaceId), eq(questionRequests.id, requestId)))
    .for('update');
  return row;
}

export type NewRequest = Omit<typeof questionRequests.$inferInsert, 'id' | 'search' | 'status' | 'version'>;

/** Inserts a DRAFT at version 1. */
export async function insertRequest(tx: Queryable, input: NewRequest): Promise<RequestRow> {
  const [row] = await tx.insert(questionRequests).values(input).returning(rowColumns);
  return row!;
}

export type RequestWrite = Partial<{
  [K in keyof Omit<typeof questionRequests.$inferInsert, 'id' | 'workspaceId' | 'search'>]: (typeof questionRequests.$inferInsert)[K] | SQL;
}>;

/** Applies `write` to a locked request and returns the row as stored. */
export async function updateRequestRow(tx: Queryable, current: RequestRow, write: RequestWrite): Promise<RequestRow> {
  const [row] = await tx
    .update(questionRequests)
    .set(write)
    .where(and(eq(questionRequests.workspaceId, current.workspaceId), eq(questionRequests.id, current.id)))
    .returning(rowColumns);
  return row!;
}

/** Deletes a request of `workspaceId` (a DRAFT: it has no recipients, answers or links). */
export async function deleteRequestRow(tx: Queryable, workspaceId: string, requestId: string): Promise<void> {
  await tx.delete(questionRequests).where(and(eq(questionRequests.workspaceId, workspaceId), eq(questionRequests.id, requestId)));
}

/** The workspace's contacts among `ids` that are not deleted, with what sending needs. */
export async function findLiveContacts(db: Queryable, workspaceId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ ...contactRefColumns })
    .from(contacts)
    .where(and(eq(contacts.workspaceId, workspaceId), inArray(contacts.id, ids), isNull(contacts.deletedAt)));
}

/** The recipient rows of a request (contact id → row). */
export async function findRecipientRows(db: Queryable, workspaceId: string, requestId: string): Promise<RecipientRow[]> {
  return db
    .select()
    .from(questionRecipients)
    .where(and(eq(questionRecipients.workspaceId, workspaceId), eq(questionRecipients.requestId, requestId)));
}

/**
 * How many question requests of the workspace are SENT (PRODUCT §8 "active question requests";
 * a CLOSED request no longer counts, a DRAFT not yet).
 */
export async function countActiveRequests(db: Queryable, workspaceId: string): Promise<number> {
  const [row] = await db
    .select({ value: sql<number>`count(*)::int` })
    .from(questionRequests)
    .where(and(eq(questionRequests.workspaceId, workspaceId), eq(questionRequests.status, 'SENT')));
  return Number(row?.value ?? 0);
}

// ---------------------------------------------------------------------------------------------
// The list (GET …/question-requests)

const listColumns = {
  id: questionRequests.id,
  title: questionRequests.title,
  status: questionRequests.status,
  dueDate: questionRequests.dueDate,
  itemCount: sql<number>`jsonb_array_length(${questionRequests.items})`,
  progress: progressSql,
  channel: questionRequests.channel,
  confidential: questionRequests.confidential,
  sentAt: isoInstant(questionRequests.sentAt),
  closedAt: isoInstant(questionRequests.closedAt),
  createdByMemberId: creator.id,
  creatorFirstName: creatorPerson.firstName,
  creatorLastName: creatorPerson.lastName,
  createdAt: isoInstant(questionRequests.createdAt),
  updatedAt: isoInstant(questionRequests.updatedAt),
};

/** The list rows' select: a request with its item count, progress and creator's names. */
function selectRequestListRows(db: Queryable) {
  return db
    .select(listColumns)
    .from(questionRequests)
    .leftJoin(creator, eq(creator.id, questionRequests.createdByMemberId))
    .leftJoin(creatorPerson, eq(creatorPerson.id, creator.personId));
}

type RequestListRow = Awaited<ReturnType<ReturnType<typeof selectRequestListRows>['execute']>>[number];

const toRequestListItem = (row: RequestListRow): QuestionRequestListItem => ({
  id: row.id,
  title: row.title,
  status: row.status,
  dueDate: row.dueDate,
  itemCount: Number(row.itemCount),
  progress: progressOf(row.progress),
  channel: row.channel,
  confidential: row.confidential,
  sentAt: row.sentAt,
  closedAt: row.closedAt,
  createdBy: memberOf(row.createdByMemberId, row.creatorFirstName, row.creatorLastName),
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
});

/** At most `limit` requests matching `where` (which must scope the workspace), in `order`, as list rows. */
export async function findRequestListItems(db: Queryable, where: SQL, order: SQL[], limit: number): Promise<QuestionRequestListItem[]> {
  const rows = await selectRequestListRows(db)
    .where(where)
    .orderBy(...order)
    .limit(limit);
  return rows.map(toRequestListItem);
}

/**
 * What decides a request list's SQL besides the values bound into it (db/prepared.ts): which
 * filters are set (and how many statuses), the sort, which index range is read and whether it
 * continues after a cursor.
 */
interface RequestListShape {
  /** How many statuses `status` lists; null when it is not set. */
  statuses: number | null;
  words: boolean;
  contact: boolean;
  sort: ListQuestionRequestsQuery['sort'];
  /** The one range of updatedAt and title, or dueDate's requests with a due date and those without. */
  range: 'all' | 'dated' | 'undated';
  after: boolean;
}

const param = sql.placeholder;

/** The filters of ListQuestionRequestsQuery as SQL, scoped to the workspace; values are placeholders. */
function filtersOf(shape: RequestListShape): SQL {
  const conditions: (SQL | undefined)[] = [eq(questionRequests.workspaceId, param('workspaceId'))];
  if (shape.statuses !== null) {
    conditions.push(inArray(questionRequests.status, listPlaceholders('status', shape.statuses)));
  }
  if (shape.words) conditions.push(sql`${questionRequests.search} @@ to_tsquery('simple'::regconfig, ${param('words')})`);
  // contact_ids holds the drafted people and, once sent, every recipient's contact.
  if (shape.contact) conditions.push(sql`${questionRequests.contactIds} @> ${param('contactIds')}::jsonb`);
  return and(...conditions)!;
}

/** One index range of a request list as a prepared statement per shape (issue #13: built once). */
const requestListStatement = preparedStatements(
  'request_list',
  (shape: RequestListShape) => JSON.stringify(shape),
  (db, shape, name) => {
    const key = param('cursorKey');
    const lastId = sql`${param('cursorId')}::uuid`;
    const conditions: (SQL | undefined)[] = [filtersOf(shape)];
    let order: SQL[];
    if (shape.sort === 'updatedAt') {
      if (shape.after) conditions.push(sql`(${questionRequests.updatedAt}, ${questionRequests.id}) < (${key}::timestamptz, ${lastId})`);
      order = [desc(questionRequests.updatedAt), desc(questionRequests.id)];
    } else if (shape.sort === 'title') {
      if (shape.after) conditions.push(sql`(${questionRequests.title}, ${questionRequests.id}) > (${key}::text, ${lastId})`);
      order = [asc(questionRequests.title), asc(questionRequests.id)];
    } else if (shape.range === 'dated') {
      conditions.push(isNotNull(questionRequests.dueDate));
      if (shape.after) conditions.push(sql`(${questionRequests.dueDate}, ${questionRequests.id}) > (${key}::date, ${lastId})`);
      order = [asc(questionRequests.dueDate), asc(questionRequests.id)];
    } else {
      conditions.push(isNull(questionRequests.dueDate));
      if (shape.after) conditions.push(sql`${questionRequests.id} > ${lastId}`);
      order = [asc(questionRequests.id)];
    }
    return selectRequestListRows(db)
      .where(and(...conditions))
      .orderBy(...order)
      .limit(param('limit'))
      .prepare(name);
  },
);

/** A digest of what decides the list's content and order: a cursor only continues its own list. */
function listFingerprint(workspaceId: string, query: ListQuestionRequestsQuery): string {
  const { cursor: _cursor, limit: _limit, ...rest } = query;
  return createHash('sha256')
    .update(JSON.stringify([workspaceId, rest]))
    .digest('base64url')
    .slice(0, 12);
}

const LIST = 'question-requests';

/** The sort key a cursor may carry per sort: an ISO instant, a title, or a calendar date (null = no due date). */
const sortKeySchemas = {
  updatedAt: z.iso.datetime(),
  title: z.string().max(REQUEST_TITLE_MAX),
  dueDate: z.iso.date().nullable(),
} as const;

/**
 * One page of a workspace's question requests (issue #10 /questions/list; PRODUCT §4
 * `{ items, nextCursor }`), progress counted in the same statement. Keyset pagination on
 * (sort key, id): updatedAt newest first; title A→Z; dueDate soonest first with requests without a
 * due date after all others (two index ranges of (workspace_id, due_date, id)).
 * @throws 400 errorData.cursor for a malformed cursor or one of another list or filter.
 */
export async function findRequests(db: Queryable, workspaceId: string, query: ListQuestionRequestsQuery): Promise<QuestionRequestPage> {
  const fingerprint = listFingerprint(workspaceId, query);
  const cursor =
    query.cursor === undefined
      ? undefined
      : decodeCursor(query.cursor, LIST, z.tuple([z.literal(fingerprint), sortKeySchemas[query.sort], z.uuid()]));
  const [, key, lastId] = cursor ?? [undefined, undefined, undefined];
  const words = query.q ? toPrefixQuery(query.q) : null;
  const filters = {
    statuses: query.status ? query.status.length : null,
    words: words !== null,
    contact: Boolean(query.contactId),
    sort: query.sort,
  };
  const values = {
    workspaceId,
    ...listValues('status', query.status),
    words,
    contactIds: query.contactId ? JSON.stringify([query.contactId]) : undefined,
    cursorKey: key,
    cursorId: lastId,
  };
  const want = query.limit + 1;
  const readRange = async (range: RequestListShape['range'], after: boolean, limit: number): Promise<QuestionRequestListItem[]> => {
    const rows = await requestListStatement(db, { ...filters, range, after }).execute({ ...values, limit });
    return rows.map(toRequestListItem);
  };

  let items: QuestionRequestListItem[];
  if (query.sort !== 'dueDate') {
    items = await readRange('all', cursor !== undefined, want);
  } else {
    items = [];
    if (!cursor || key !== null) items = await readRange('dated', cursor !== undefined, want);
    if (items.length < want) items = items.concat(await readRange('undated', cursor !== undefined && key === null, want - items.length));
  }
  const shown = items.slice(0, query.limit);
  const last = shown.at(-1);
  const keyOf = (item: QuestionRequestListItem) =>
    query.sort === 'updatedAt' ? item.updatedAt : query.sort === 'title' ? item.title : item.dueDate;
  return {
    items: shown,
    nextCursor: items.length > query.limit && last ? encodeCursor(LIST, [fingerprint, keyOf(last), last.id]) : null,
  };
}
