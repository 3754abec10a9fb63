import { and, asc, desc, eq, isNull, lt, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  can,
  DASHBOARD_LIST_LIMIT,
  DASHBOARD_WEEKS,
  type Dashboard,
  type DashboardAssigneeLoad,
  type DashboardTask,
  type DashboardWeek,
} from '@tandem/contract';
import { briefsOfWorkspace, tasksOfWorkspace, type Viewer } from '../../permissions/visibility.js';
import type { Queryable } from '../../db/client.js';
import { isoInstant } from '../../db/instants.js';
import { briefs, people, tasks, workspaceMembers } from '../../db/schema/index.js';
import { countBriefsPer, dayBounds, findBriefListItems, meetingWithin } from '../briefs/index.js';
import { findNewAnswers, findWaitingOn } from '../questions/index.js';

const notDone = ne(tasks.status, 'DONE');

const assignee = alias(workspaceMembers, 'assignee');
const assigneePerson = alias(people, 'assignee_person');
const creator = alias(workspaceMembers, 'creator');
const creatorPerson = alias(people, 'creator_person');

/** At most {@link DASHBOARD_LIST_LIMIT} visible tasks matching `where`, as dashboard rows, in `order`. */
async function findTaskRows(db: Queryable, reader: Viewer, where: SQL, order: SQL[]): Promise<DashboardTask[]> {
  const rows = await db
    .select({
      id: tasks.id,
      title: tasks.title,
      status: tasks.status,
      priority: tasks.priority,
      dueDate: tasks.dueDate,
      createdAt: isoInstant(tasks.createdAt),
      assigneeId: assignee.id,
      assigneeFirstName: assigneePerson.firstName,
      assigneeLastName: assigneePerson.lastName,
      creatorId: creator.id,
      creatorFirstName: creatorPerson.firstName,
      creatorLastName: creatorPerson.lastName,
    })
    .from(tasks)
    .leftJoin(assignee, eq(assignee.id, tasks.assigneeMemberId))
    .leftJoin(assigneePerson, eq(assigneePerson.id, assignee.personId))
    .leftJoin(creator, eq(creator.id, tasks.createdByMemberId))
    .leftJoin(creatorPerson, eq(creatorPerson.id, creator.personId))
    .where(and(tasksOfWorkspace(reader), where))
    .orderBy(...order)
    .limit(DASHBOARD_LIST_LIMIT);
  const member = (memberId: string | null, firstName: string | null, lastName: string | null) =>
    memberId && firstName !== null && lastName !== null ? { memberId, firstName, lastName } : null;
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    status: row.status,
    priority: row.priority,
    dueDate: row.dueDate,
    assignee: member(row.assigneeId, row.assigneeFirstName, row.assigneeLastName),
    createdBy: member(row.creatorId, row.creatorFirstName, row.creatorLastName),
    createdAt: row.createdAt,
  }));
}

/** The four lists' conditions, shared by the rows and the totals so they never disagree. */
function sections(reader: Viewer, today: string) {
  const mine = eq(tasks.assigneeMemberId, reader.memberId);
  return {
    dueToday: and(mine, notDone, eq(tasks.dueDate, today))!,
    overdue: and(mine, notDone, lt(tasks.dueDate, today))!,
    overdueUnassigned: and(isNull(tasks.assigneeMemberId), notDone, lt(tasks.dueDate, today))!,
    delegatedWaiting: and(
      eq(tasks.createdByMemberId, reader.memberId),
      notDone,
      sql`${tasks.assigneeMemberId} is not null`,
      ne(tasks.assigneeMemberId, reader.memberId),
    )!,
  };
}

async function countSections(
  db: Queryable,
  reader: Viewer,
  today: string,
): Promise<Pick<Dashboard['totals'], 'dueToday' | 'overdue' | 'overdueUnassigned' | 'delegatedWaiting'>> {
  const where = sections(reader, today);
  const [row] = await db
    .select({
      dueToday: sql<number>`count(*) filter (where ${where.dueToday})::int`,
      overdue: sql<number>`count(*) filter (where ${where.overdue})::int`,
      overdueUnassigned: sql<number>`count(*) filter (where ${where.overdueUnassigned})::int`,
      delegatedWaiting: sql<number>`count(*) filter (where ${where.delegatedWaiting})::int`,
    })
    .from(tasks)
    .where(and(tasksOfWorkspace(reader), notDone));
  return {
    dueToday: row?.dueToday ?? 0,
    overdue: row?.overdue ?? 0,
    overdueUnassigned: row?.overdueUnassigned ?? 0,
    delegatedWaiting: row?.delegatedWaiting ?? 0,
  };
}

