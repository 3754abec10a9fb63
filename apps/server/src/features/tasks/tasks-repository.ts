import { createHash } from 'node:crypto';
import { and, asc, desc, eq, inArray, isNotNull, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  CalendarDateSchema,
  TaskPrioritySchema,
  defaultTaskOrder,
  type ListTasksQuery,
  type Task,
  type TaskLinks,
  type TaskPage,
  type TaskPriority,
  type TaskSort,
  type TaskStatus,
} from '@tandem/contract';
import { tasksOfWorkspace, viewerPlaceholders, viewerValues, type Viewer } from '../../permissions/visibility.js';
import type { Queryable } from '../../db/client.js';
import { isoInstant } from '../../db/instants.js';
import { listPlaceholders, listValues, preparedStatements } from '../../db/prepared.js';
import { people, tasks, workspaceMembers } from '../../db/schema/index.js';
import { z } from 'zod';
import { decodeCursor, encodeCursor } from '../../lib/cursor.js';
import { toPrefixQuery } from '../../lib/text-search.js';

/** A stored task row (without the generated search vector). */
export type TaskRow = Omit<typeof tasks.$inferSelect, 'search'>;

const assignee = alias(workspaceMembers, 'assignee');
const assigneePerson = alias(people, 'assignee_person');
const creator = alias(workspaceMembers, 'creator');
const creatorPerson = alias(people, 'creator_person');

const rowColumns = {
  id: tasks.id,
  workspaceId: tasks.workspaceId,
  title: tasks.title,
  notes: tasks.notes,
  status: tasks.status,
  priority: tasks.priority,
  dueDate: tasks.dueDate,
  assigneeMemberId: tasks.assigneeMemberId,
  createdByMemberId: tasks.createdByMemberId,
  links: tasks.links,
  version: tasks.version,
  completedAt: tasks.completedAt,
  createdAt: tasks.createdAt,
  updatedAt: tasks.updatedAt,
};

/** What a Task DTO is made of: its row with the instants as ISO text (db/instants.ts) and both names. */
const taskColumns = {
  ...rowColumns,
  completedAt: isoInstant(tasks.completedAt),
  createdAt: isoInstant(tasks.createdAt),
  updatedAt: isoInstant(tasks.updatedAt),
  assigneeFirstName: assigneePerson.firstName,
  assigneeLastName: assigneePerson.lastName,
  creatorFirstName: creatorPerson.firstName,
  creatorLastName: creatorPerson.lastName,
};

type JoinedRow = Omit<TaskRow, 'completedAt' | 'createdAt' | 'updatedAt'> & {
  completedAt: string | null;
  createdAt: string;
  updatedAt: string;
  assigneeFirstName: string | null;
  assigneeLastName: string | null;
  creatorFirstName: string | null;
  creatorLastName: string | null;
};

const toTask = (row: JoinedRow): Task => ({
  id: row.id,
  title: row.title,
  notes: row.notes,
  status: row.status,
  priority: row.priority,
  dueDate: row.dueDate,
  assigneeMemberId: row.assigneeMemberId,
  assignee:
    row.assigneeMemberId && row.assigneeFirstName !== null && row.assigneeLastName !== null
      ? { memberId: row.assigneeMemberId, firstName: row.assigneeFirstName, lastName: row.assigneeLastName }
      : null,
  createdByMemberId: row.createdByMemberId,
  createdBy:
    row.createdByMemberId && row.creatorFirstName !== null && row.creatorLastName !== null
      ? { memberId: row.createdByMemberId, firstName: row.creatorFirstName, lastName: row.creatorLastName }
      : null,
  links: row.links,
  version: row.version,
  completedAt: row.completedAt,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
});

/** The joined select every read goes through: a task with its assignee's and creator's names. */
function selectTasks(db: Queryable) {
  return db
    .select(taskColumns)
    .from(tasks)
    .leftJoin(assignee, eq(assignee.id, tasks.assigneeMemberId))
    .leftJoin(assigneePerson, eq(assigneePerson.id, assignee.personId))
    .leftJoin(creator, eq(creator.id, tasks.createdByMemberId))
    .leftJoin(creatorPerson, eq(creatorPerson.id, creator.personId));
}

