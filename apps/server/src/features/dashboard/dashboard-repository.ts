import { and, asc, desc, eq, isNotNull, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { alias, unionAll } from 'drizzle-orm/pg-core';
import {
  can,
  DASHBOARD_LIST_LIMIT,
  DASHBOARD_WEEKS,
  type BriefListItem,
  type Dashboard,
  type DashboardAssigneeLoad,
  type DashboardTask,
  type DashboardWeek,
} from '@tandem/contract';
import { briefsOfWorkspace, tasksOfWorkspace, viewerPlaceholders, viewerValues, type Viewer } from '../../permissions/visibility.js';
import type { Queryable } from '../../db/client.js';
import { isoInstant } from '../../db/instants.js';
import { inOrder } from '../../db/one-connection.js';
import { matchedBeforeLimit } from '../../db/page-total.js';
import { preparedStatements } from '../../db/prepared.js';
import { briefs, people, tasks, workspaceMembers } from '../../db/schema/index.js';
import { dayBounds } from '../../lib/calendar-days.js';
import { briefListsStatement, meetingWithin } from '../briefs/index.js';
import { findNewAnswers, findWaitingOn } from '../questions/index.js';

const notDone = ne(tasks.status, 'DONE');
const param = sql.placeholder;

const assignee = alias(workspaceMembers, 'assignee');
const assigneePerson = alias(people, 'assignee_person');
const creator = alias(workspaceMembers, 'creator');
const creatorPerson = alias(people, 'creator_person');

type MemberType = Viewer['workspaceMemberType'];

/**
 * The dashboard's reads are prepared statements, one per member type and list (db/prepared.ts,
 * decision 025): built once, run on the read-only transaction's connection. Each run binds the
 * reader's ids (`workspaceId`, `memberId`), `today` and, for the briefs for today, the day's bounds.
 */
const values = (reader: Viewer, today: string) => ({ ...viewerValues(reader), today });

/**
 * The four task lists' conditions, shared by the rows and the totals so they never disagree;
 * `memberId` and `today` are placeholders.
 */
function sections() {
  const me = param('memberId');
  const today = sql`${param('today')}::date`;
  const mine = eq(tasks.assigneeMemberId, me);
  return {
    dueToday: and(mine, notDone, sql`${tasks.dueDate} = ${today}`)!,
    overdue: and(mine, notDone, sql`${tasks.dueDate} < ${today}`)!,
    overdueUnassigned: and(isNull(tasks.assigneeMemberId), notDone, sql`${tasks.dueDate} < ${today}`)!,
    delegatedWaiting: and(eq(tasks.createdByMemberId, me), notDone, isNotNull(tasks.assigneeMemberId), ne(tasks.assigneeMemberId, me))!,
  };
}

type TaskSection = keyof ReturnType<typeof sections>;

const mostOverdueFirst = () => [asc(tasks.dueDate), desc(tasks.priority), asc(tasks.id)];

/** Each task list's order. */
const sectionOrder: Record<TaskSection, () => SQL[]> = {
  dueToday: () => [desc(tasks.priority), asc(tasks.createdAt), asc(tasks.id)],
  overdue: mostOverdueFirst,
  overdueUnassigned: mostOverdueFirst,
  // Urgency (issue #8): the earliest due date first, so overdue ones lead; no due date last.
  delegatedWaiting: () => [sql`${tasks.dueDate} asc nulls last`, asc(tasks.createdAt), asc(tasks.id)],
};

/** The task lists in the order the one statement reads them; a row's `list` is its index here. */
const taskSections: readonly TaskSection[] = ['dueToday', 'overdue', 'overdueUnassigned', 'delegatedWaiting'];
/** Each list's tag as SQL text of its own (static SQL, no parameter: the union's column is int). */
const sectionTags: Record<TaskSection, SQL<number>> = {
  dueToday: sql<number>`0`,
  overdue: sql<number>`1`,
  overdueUnassigned: sql<number>`2`,
  delegatedWaiting: sql<number>`3`,
};

/**
 * The four task lists in one statement (a UNION ALL of one select per list; issue #13): at most
 * {@link DASHBOARD_LIST_LIMIT} visible tasks of each, as dashboard rows, each row carrying its
 * list, its place in the list's order (`position`, from 1) and the list's total — the union's
 * output order is not relied on.
 */
const taskListsStatement = preparedStatements(
  'dashboard_tasks',
  (memberType: MemberType) => memberType,
  (db, memberType, name) => {
    const where = sections();
    const [first, second, ...rest] = taskSections.map((section) => {
      const order = sectionOrder[section]();
      return db
        .select({
          list: sectionTags[section],
          position: sql<number>`(row_number() over (order by ${sql.join(order, sql`, `)}))::int`,
          total: matchedBeforeLimit(),
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
        .where(and(tasksOfWorkspace(viewerPlaceholders(memberType)), where[section]))
        .orderBy(...order)
        .limit(DASHBOARD_LIST_LIMIT);
    });
    return unionAll(first!, second!, ...rest).prepare(name);
  },
);

type TaskList = { items: DashboardTask[]; total: number };

/** The dashboard's four task lists of `reader` on `today`: each its first rows, in order, and its total. */
async function findTaskLists(db: Queryable, reader: Viewer, today: string): Promise<Record<TaskSection, TaskList>> {
  const rows = await taskListsStatement(db, reader.workspaceMemberType).execute(values(reader, today));
  const member = (memberId: string | null, firstName: string | null, lastName: string | null) =>
    memberId && firstName !== null && lastName !== null ? { memberId, firstName, lastName } : null;
  const lists: Record<TaskSection, TaskList> = {
    dueToday: { items: [], total: 0 },
    overdue: { items: [], total: 0 },
    overdueUnassigned: { items: [], total: 0 },
    delegatedWaiting: { items: [], total: 0 },
  };
  // The mapper's own array, sorted in place.
  for (const row of rows.sort((a, b) => a.list - b.list || a.position - b.position)) {
    const list = lists[taskSections[row.list]!];
    list.total = row.total;
    list.items.push({
      id: row.id,
      title: row.title,
      status: row.status,
      priority: row.priority,
      dueDate: row.dueDate,
      assignee: member(row.assigneeId, row.assigneeFirstName, row.assigneeLastName),
      createdBy: member(row.creatorId, row.creatorFirstName, row.creatorLastName),
      createdAt: row.createdAt,
    });
  }
  return lists;
}

type BriefList = 'briefsForToday' | 'awaitingAcknowledgement' | 'needsMore';
type BriefPage = { items: BriefListItem[]; total: number };

/**
 * The three brief lists of the dashboard (contract DashboardSchema, issue #9) as conditions over
 * the briefs a reader may see, with their order; the day's bounds are placeholders:
 * - briefsForToday: meetings on `today` in `timeZone`, soonest first;
 * - awaitingAcknowledgement: READY briefs, soonest meeting first (no meeting last) — the EXECUTIVE's;
 * - needsMore: briefs with a section marked NEED_MORE, newest mark first — for those who edit briefs.
 */
function briefList(list: BriefList): { condition: SQL; order: SQL[] } {
  const bySoonest = [sql`${briefs.meetingAt} asc nulls last`, asc(briefs.id)];
  if (list === 'briefsForToday') return { condition: meetingWithin({ start: param('dayStart'), end: param('dayEnd') }), order: bySoonest };
  if (list === 'awaitingAcknowledgement') return { condition: eq(briefs.status, 'READY'), order: bySoonest };
  return { condition: sql`${briefs.needMoreCount} > 0`, order: [desc(briefs.needMoreAt), desc(briefs.id)] };
}

/** The brief lists that are `memberType`'s (PRODUCT §6), in a fixed order: every reader's briefs for today, and two by permission. */
function briefListsOf(memberType: MemberType): BriefList[] {
  return [
    'briefsForToday' as const,
    ...(can(memberType, 'acknowledgeBriefs') ? (['awaitingAcknowledgement'] as const) : []),
    ...(can(memberType, 'editBriefs') ? (['needsMore'] as const) : []),
  ];
}

/** A member type's brief lists in one statement (a UNION ALL, issue #13), built once per member type. */
const dashboardBriefLists = briefListsStatement(
  'dashboard_briefs',
  (memberType: MemberType) => memberType,
  (memberType) =>
    briefListsOf(memberType).map((list) => {
      const { condition, order } = briefList(list);
      return { where: and(briefsOfWorkspace(viewerPlaceholders(memberType)), condition)!, order };
    }),
  DASHBOARD_LIST_LIMIT,
);

/**
 * The dashboard's brief lists of `reader`, each its first rows and its total, in one statement; a
 * list that is not the reader's is empty and 0.
 */
async function findBriefLists(db: Queryable, reader: Viewer, today: string, timeZone: string): Promise<Record<BriefList, BriefPage>> {
  const memberType = reader.workspaceMemberType;
  const day = dayBounds(today, timeZone);
  const run = { ...viewerValues(reader), dayStart: day.start.toISOString(), dayEnd: day.end.toISOString() };
  const pages = await dashboardBriefLists(db, memberType, run);
  const found: Record<BriefList, BriefPage> = {
    briefsForToday: { items: [], total: 0 },
    awaitingAcknowledgement: { items: [], total: 0 },
    needsMore: { items: [], total: 0 },
  };
  briefListsOf(memberType).forEach((list, index) => {
    found[list] = pages[index]!;
  });
  return found;
}

/**
 * Tasks created and tasks completed per ISO week (Monday start; instants bucketed in UTC) for the
 * {@link DASHBOARD_WEEKS} weeks ending with the one holding `today`, oldest first. A series of
 * week offsets supplies every week, so a week without tasks answers zeros.
 */
const weeksStatement = preparedStatements(
  'dashboard_weeks',
  (memberType: MemberType) => memberType,
  (db, memberType, name) => {
    const visible = tasksOfWorkspace(viewerPlaceholders(memberType));
    const lastWeek = sql`date_trunc('week', ${param('today')}::date::timestamp)`;
    // The series' bounds are constants, so PostgreSQL knows it is eight rows in a generic plan too
    // and keeps one (a series between two parameters is planned as 1,000 rows: re-planned each run).
    const lastWeekBack = sql.raw(String(DASHBOARD_WEEKS - 1));
    const firstWeek = sql`(${lastWeek} - make_interval(weeks => ${lastWeekBack}))`;
    // Instants in [from, to): the eight weeks, read as UTC.
    const from = sql`(${firstWeek} at time zone 'UTC')`;
    const to = sql`((${lastWeek} + interval '1 week') at time zone 'UTC')`;
    return db
      .select({
        weekStart: sql<string>`to_char(weeks.week_start, 'YYYY-MM-DD')`,
        created: sql<number>`coalesce(created.n, 0)::int`,
        done: sql<number>`coalesce(done.n, 0)::int`,
      })
      .from(
        sql`(select ${lastWeek} - make_interval(weeks => back) as week_start from generate_series(0, ${lastWeekBack}) as back) as weeks
        left join (
          select date_trunc('week', ${tasks.createdAt} at time zone 'UTC') as week_start, count(*)::int as n
          from ${tasks}
          where ${visible} and ${tasks.createdAt} >= ${from} and ${tasks.createdAt} < ${to}
          group by 1
        ) as created on created.week_start = weeks.week_start
        left join (
          select date_trunc('week', ${tasks.completedAt} at time zone 'UTC') as week_start, count(*)::int as n
          from ${tasks}
          where ${visible} and ${tasks.status} = 'DONE' and ${tasks.completedAt} >= ${from} and ${tasks.completedAt} < ${to}
          group by 1
        ) as done on done.week_start = weeks.week_start`,
      )
      .orderBy(sql`weeks.week_start`)
      .prepare(name);
  },
);

async function countWeeks(db: Queryable, reader: Viewer, today: string): Promise<DashboardWeek[]> {
  const rows = await weeksStatement(db, reader.workspaceMemberType).execute(values(reader, today));
  return rows.map((row) => ({ weekStart: row.weekStart, created: Number(row.created), done: Number(row.done) }));
}

/** Open tasks per assignee over the visible tasks, most first; unassigned ones as memberId null. */
const openByAssigneeStatement = preparedStatements(
  'dashboard_open_by_assignee',
  (memberType: MemberType) => memberType,
  (db, memberType, name) => {
    const open = sql<number>`count(*)::int`;
    return db
      .select({
        memberId: tasks.assigneeMemberId,
        firstName: assigneePerson.firstName,
        lastName: assigneePerson.lastName,
        open,
      })
      .from(tasks)
      .leftJoin(assignee, eq(assignee.id, tasks.assigneeMemberId))
      .leftJoin(assigneePerson, eq(assigneePerson.id, assignee.personId))
      .where(and(tasksOfWorkspace(viewerPlaceholders(memberType)), notDone))
      .groupBy(tasks.assigneeMemberId, assigneePerson.firstName, assigneePerson.lastName)
      .orderBy(desc(open), asc(assigneePerson.firstName), asc(assigneePerson.lastName))
      .limit(DASHBOARD_LIST_LIMIT)
      .prepare(name);
  },
);

async function countOpenByAssignee(db: Queryable, reader: Viewer): Promise<DashboardAssigneeLoad[]> {
  const rows = await openByAssigneeStatement(db, reader.workspaceMemberType).execute(viewerValues(reader));
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
 * may see count (PRODUCT §6). Runs at most eight reads, all issued together: pass a transaction to
 * read them on one connection and one snapshot (dashboard-routes.ts does).
 */
export async function getDashboard(db: Queryable, reader: Viewer, today: string, timeZone = 'UTC'): Promise<Dashboard> {
  // Independent reads, issued together on the route's one snapshot transaction (inOrder, decision
  // 038: node-postgres's pipeline mode sends each as it is issued).
  const [{ dueToday, overdue, overdueUnassigned, delegatedWaiting }, createdVsDone, openByAssignee, briefLists, waitingOn, newAnswers] =
    await inOrder(
      findTaskLists(db, reader, today),
      countWeeks(db, reader, today),
      countOpenByAssignee(db, reader),
      findBriefLists(db, reader, today, timeZone),
      // Issue #10: [] and 0 for a reader who may not view questions (a GUEST).
      findWaitingOn(db, reader, DASHBOARD_LIST_LIMIT),
      findNewAnswers(db, reader, new Date(), DASHBOARD_LIST_LIMIT),
    );
  const { briefsForToday, awaitingAcknowledgement, needsMore } = briefLists;
  return {
    today,
    dueToday: dueToday.items,
    overdue: overdue.items,
    overdueUnassigned: overdueUnassigned.items,
    delegatedWaiting: delegatedWaiting.items,
    briefsForToday: briefsForToday.items,
    awaitingAcknowledgement: awaitingAcknowledgement.items,
    needsMore: needsMore.items,
    waitingOn: waitingOn.items,
    newAnswers: newAnswers.items,
    totals: {
      dueToday: dueToday.total,
      overdue: overdue.total,
      overdueUnassigned: overdueUnassigned.total,
      delegatedWaiting: delegatedWaiting.total,
      briefsForToday: briefsForToday.total,
      awaitingAcknowledgement: awaitingAcknowledgement.total,
      needsMore: needsMore.total,
      waitingOn: waitingOn.total,
      newAnswers: newAnswers.total,
    },
    createdVsDone,
    openByAssignee,
  };
}
