import { z } from 'zod';
import { payloadOf } from './envelope.js';
import { CalendarDateSchema, StoredCalendarDateSchema } from './dates.js';
import { BriefListItemSchema, TimeZoneSchema } from './briefs.js';
import { NewAnswerSchema, WaitingOnSchema } from './questions.js';
import { TaskMemberSchema, TaskPrioritySchema, TaskStatusSchema } from './tasks.js';

/** At most this many tasks in each list of the dashboard; `totals` says how many there are in all. */
export const DASHBOARD_LIST_LIMIT = 20;
/** Weeks of the created-vs-done chart, the current one included (PRODUCT §3 "two small charts"). */
export const DASHBOARD_WEEKS = 8;

/**
 * GET v1/workspaces/{id}/dashboard query. `today`: the caller's local date (the browser's), so
 * "due today" and "overdue" follow their clock, not the server's; default the server's UTC date.
 */
export const DashboardQuerySchema = z.object({
  today: CalendarDateSchema.optional().meta({ description: "The caller's local date (YYYY-MM-DD); default the server's UTC date." }),
  timeZone: TimeZoneSchema.optional().meta({ description: "The caller's IANA time zone, for briefs for today; default UTC." }),
});
export type DashboardQuery = z.infer<typeof DashboardQuerySchema>;

/**
 * One task row of the dashboard (PRODUCT §2 Task, the fields a list needs). `assignee` / `createdBy`
 * are null when unassigned or once the member is gone.
 */
export const DashboardTaskSchema = z
  .object({
    id: z.uuid(),
    title: z.string(),
    status: TaskStatusSchema,
    priority: TaskPrioritySchema,
    dueDate: StoredCalendarDateSchema.nullable(),
    assignee: TaskMemberSchema.nullable(),
    createdBy: TaskMemberSchema.nullable(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'DashboardTask' });
export type DashboardTask = z.infer<typeof DashboardTaskSchema>;

/**
 * One ISO week (Monday start, UTC) of the created-vs-done chart: tasks created in it and tasks
 * completed in it (completedAt), over the tasks the caller may see.
 */
export const DashboardWeekSchema = z
  .object({ weekStart: StoredCalendarDateSchema, created: z.number().int().min(0), done: z.number().int().min(0) })
  .meta({ id: 'DashboardWeek' });
export type DashboardWeek = z.infer<typeof DashboardWeekSchema>;

/** Open (not DONE) tasks of one assignee; `memberId` and the names are null for unassigned tasks. */
export const DashboardAssigneeLoadSchema = z
  .object({
    memberId: z.uuid().nullable(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    open: z.number().int().min(0),
  })
  .meta({ id: 'DashboardAssigneeLoad' });
export type DashboardAssigneeLoad = z.infer<typeof DashboardAssigneeLoadSchema>;

/**
 * The signed-in member's day (PRODUCT §3 /dashboard/home), over the tasks they may see (PRODUCT §6):
 * - `dueToday`: assigned to me, due `today`, not DONE (priority high → low, then oldest);
 * - `overdue`: assigned to me, due before `today`, not DONE (most overdue first);
 * - `overdueUnassigned`: assigned to nobody, due before `today`, not DONE (most overdue first):
 *   nobody's list would show them otherwise (issue #8);
 * - `delegatedWaiting`: created by me, assigned to someone else, not DONE, most urgent first:
 *   overdue, then the nearest due date, then no due date; oldest first among equals (issue #8);
 * - `createdVsDone`: the last {@link DASHBOARD_WEEKS} ISO weeks, oldest first, empty weeks as zeros;
 * - `openByAssignee`: open tasks per assignee (unassigned as memberId null), most first.
 * - `briefsForToday`: briefs the caller may see whose meeting is on `today` in `timeZone`, soonest
 *   first (issue #9);
 * - `awaitingAcknowledgement`: READY briefs, soonest meeting first — for the EXECUTIVE only (empty
 *   for everyone else);
 * - `needsMore`: briefs with a section marked NEED_MORE, newest mark first — for those who edit
 *   briefs (OWNER, EXECUTIVE, EXECUTIVEASSISTANT; empty for USER and GUEST).
 * - `waitingOn`: people who owe answers to SENT requests, oldest request first (issue #10);
 * - `newAnswers`: recipients who answered (finished or changed answers) in the last 7 days, newest
 *   first (issue #10). Both empty for a GUEST (PRODUCT §6: no questions).
 * Lists hold at most {@link DASHBOARD_LIST_LIMIT} rows; `totals` counts them all.
 */
export const DashboardSchema = z
  .object({
    today: StoredCalendarDateSchema,
    dueToday: z.array(DashboardTaskSchema),
    overdue: z.array(DashboardTaskSchema),
    overdueUnassigned: z.array(DashboardTaskSchema),
    delegatedWaiting: z.array(DashboardTaskSchema),
    briefsForToday: z.array(BriefListItemSchema),
    awaitingAcknowledgement: z.array(BriefListItemSchema),
    needsMore: z.array(BriefListItemSchema),
    waitingOn: z.array(WaitingOnSchema),
    newAnswers: z.array(NewAnswerSchema),
    totals: z.object({
      dueToday: z.number().int().min(0),
      overdue: z.number().int().min(0),
      overdueUnassigned: z.number().int().min(0),
      delegatedWaiting: z.number().int().min(0),
      briefsForToday: z.number().int().min(0),
      awaitingAcknowledgement: z.number().int().min(0),
      needsMore: z.number().int().min(0),
      waitingOn: z.number().int().min(0),
      newAnswers: z.number().int().min(0),
    }),
    createdVsDone: z.array(DashboardWeekSchema),
    openByAssignee: z.array(DashboardAssigneeLoadSchema),
  })
  .meta({ id: 'Dashboard' });
export type Dashboard = z.infer<typeof DashboardSchema>;
export const DashboardResponseSchema = payloadOf(DashboardSchema);
export type DashboardResponse = z.infer<typeof DashboardResponseSchema>;