/** {@link getTask}'s read, prepared once per member type (db/prepared.ts). */
const visibleTaskStatement = preparedStatements(
  'task_visible',
  (memberType: Viewer['workspaceMemberType']) => memberType,
  (db, memberType, name) =>
    selectTasks(db)
      .where(and(tasksOfWorkspace(viewerPlaceholders(memberType)), eq(tasks.id, sql.placeholder('taskId'))))
      .prepare(name),
);

/** One task of `viewer`'s workspace as a DTO, or undefined when it is absent or not theirs to see. */
export async function getTask(db: Queryable, viewer: Viewer, taskId: string): Promise<Task | undefined> {
  const [row] = await visibleTaskStatement(db, viewer.workspaceMemberType).execute({ ...viewerValues(viewer), taskId });
  return row ? toTask(row) : undefined;
}

/** One task of `workspaceId` regardless of who asks (after a write), or undefined. */
export async function getTaskById(db: Queryable, workspaceId: string, taskId: string): Promise<Task | undefined> {
  const [row] = await selectTasks(db).where(and(eq(tasks.workspaceId, workspaceId), eq(tasks.id, taskId)));
  return row ? toTask(row) : undefined;
}

/**
 * The stored row of a task `viewer` may see (permissions/visibility.ts), locked FOR UPDATE until
 * the transaction ends; undefined for a task that is absent or not theirs to see.
 */
export async function lockVisibleTaskRow(tx: Queryable, viewer: Viewer, taskId: string): Promise<TaskRow | undefined> {
  const [row] = await tx
    .select(rowColumns)
    .from(tasks)
    .where(and(tasksOfWorkspace(viewer), eq(tasks.id, taskId)))
    .for('update');
  return row;
}

/** True when `memberId` is an ACTIVE member of `workspaceId` (a valid assignee). */
export async function isActiveMember(db: Queryable, workspaceId: string, memberId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: workspaceMembers.id })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.id, memberId), eq(workspaceMembers.status, 'ACTIVE')));
  return row !== undefined;
}

export interface NewTask {
  workspaceId: string;
  title: string;
  notes: string;
  status: TaskStatus;
  priority: TaskPriority;
  dueDate: string | null;
  assigneeMemberId: string | null;
  createdByMemberId: string;
  links: TaskLinks;
}

/** Inserts a task at version 1; completedAt is set when it starts DONE. */
export async function insertTask(tx: Queryable, input: NewTask): Promise<TaskRow> {
  const [row] = await tx
    .insert(tasks)
    .values({ ...input, completedAt: input.status === 'DONE' ? sql`now()` : null })
    .returning(rowColumns);
  return row!;
}

export type TaskChanges = Partial<Pick<TaskRow, 'title' | 'notes' | 'status' | 'priority' | 'dueDate' | 'assigneeMemberId' | 'links'>>;

/**
 * Applies `changes` to a task locked by lockTaskRow: version + 1, updatedAt now, completedAt set
 * when status becomes DONE and cleared when it leaves DONE (PRODUCT §3 "tasks done per week").
 */