/** One list of the dashboard's briefs: which briefs (on top of what the reader may see) and their order. */
interface BriefList {
  condition: SQL;
  order: SQL[];
}

/**
 * The three brief lists of the dashboard (contract DashboardSchema, issue #9) as conditions over
 * the briefs `reader` may see, with their order; a list that is not `reader`'s is absent.
 * - briefsForToday: meetings on `today` in `timeZone`, soonest first;
 * - awaitingAcknowledgement: READY briefs, soonest meeting first (no meeting last) — the EXECUTIVE's;
 * - needsMore: briefs with a section marked NEED_MORE, newest mark first — for those who edit briefs.
 */
function briefLists(
  reader: Viewer,
  today: string,
  timeZone: string,
): Record<'briefsForToday' | 'awaitingAcknowledgement' | 'needsMore', BriefList | undefined> {
  const bySoonest = [sql`${briefs.meetingAt} asc nulls last`, asc(briefs.id)];
  return {
    briefsForToday: { condition: meetingWithin(dayBounds(today, timeZone)), order: bySoonest },
    awaitingAcknowledgement: can(reader.workspaceMemberType, 'acknowledgeBriefs')
      ? { condition: eq(briefs.status, 'READY'), order: bySoonest }
      : undefined,
    needsMore: can(reader.workspaceMemberType, 'editBriefs')
      ? { condition: sql`${briefs.needMoreCount} > 0`, order: [desc(briefs.needMoreAt), desc(briefs.id)] }
      : undefined,
  };
}

/**
 * The dashboard's brief lists of `reader` and their totals: one page query per list that is the
 * reader's, and one statement counting all of them (empty and 0 for a list that is not theirs).
 */
async function findBriefLists(db: Queryable, reader: Viewer, today: string, timeZone: string) {
  const visible = briefsOfWorkspace(reader);
  const lists = briefLists(reader, today, timeZone);
  const page = (list: BriefList | undefined) =>
    list ? findBriefListItems(db, and(visible, list.condition)!, list.order, DASHBOARD_LIST_LIMIT) : Promise.resolve([]);
  const never = sql`false`;
  return {
    briefsForToday: await page(lists.briefsForToday),
    awaitingAcknowledgement: await page(lists.awaitingAcknowledgement),
    needsMore: await page(lists.needsMore),
    totals: await countBriefsPer(db, visible, {
      briefsForToday: lists.briefsForToday?.condition ?? never,
      awaitingAcknowledgement: lists.awaitingAcknowledgement?.condition ?? never,
      needsMore: lists.needsMore?.condition ?? never,
    }),
  };
}

/**
 * Tasks created and tasks completed per ISO week (Monday start; instants bucketed in UTC) for the
 * {@link DASHBOARD_WEEKS} weeks ending with the one holding `today`, oldest first. generate_series
 * supplies every week, so a week without tasks answers zeros.
 */
async function countWeeks(db: Queryable, reader: Viewer, today: string): Promise<DashboardWeek[]> {
  const visible = tasksOfWorkspace(reader);
  const lastWeek = sql`date_trunc('week', ${today}::date::timestamp)`;
  const firstWeek = sql`(${lastWeek} - ${`${DASHBOARD_WEEKS - 1} weeks`}::interval)`;
  // Instants in [from, to): the eight weeks, read as UTC.
  const from = sql`(${firstWeek} at time zone 'UTC')`;
  const to = sql`((${lastWeek} + interval '1 week') at time zone 'UTC')`;
  const result = await db.execute<{ weekStart: string; created: number; done: number }>(sql`
    with weeks as (
      select generate_series(${firstWeek}, ${lastWeek}, interval '1 week') as week_start
    ),
    created as (
      select date_trunc('week', ${tasks.createdAt} at time zone 'UTC') as week_start, count(*)::int as n
      from ${tasks}
      where ${visible} and ${tasks.createdAt} >= ${from} and ${tasks.createdAt} < ${to}
      group by 1
    ),
    done as (
      select date_trunc('week', ${tasks.completedAt} at time zone 'UTC') as week_start, count(*)::int as n
      from ${tasks}
      where ${visible} and ${tasks.status} = 'DONE' and ${tasks.completedAt} >= ${from} and ${tasks.completedAt} < ${to}
      group by 1
    )
    select to_char(weeks.week_start, 'YYYY-MM-DD') as "weekStart",
      coalesce(created.n, 0)::int as "created",
      coalesce(done.n, 0)::int as "done"
    from weeks
    left join created on created.week_start = weeks.week_start
    left join done on done.week_start = weeks.week_start
    order by weeks.week_start
  `);
  return result.rows.map((row) => ({ weekStart: row.weekStart, created: Number(row.created), done: Number(row.done) }));
}

