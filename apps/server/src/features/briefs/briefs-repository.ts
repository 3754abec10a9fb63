import { createHash } from 'node:crypto';
import { and, asc, desc, eq, inArray, isNotNull, isNull, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { alias, unionAll, type PgSelect } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type {
  Brief,
  BriefAttendee,
  BriefChanges,
  BriefListItem,
  BriefMember,
  BriefPage,
  BriefSort,
  BriefVersion,
  BriefVersionSummary,
  ListBriefsQuery,
} from '@tandem/contract';
import type { Queryable } from '../../db/client.js';
import { isoInstant } from '../../db/instants.js';
import { matchedBeforeLimit } from '../../db/page-total.js';
import { listPlaceholders, listValues, preparedQuery, preparedStatements } from '../../db/prepared.js';
import { briefs, briefVersions, people, workspaceMembers, type BriefSnapshot } from '../../db/schema/index.js';
import { dayBounds, todayIn } from '../../lib/calendar-days.js';
import { decodeCursor, encodeCursor } from '../../lib/cursor.js';
import { briefsOfWorkspace, viewerPlaceholders, viewerValues, type Viewer } from '../../permissions/visibility.js';
import { toPrefixQuery } from '../../lib/text-search.js';

/** A stored brief row (without the generated search vector). */
export type BriefRow = Omit<typeof briefs.$inferSelect, 'search'>;

const rowColumns = {
  id: briefs.id,
  workspaceId: briefs.workspaceId,
  title: briefs.title,
  templateId: briefs.templateId,
  meetingAt: briefs.meetingAt,
  meetingTimeZone: briefs.meetingTimeZone,
  attendees: briefs.attendees,
  sections: briefs.sections,
  status: briefs.status,
  readyAt: briefs.readyAt,
  acknowledgedAt: briefs.acknowledgedAt,
  acknowledgedByMemberId: briefs.acknowledgedByMemberId,
  confidential: briefs.confidential,
  version: briefs.version,
  needMoreCount: briefs.needMoreCount,
  needMoreAt: briefs.needMoreAt,
  createdByMemberId: briefs.createdByMemberId,
  updatedByMemberId: briefs.updatedByMemberId,
  createdAt: briefs.createdAt,
  updatedAt: briefs.updatedAt,
};

// ---------------------------------------------------------------------------------------------
// Names: a brief names members by id (author, editor, acknowledger, markers, attendees)

type Names = Map<string, BriefMember>;

/** The current names of the members `ids` of `workspaceId` (those still members). */
async function findNames(db: Queryable, workspaceId: string, ids: Iterable<string | null>): Promise<Names> {
  const wanted = [...new Set([...ids].filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await namesStatement(db).execute({ workspaceId, memberIds: wanted });
  return new Map(rows.map((row) => [row.memberId, row]));
}

/** {@link findNames}' read, built once (issue #13); the ids go in as one uuid[] value, whatever their number. */
const namesStatement = preparedQuery((db) =>
  db
    .select({ memberId: workspaceMembers.id, firstName: people.firstName, lastName: people.lastName })
    .from(workspaceMembers)
    .innerJoin(people, eq(people.id, workspaceMembers.personId))
    .where(
      and(
        eq(workspaceMembers.workspaceId, sql.placeholder('workspaceId')),
        sql`${workspaceMembers.id} = any(${sql.placeholder('memberIds')}::uuid[])`,
      ),
    )
    .prepare('brief_member_names'),
);

const nameOf = (names: Names, memberId: string | null): BriefMember | null => (memberId === null ? null : (names.get(memberId) ?? null));

/** Attendees with their current names; one whose member is gone is dropped (contract BriefAttendee). */
function attendeesOf(names: Names, attendees: BriefSnapshot['attendees']): BriefAttendee[] {
  return attendees.flatMap((attendee) => {
    const member = names.get(attendee.id);
    return member ? [{ type: attendee.type, id: attendee.id, firstName: member.firstName, lastName: member.lastName }] : [];
  });
}

function toBrief(row: BriefRow, names: Names): Brief {
  return {
    id: row.id,
    title: row.title,
    templateId: row.templateId,
    meetingAt: row.meetingAt?.toISOString() ?? null,
    meetingTimeZone: row.meetingTimeZone,
    attendees: attendeesOf(names, row.attendees),
    sections: row.sections.map((section) => ({
      id: section.id,
      heading: section.heading,
      body: section.body,
      guidance: section.guidance,
      mark: section.mark,
      markNote: section.markNote,
      markedAt: section.markedAt,
      markedBy: nameOf(names, section.markedByMemberId),
    })),
    status: row.status,
    readyAt: row.readyAt?.toISOString() ?? null,
    acknowledgedAt: row.acknowledgedAt?.toISOString() ?? null,
    acknowledgedBy: nameOf(names, row.acknowledgedByMemberId),
    confidential: row.confidential,
    version: row.version,
    createdBy: nameOf(names, row.createdByMemberId),
    updatedBy: nameOf(names, row.updatedByMemberId),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Rows → Briefs with one names query for all of them. */
async function toBriefs(db: Queryable, workspaceId: string, rows: BriefRow[]): Promise<Brief[]> {
  const ids = rows.flatMap((row) => [
    row.createdByMemberId,
    row.updatedByMemberId,
    row.acknowledgedByMemberId,
    ...row.sections.map((section) => section.markedByMemberId),
    ...row.attendees.map((attendee) => attendee.id),
  ]);
  const names = await findNames(db, workspaceId, ids);
  return rows.map((row) => toBrief(row, names));
}

// ---------------------------------------------------------------------------------------------
// One brief

/** {@link getBrief}'s read, prepared once per member type (db/prepared.ts). */
const visibleBriefStatement = preparedStatements(
  'brief_visible',
  (memberType: Viewer['workspaceMemberType']) => memberType,
  (db, memberType, name) =>
    db
      .select(rowColumns)
      .from(briefs)
      .where(and(briefsOfWorkspace(viewerPlaceholders(memberType)), eq(briefs.id, sql.placeholder('briefId'))))
      .prepare(name),
);

/** One brief of `viewer`'s workspace as a DTO, or undefined when it is absent or not theirs to see. */
export async function getBrief(db: Queryable, viewer: Viewer, briefId: string): Promise<Brief | undefined> {
  const [row] = await visibleBriefStatement(db, viewer.workspaceMemberType).execute({ ...viewerValues(viewer), briefId });
  return row ? (await toBriefs(db, viewer.workspaceId, [row]))[0] : undefined;
}

/** `row` as a DTO (after a write, whoever asks). */
export async function briefOf(db: Queryable, row: BriefRow): Promise<Brief> {
  return (await toBriefs(db, row.workspaceId, [row]))[0]!;
}

/**
 * The stored row of a brief `viewer` may see (permissions/visibility.ts), locked FOR UPDATE until
 * the transaction ends; undefined for a brief that is absent or not theirs to see.
 */
export async function lockVisibleBriefRow(tx: Queryable, viewer: Viewer, briefId: string): Promise<BriefRow | undefined> {
  const [row] = await tx
    .select(rowColumns)
    .from(briefs)
    .where(and(briefsOfWorkspace(viewer), eq(briefs.id, briefId)))
    .for('update');
  return row;
}

/** Which of `memberIds` are ACTIVE members of `workspaceId` (valid attendees). */
export async function findActiveMemberIds(db: Queryable, workspaceId: string, memberIds: string[]): Promise<Set<string>> {
  if (memberIds.length === 0) return new Set();
  const rows = await db
    .select({ id: workspaceMembers.id })
    .from(workspaceMembers)
    .where(
      and(eq(workspaceMembers.workspaceId, workspaceId), inArray(workspaceMembers.id, memberIds), eq(workspaceMembers.status, 'ACTIVE')),
    );
  return new Set(rows.map((row) => row.id));
}

/** The ACTIVE EXECUTIVE member of `workspaceId` (PRODUCT §1: at most one), or null. */
export async function findExecutiveMemberId(db: Queryable, workspaceId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: workspaceMembers.id })
    .from(workspaceMembers)
    .where(
      and(
        eq(workspaceMembers.workspaceId, workspaceId),
        eq(workspaceMembers.workspaceMemberType, 'EXECUTIVE'),
        eq(workspaceMembers.status, 'ACTIVE'),
      ),
    )
    .limit(1);
  return row?.id ?? null;
}

export type NewBrief = Pick<
  typeof briefs.$inferInsert,
  'workspaceId' | 'title' | 'templateId' | 'meetingAt' | 'meetingTimeZone' | 'attendees' | 'sections' | 'confidential'
> & { createdByMemberId: string };

/** Inserts a brief in DRAFT at version 1, its author also its last editor. */
export async function insertBrief(tx: Queryable, input: NewBrief): Promise<BriefRow> {
  const [row] = await tx
    .insert(briefs)
    .values({ ...input, updatedByMemberId: input.createdByMemberId })
    .returning(rowColumns);
  return row!;
}

type WritableColumn =
  | 'title'
  | 'meetingAt'
  | 'meetingTimeZone'
  | 'attendees'
  | 'sections'
  | 'confidential'
  | 'status'
  | 'readyAt'
  | 'acknowledgedAt'
  | 'acknowledgedByMemberId'
  | 'version'
  | 'needMoreCount'
  | 'needMoreAt'
  | 'updatedByMemberId'
  | 'updatedAt';

/** The columns a write may set (content, status, marks and their bookkeeping): values, or SQL such as now(). */
export type BriefWrite = { [K in WritableColumn]?: (typeof briefs.$inferInsert)[K] | SQL };

/** Applies `write` to a brief locked by lockVisibleBriefRow and returns the row as stored. */
export async function updateBriefRow(tx: Queryable, current: BriefRow, write: BriefWrite): Promise<BriefRow> {
  const [row] = await tx
    .update(briefs)
    .set(write)
    .where(and(eq(briefs.workspaceId, current.workspaceId), eq(briefs.id, current.id)))
    .returning(rowColumns);
  return row!;
}

/** Deletes a brief of `workspaceId`; its versions and activity go with it (foreign keys). */
export async function deleteBriefRow(tx: Queryable, workspaceId: string, briefId: string): Promise<void> {
  await tx.delete(briefs).where(and(eq(briefs.workspaceId, workspaceId), eq(briefs.id, briefId)));
}

// ---------------------------------------------------------------------------------------------
// Version history

/** Keeps one version of a brief: the content `snapshot` that save produced, and what it changed. */
export async function insertBriefVersion(
  tx: Queryable,
  input: {
    workspaceId: string;
    briefId: string;
    version: number;
    snapshot: BriefSnapshot;
    changes: BriefChanges;
    restoredFrom?: number | null;
    authorMemberId: string;
  },
): Promise<void> {
  await tx.insert(briefVersions).values({ ...input, restoredFrom: input.restoredFrom ?? null, createdAt: sql`now()` });
}

/** The content a brief had at `version`, or undefined when there is no such version. */
export async function getVersionSnapshot(
  db: Queryable,
  workspaceId: string,
  briefId: string,
  version: number,
): Promise<BriefSnapshot | undefined> {
  const [row] = await db
    .select({ snapshot: briefVersions.snapshot })
    .from(briefVersions)
    .where(and(eq(briefVersions.workspaceId, workspaceId), eq(briefVersions.briefId, briefId), eq(briefVersions.version, version)));
  return row?.snapshot;
}

const versionColumns = {
  version: briefVersions.version,
  snapshot: briefVersions.snapshot,
  changes: briefVersions.changes,
  restoredFrom: briefVersions.restoredFrom,
  authorMemberId: briefVersions.authorMemberId,
  createdAt: briefVersions.createdAt,
};
type VersionRow = { [K in keyof typeof versionColumns]: (typeof briefVersions.$inferSelect)[K] };

const toSummary = (row: VersionRow, names: Names): BriefVersionSummary => ({
  version: row.version,
  author: nameOf(names, row.authorMemberId),
  createdAt: row.createdAt.toISOString(),
  changes: row.changes,
  restoredFrom: row.restoredFrom,
});

const VersionCursorSchema = (briefId: string) => z.tuple([z.literal(briefId), z.number().int().min(1)]);

/**
 * One page of a brief's history, newest first (PRODUCT §4 `{ items, nextCursor }`, keyset on the
 * version number). @throws 400 errorData.cursor for a cursor of another list or brief.
 */
export async function findBriefVersions(
  db: Queryable,
  workspaceId: string,
  briefId: string,
  page: { limit: number; cursor?: string | undefined },
): Promise<{ items: BriefVersionSummary[]; nextCursor: string | null }> {
  const before = page.cursor === undefined ? undefined : decodeCursor(page.cursor, 'brief-versions', VersionCursorSchema(briefId))[1];
  const rows = await db
    .select(versionColumns)
    .from(briefVersions)
    .where(
      and(
        eq(briefVersions.workspaceId, workspaceId),
        eq(briefVersions.briefId, briefId),
        before === undefined ? undefined : sql`${briefVersions.version} < ${before}`,
      ),
    )
    .orderBy(desc(briefVersions.version))
    .limit(page.limit + 1);
  const shown = rows.slice(0, page.limit);
  const names = await findNames(
    db,
    workspaceId,
    shown.map((row) => row.authorMemberId),
  );
  return {
    items: shown.map((row) => toSummary(row, names)),
    nextCursor: rows.length > page.limit ? encodeCursor('brief-versions', [briefId, shown.at(-1)!.version]) : null,
  };
}

/** One version of a brief with its content (attendees named as they are now), or undefined. */
export async function getBriefVersion(
  db: Queryable,
  workspaceId: string,
  briefId: string,
  version: number,
): Promise<BriefVersion | undefined> {
  const [row] = await db
    .select(versionColumns)
    .from(briefVersions)
    .where(and(eq(briefVersions.workspaceId, workspaceId), eq(briefVersions.briefId, briefId), eq(briefVersions.version, version)));
  if (!row) return undefined;
  const names = await findNames(db, workspaceId, [row.authorMemberId, ...row.snapshot.attendees.map((attendee) => attendee.id)]);
  return {
    ...toSummary(row, names),
    title: row.snapshot.title,
    meetingAt: row.snapshot.meetingAt,
    meetingTimeZone: row.snapshot.meetingTimeZone,
    attendees: attendeesOf(names, row.snapshot.attendees),
    confidential: row.snapshot.confidential,
    sections: row.snapshot.sections,
  };
}

// ---------------------------------------------------------------------------------------------
// Lists (GET …/briefs, the dashboard)

const creator = alias(workspaceMembers, 'creator');
const creatorPerson = alias(people, 'creator_person');

const markCount = (mark: string) =>
  sql<number>`(select count(*)::int from jsonb_array_elements(${briefs.sections}) as section where section->>'mark' = ${mark})`;

const listColumns = {
  id: briefs.id,
  title: briefs.title,
  status: briefs.status,
  meetingAt: isoInstant(briefs.meetingAt),
  meetingTimeZone: briefs.meetingTimeZone,
  sectionCount: sql<number>`jsonb_array_length(${briefs.sections})`,
  read: markCount('READ'),
  decided: markCount('DECIDED'),
  needMore: markCount('NEED_MORE'),
  confidential: briefs.confidential,
  version: briefs.version,
  createdByMemberId: creator.id,
  creatorFirstName: creatorPerson.firstName,
  creatorLastName: creatorPerson.lastName,
  updatedAt: isoInstant(briefs.updatedAt),
};

/** `query` (a dynamic select from briefs) with each brief's creator and their names joined. */
function joinCreator<Query extends PgSelect>(query: Query) {
  return query.leftJoin(creator, eq(creator.id, briefs.createdByMemberId)).leftJoin(creatorPerson, eq(creatorPerson.id, creator.personId));
}

/** The list rows' select: a brief with its section and mark counts and its creator's names. */
function selectBriefListRows(db: Queryable) {
  return joinCreator(db.select(listColumns).from(briefs).$dynamic());
}

type BriefListRow = Awaited<ReturnType<typeof selectBriefListRows>>[number];

const toBriefListItem = (row: BriefListRow): BriefListItem => ({
  id: row.id,
  title: row.title,
  status: row.status,
  meetingAt: row.meetingAt,
  meetingTimeZone: row.meetingTimeZone,
  sectionCount: Number(row.sectionCount),
  marks: { READ: Number(row.read), DECIDED: Number(row.decided), NEED_MORE: Number(row.needMore) },
  confidential: row.confidential,
  version: row.version,
  createdBy:
    row.createdByMemberId && row.creatorFirstName !== null && row.creatorLastName !== null
      ? { memberId: row.createdByMemberId, firstName: row.creatorFirstName, lastName: row.creatorLastName }
      : null,
  updatedAt: row.updatedAt,
});

/** One brief list of {@link briefListsStatement}: its condition (with the viewer's visibility) and its order. */
export interface BriefListQuery {
  where: SQL;
  order: SQL[];
}

/**
 * Brief lists read together the same way on every call (the dashboard's), as one prepared
 * statement (db/prepared.ts): `listsOf(shape)` gives each list's `where` — which must hold the
 * viewer's visibility ({@link briefsOfWorkspace}) — and `order`, their values as placeholders. For
 * the `values` of a run, the statement answers, per list and in the order of `listsOf`, at most
 * `limit` list rows (contract BriefListItem: no section bodies leave the database) and how many
 * briefs the list holds in all (db/page-total.ts): a UNION ALL of one select per list, each row
 * tagged with its list and its place in the list's order, so the union's own order is not relied
 * on (issue #13: one statement instead of one per list). `name` and `keyOf` as in
 * {@link preparedStatements}.
 */
export function briefListsStatement<Shape>(
  name: string,
  keyOf: (shape: Shape) => string,
  listsOf: (shape: Shape) => readonly BriefListQuery[],
  limit: number,
): (db: Queryable, shape: Shape, values: Record<string, unknown>) => Promise<{ items: BriefListItem[]; total: number }[]> {
  // How many lists each shape has, learnt when its statement is built.
  const listCounts = new Map<string, number>();
  const statement = preparedStatements(name, keyOf, (db, shape: Shape, statementName) => {
    const queries = listsOf(shape);
    listCounts.set(keyOf(shape), queries.length);
    const [first, ...rest] = queries.map(({ where, order }, index) =>
      joinCreator(
        db
          .select({
            ...listColumns,
            // The list's index as a constant of the SQL text (an int column of the union, not input).
            list: sql<number>`${sql.raw(String(index))}`,
            position: sql<number>`(row_number() over (order by ${sql.join(order, sql`, `)}))::int`,
            total: matchedBeforeLimit(),
          })
          .from(briefs)
          .$dynamic(),
      )
        .where(where)
        .orderBy(...order)
        .limit(limit),
    );
    if (!first) throw new Error(`briefListsStatement: "${name}" has no list for this shape`);
    const second = rest.shift();
    return (second ? unionAll(first, second, ...rest) : first).prepare(statementName);
  });
  return async (db, shape, values) => {
    const rows = await statement(db, shape).execute(values);
    const lists = Array.from({ length: listCounts.get(keyOf(shape)) ?? 0 }, () => ({ items: [] as BriefListItem[], total: 0 }));
    // The mapper's own array, sorted in place.
    for (const row of rows.sort((a, b) => a.list - b.list || a.position - b.position)) {
      const list = lists[row.list]!;
      list.total = row.total;
      list.items.push(toBriefListItem(row));
    }
    return lists;
  };
}

/** Briefs whose meeting is on the day [start, end) (instants, or placeholders of ISO instants). */
export const meetingWithin = (bounds: { start: Date | Placeholder; end: Date | Placeholder }): SQL => {
  const instant = (value: Date | Placeholder) => (value instanceof Date ? value.toISOString() : value);
  return and(
    sql`${briefs.meetingAt} >= ${instant(bounds.start)}::timestamptz`,
    sql`${briefs.meetingAt} < ${instant(bounds.end)}::timestamptz`,
  )!;
};

/**
 * What decides a brief list's SQL besides the values bound into it (db/prepared.ts): the viewer's
 * member type, which filters are set (and how many statuses), the sort, which index range is read
 * and whether it continues after a cursor.
 */
interface BriefListShape {
  memberType: Viewer['workspaceMemberType'];
  /** How many statuses `status` lists; null when it is not set. */
  statuses: number | null;
  words: boolean;
  meetingFrom: boolean;
  meetingTo: boolean;
  forToday: boolean;
  sort: BriefSort;
  /** updatedAt's one range, or meetingAt's briefs with a meeting and those without. */
  range: 'all' | 'dated' | 'undated';
  after: boolean;
}

const param = sql.placeholder;

/** The filters of ListBriefsQuery as SQL, on top of the viewer's visibility; values are placeholders. */
function filtersOf(shape: BriefListShape): SQL {
  const conditions: (SQL | undefined)[] = [briefsOfWorkspace(viewerPlaceholders(shape.memberType))];
  if (shape.statuses !== null) {
    conditions.push(inArray(briefs.status, listPlaceholders('status', shape.statuses)));
  }
  if (shape.words) conditions.push(sql`${briefs.search} @@ to_tsquery('simple'::regconfig, ${param('words')})`);
  if (shape.meetingFrom) conditions.push(sql`${briefs.meetingAt} >= ${param('meetingFrom')}::timestamptz`);
  if (shape.meetingTo) conditions.push(sql`${briefs.meetingAt} < ${param('meetingTo')}::timestamptz`);
  if (shape.forToday) conditions.push(meetingWithin({ start: param('dayStart'), end: param('dayEnd') }));
  return and(...conditions)!;
}

/** One index range of a brief list as a prepared statement per shape (issue #13: built once). */
const briefListStatement = preparedStatements(
  'brief_list',
  (shape: BriefListShape) => JSON.stringify(shape),
  (db, shape, name) => {
    const cursorKey = sql`${param('cursorKey')}::timestamptz`;
    const cursorId = sql`${param('cursorId')}::uuid`;
    const conditions: (SQL | undefined)[] = [filtersOf(shape)];
    let order: SQL[];
    if (shape.range === 'all') {
      if (shape.after) conditions.push(sql`(${briefs.updatedAt}, ${briefs.id}) < (${cursorKey}, ${cursorId})`);
      order = [desc(briefs.updatedAt), desc(briefs.id)];
    } else if (shape.range === 'dated') {
      conditions.push(isNotNull(briefs.meetingAt));
      if (shape.after) conditions.push(sql`(${briefs.meetingAt}, ${briefs.id}) > (${cursorKey}, ${cursorId})`);
      order = [asc(briefs.meetingAt), asc(briefs.id)];
    } else {
      conditions.push(isNull(briefs.meetingAt));
      if (shape.after) conditions.push(sql`${briefs.id} > ${cursorId}`);
      order = [asc(briefs.id)];
    }
    return selectBriefListRows(db)
      .where(and(...conditions))
      .orderBy(...order)
      .limit(param('limit'))
      .prepare(name);
  },
);

/** The sort key of the last row of a page: an ISO instant; null = no meeting (sort meetingAt). */
type SortKey = string | null;

const isoInstantPattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const isInstantKey = (key: unknown): key is string =>
  typeof key === 'string' && isoInstantPattern.test(key) && !Number.isNaN(Date.parse(key));

/** A digest of everything that decides a list's content and order except the page: a cursor continues only its own list. */
function listFingerprint(viewer: Viewer, query: ListBriefsQuery, now: Date): string {
  const { cursor: _cursor, limit: _limit, ...rest } = query;
  const today = query.forToday ? (query.today ?? todayIn(query.timeZone ?? 'UTC', now)) : undefined;
  const shape = JSON.stringify([viewer.memberId, viewer.workspaceMemberType, { ...rest, today }]);
  return createHash('sha256').update(shape).digest('base64url').slice(0, 12);
}

function cursorParts(sort: BriefSort, fingerprint: string) {
  return z.tuple([
    z.literal(fingerprint),
    z.custom<SortKey>((key) => isInstantKey(key) || (sort === 'meetingAt' && key === null)),
    z.uuid(),
  ]);
}

/**
 * One page of the briefs `viewer` may see (issue #9 filters; PRODUCT §4 `{ items, nextCursor }`).
 * Keyset pagination on (sort key, id), so a page never repeats or skips a brief when briefs are
 * added meanwhile. updatedAt: newest first. meetingAt: soonest first, briefs without a meeting
 * after all others, read as two index ranges of (workspace_id, meeting_at, id).
 * @throws AppError 400 VALIDATION_FAILED errorData.cursor for a malformed or foreign cursor.
 */
export async function findBriefs(db: Queryable, viewer: Viewer, query: ListBriefsQuery, now = new Date()): Promise<BriefPage> {
  const fingerprint = listFingerprint(viewer, query, now);
  const cursor = query.cursor === undefined ? undefined : decodeCursor(query.cursor, 'briefs', cursorParts(query.sort, fingerprint));
  const [, cursorKey, cursorId] = cursor ?? [undefined, undefined, undefined];
  const words = query.q ? toPrefixQuery(query.q) : null;
  const timeZone = query.timeZone ?? 'UTC';
  const day = query.forToday ? dayBounds(query.today ?? todayIn(timeZone, now), timeZone) : undefined;
  const filters = {
    memberType: viewer.workspaceMemberType,
    statuses: query.status ? query.status.length : null,
    words: words !== null,
    meetingFrom: Boolean(query.meetingFrom),
    meetingTo: Boolean(query.meetingTo),
    forToday: day !== undefined,
    sort: query.sort,
  };
  const values = {
    ...viewerValues(viewer),
    ...listValues('status', query.status),
    words,
    meetingFrom: query.meetingFrom,
    meetingTo: query.meetingTo,
    dayStart: day?.start.toISOString(),
    dayEnd: day?.end.toISOString(),
    cursorKey,
    cursorId,
  };
  const want = query.limit + 1;
  const readRange = async (range: BriefListShape['range'], after: boolean, limit: number): Promise<BriefListItem[]> => {
    const rows = await briefListStatement(db, { ...filters, range, after }).execute({ ...values, limit });
    return rows.map(toBriefListItem);
  };

  let items: BriefListItem[];
  if (query.sort === 'updatedAt') {
    items = await readRange('all', cursor !== undefined, want);
  } else {
    items = [];
    if (!cursor || cursorKey !== null) items = await readRange('dated', cursor !== undefined, want);
    if (items.length < want)
      items = items.concat(await readRange('undated', cursor !== undefined && cursorKey === null, want - items.length));
  }
  const shown = items.slice(0, query.limit);
  const last = shown.at(-1);
  const keyOf = (item: BriefListItem): SortKey => (query.sort === 'updatedAt' ? item.updatedAt : item.meetingAt);
  return {
    items: shown,
    nextCursor: items.length > query.limit && last ? encodeCursor('briefs', [fingerprint, keyOf(last), last.id]) : null,
  };
}