export async function updateTaskRow(tx: Queryable, current: TaskRow, changes: TaskChanges): Promise<TaskRow> {
  let completedAt: SQL | null | undefined;
  if (changes.status !== undefined && changes.status !== current.status) completedAt = changes.status === 'DONE' ? sql`now()` : null;
  const [row] = await tx
    .update(tasks)
    .set({
      ...changes,
      ...(completedAt !== undefined ? { completedAt } : {}),
      version: sql`${tasks.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(tasks.workspaceId, current.workspaceId), eq(tasks.id, current.id)))
    .returning(rowColumns);
  return row!;
}

/** Deletes a task of `workspaceId`. */
export async function deleteTaskRow(tx: Queryable, workspaceId: string, taskId: string): Promise<void> {
  await tx.delete(tasks).where(and(eq(tasks.workspaceId, workspaceId), eq(tasks.id, taskId)));
}

// ---------------------------------------------------------------------------------------------
// Lists: filters, sorts and keyset pagination (PRODUCT §3 tasks filters, §4 pagination)

/** The sort key of the last row of a page: a date, a priority or an ISO instant; null = no due date. */
type SortKey = string | null;

interface Cursor {
  key: SortKey;
  id: string;
}

const toCursor = ([, key, id]: [string, SortKey, string]): Cursor => ({ key, id });

const isoInstantPattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/**
 * A short digest of everything that decides a list's order and content except the page itself:
 * a cursor only continues the very list it came from.
 */
function listFingerprint(viewer: Viewer, query: ListTasksQuery, order: 'asc' | 'desc'): string {
  const { cursor: _cursor, limit: _limit, ...rest } = query;
  const shape = JSON.stringify([viewer.memberId, { ...rest, order }]);
  return createHash('sha256').update(shape).digest('base64url').slice(0, 12);
}

/**
 * The keyset of a tasks cursor (lib/cursor.ts): the list's fingerprint, the last row's sort key
 * (valid for `sort`) and its id.
 */
function cursorParts(sort: TaskSort, fingerprint: string) {
  return z.tuple([z.literal(fingerprint), z.custom<SortKey>((key) => isValidKey(sort, key)), z.uuid()]);
}

function isValidKey(sort: TaskSort, key: unknown): key is SortKey {
  if (sort === 'dueDate') return key === null || CalendarDateSchema.safeParse(key).success;
  if (sort === 'priority') return TaskPrioritySchema.safeParse(key).success;
  return typeof key === 'string' && isoInstantPattern.test(key) && !Number.isNaN(Date.parse(key));
}

/** Today's calendar date in UTC: "overdue" means due before it unless the caller sends its own `today`. */
export function todayUtc(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/**
 * What decides a task list's SQL besides the values bound into it (db/prepared.ts): the viewer's
 * member type, which filters are set (and how many statuses), sort, order, which index range is
 * read and whether it continues after a cursor.
 */
interface TaskListShape {
  memberType: Viewer['workspaceMemberType'];
  /** How many statuses `status` lists; null when it is not set. */
  statuses: number | null;
  assignee: boolean;
  mine: boolean;
  delegatedByMe: boolean;
  dueBefore: boolean;
  dueAfter: boolean;
  overdue: boolean;
  words: boolean;
  sort: TaskSort;
  order: 'asc' | 'desc';
  /** The rows of a sort other than dueDate, or the dated or the undated ones of a dueDate sort. */
  range: 'all' | 'dated' | 'undated';
  /** Continues after a cursor's row (within the range read). */
  after: boolean;
}

const param = sql.placeholder;

/** The filters of ListTasksQuery as SQL, on top of the viewer's visibility; values are placeholders. */
function filtersOf(shape: TaskListShape): SQL {
  const conditions: (SQL | undefined)[] = [tasksOfWorkspace(viewerPlaceholders(shape.memberType))];
  if (shape.statuses !== null) {
    conditions.push(inArray(tasks.status, listPlaceholders('status', shape.statuses)));
  }
  if (shape.assignee) conditions.push(eq(tasks.assigneeMemberId, param('assignee')));
  if (shape.mine) conditions.push(eq(tasks.assigneeMemberId, param('memberId')));
  if (shape.delegatedByMe) {
    conditions.push(
      eq(tasks.createdByMemberId, param('memberId')),
      isNotNull(tasks.assigneeMemberId),
      ne(tasks.assigneeMemberId, param('memberId')),
    );
  }
  if (shape.dueBefore) conditions.push(sql`${tasks.dueDate} <= ${param('dueBefore')}::date`);
  if (shape.dueAfter) conditions.push(sql`${tasks.dueDate} >= ${param('dueAfter')}::date`);
  if (shape.overdue) conditions.push(sql`${tasks.dueDate} < ${param('today')}::date`, ne(tasks.status, 'DONE'));
  if (shape.words) conditions.push(sql`${tasks.search} @@ to_tsquery('simple'::regconfig, ${param('words')})`);
  return and(...conditions)!;
}

/** The stored value a sort orders by, and the cursor's key cast to its type. */
function keyExpression(sort: TaskSort): { column: SQL; cursorKey: SQL } {
  if (sort === 'priority') return { column: sql`${tasks.priority}`, cursorKey: sql`${param('cursorKey')}::task_priority` };
  if (sort === 'updatedAt') return { column: sql`${tasks.updatedAt}`, cursorKey: sql`${param('cursorKey')}::timestamptz` };
  return { column: sql`${tasks.dueDate}`, cursorKey: sql`${param('cursorKey')}::date` };
}

/** One index range of a task list as a prepared statement per shape (issue #13: built once). */
const taskListStatement = preparedStatements<TaskListShape, ReturnType<typeof buildTaskListStatement>>(
  'task_list',
  (shape) => JSON.stringify(shape),
  (db, shape, name) => buildTaskListStatement(db, shape, name),
);

function buildTaskListStatement(db: Queryable, shape: TaskListShape, name: string) {
  const direction = shape.order === 'asc' ? asc : desc;
  const beyond = shape.order === 'asc' ? sql`>` : sql`<`;
  const { column, cursorKey } = keyExpression(shape.sort);
  const cursorId = sql`${param('cursorId')}::uuid`;
  const byKey = shape.range !== 'undated';
  const conditions: (SQL | undefined)[] = [filtersOf(shape)];
  if (shape.range === 'dated') conditions.push(isNotNull(tasks.dueDate));
  if (shape.range === 'undated') conditions.push(isNull(tasks.dueDate));
  if (shape.after)
    conditions.push(byKey ? sql`(${column}, ${tasks.id}) ${beyond} (${cursorKey}, ${cursorId})` : sql`${tasks.id} ${beyond} ${cursorId}`);
  return selectTasks(db)
    .where(and(...conditions))
    .orderBy(...(byKey ? [direction(column), direction(tasks.id)] : [direction(tasks.id)]))
    .limit(param('limit'))
    .prepare(name);
}

function keyOf(sort: TaskSort, task: Task): SortKey {
  if (sort === 'priority') return task.priority;
  if (sort === 'updatedAt') return task.updatedAt;
  return task.dueDate;
}

/**
 * One page of the tasks `viewer` may see (PRODUCT §3 filters, §4 `{ items, nextCursor }`).
 * Keyset pagination on (sort key, id), so a page never repeats or skips a row when tasks are
 * added meanwhile. Tasks without a due date come after all dated ones in both orders: the dated
 * and the undated are read as two index ranges, each in the order of (workspace_id, due_date, id).
 * @throws AppError 400 VALIDATION_FAILED errorData.cursor for a malformed or foreign cursor.
 */
export async function findTasks(db: Queryable, viewer: Viewer, query: ListTasksQuery, now = new Date()): Promise<TaskPage> {
  const sort = query.sort;
  const order = query.order ?? defaultTaskOrder[sort];
  const fingerprint = listFingerprint(viewer, query, order);
  const cursor = query.cursor === undefined ? undefined : toCursor(decodeCursor(query.cursor, 'tasks', cursorParts(sort, fingerprint)));
  const words = query.q ? toPrefixQuery(query.q) : null;
  const filters = {
    memberType: viewer.workspaceMemberType,
    statuses: query.status ? query.status.length : null,
    assignee: Boolean(query.assignee),
    mine: Boolean(query.mine),
    delegatedByMe: Boolean(query.delegatedByMe),
    dueBefore: Boolean(query.dueBefore),
    dueAfter: Boolean(query.dueAfter),
    overdue: Boolean(query.overdue),
    words: words !== null,
    sort,
    order,
  };
  const values = {
    ...viewerValues(viewer),
    ...listValues('status', query.status),
    assignee: query.assignee,
    dueBefore: query.dueBefore,
    dueAfter: query.dueAfter,
    today: query.today ?? todayUtc(now),
    words,
    cursorKey: cursor?.key,
    cursorId: cursor?.id,
  };
  const want = query.limit + 1;
  const readRange = (range: TaskListShape['range'], after: boolean, limit: number): Promise<JoinedRow[]> =>
    taskListStatement(db, { ...filters, range, after }).execute({ ...values, limit });

  let rows: JoinedRow[];
  if (sort !== 'dueDate') {
    rows = await readRange('all', cursor !== undefined, want);
  } else {
    rows = [];
    if (!cursor || cursor.key !== null) rows = await readRange('dated', cursor !== undefined, want);
    if (rows.length < want) rows = rows.concat(await readRange('undated', cursor?.key === null, want - rows.length));
  }
  const items = rows.slice(0, query.limit).map(toTask);
  const last = items.at(-1);
  return {
    items,
    nextCursor: rows.length > query.limit && last ? encodeCursor('tasks', [fingerprint, keyOf(sort, last), last.id]) : null,
  };
}