/** Open tasks per assignee over the visible tasks, most first; unassigned ones as memberId null. */
async function countOpenByAssignee(db: Queryable, reader: Viewer): Promise<DashboardAssigneeLoad[]> {
  const open = sql<number>`count(*)::int`;
  const rows = await db
    .select({
      memberId: tasks.assigneeMemberId,
      firstName: assigneePerson.firstName,
      lastName: assigneePerson.lastName,
      open,
    })
    .from(tasks)
    .leftJoin(assignee, eq(assignee.id, tasks.assigneeMemberId))
    .leftJoin(assigneePerson, eq(assigneePerson.id, assignee.personId))
    .where(and(tasksOfWorkspace(reader), notDone))
    .groupBy(tasks.assigneeMemberId, assigneePerson.firstName, assigneePerson.lastName)
    .orderBy(desc(open), asc(assigneePerson.firstName), asc(assigneePerson.lastName))
    .limit(DASHBOARD_LIST_LIMIT);
  return rows.map((row) => ({
    memberId: row.memberId,
    firstName: row.memberId ? row.firstName : null,
    lastName: row.memberId ? row.lastName : null,
    open: Number(row.open),
  }));
}

/**
 * The dashboard of `reader` (contract DashboardSchema) on the calendar day `today` (YYYY-MM-DD,
 * the caller's local date) in `timeZone` (for the briefs for today). Only tasks and briefs `reader`
 * may see count (PRODUCT §6). Runs its sixteen reads one after another: pass a transaction to read
 * them on one connection and one snapshot (dashboard-routes.ts does).
 */
export async function getDashboard(db: Queryable, reader: Viewer, today: string, timeZone = 'UTC'): Promise<Dashboard> {
  const where = sections(reader, today);
  const mostOverdueFirst = [asc(tasks.dueDate), desc(tasks.priority), asc(tasks.id)];
  // One query at a time: the route runs them in one transaction, whose connection takes one at a
  // time (issue #13; node-postgres deprecates overlapping queries on a client).
  const dueToday = await findTaskRows(db, reader, where.dueToday, [desc(tasks.priority), asc(tasks.createdAt), asc(tasks.id)]);
  const overdue = await findTaskRows(db, reader, where.overdue, mostOverdueFirst);
  const overdueUnassigned = await findTaskRows(db, reader, where.overdueUnassigned, mostOverdueFirst);
  // Urgency (issue #8): the earliest due date first, so overdue ones lead; no due date last.
  const delegatedWaiting = await findTaskRows(db, reader, where.delegatedWaiting, [
    sql`${tasks.dueDate} asc nulls last`,
    asc(tasks.createdAt),
    asc(tasks.id),
  ]);
  const totals = await countSections(db, reader, today);
  const createdVsDone = await countWeeks(db, reader, today);
  const openByAssignee = await countOpenByAssignee(db, reader);
  const briefLists = await findBriefLists(db, reader, today, timeZone);
  // Issue #10: [] and 0 for a reader who may not view questions (a GUEST).
  const waitingOn = await findWaitingOn(db, reader, DASHBOARD_LIST_LIMIT);
  const newAnswers = await findNewAnswers(db, reader, new Date(), DASHBOARD_LIST_LIMIT);
  return {
    today,
    dueToday,
    overdue,
    overdueUnassigned,
    delegatedWaiting,
    briefsForToday: briefLists.briefsForToday,
    awaitingAcknowledgement: briefLists.awaitingAcknowledgement,
    needsMore: briefLists.needsMore,
    waitingOn: waitingOn.items,
    newAnswers: newAnswers.items,
    totals: { ...totals, ...briefLists.totals, waitingOn: waitingOn.total, newAnswers: newAnswers.total },
    createdVsDone,
    openByAssignee,
  };
}
