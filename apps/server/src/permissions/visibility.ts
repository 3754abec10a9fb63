import { and, eq, sql, type AnyColumn, type Placeholder, type SQL } from 'drizzle-orm';
import {
  guestVisibleBriefStatuses,
  permissionMatrix,
  workspaceMemberTypes,
  type ActivityKind,
  type BriefStatus,
  type WorkspaceMemberType,
} from '@tandem/contract';
import { activityItems, briefs, tasks } from '../db/schema/index.js';

/**
 * The member a workspace read is made for (PRODUCT §6): their workspace, member id and type.
 * Every visibility rule below takes one.
 */
export interface Viewer {
  workspaceId: string;
  memberId: string;
  workspaceMemberType: WorkspaceMemberType;
}

/**
 * A {@link Viewer} whose ids may be `sql.placeholder`s: a rule built once per member type for a
 * prepared statement (db/prepared.ts), its ids bound on each run ({@link viewerPlaceholders}).
 */
export interface ViewerOperand {
  workspaceId: string | Placeholder;
  memberId: string | Placeholder;
  workspaceMemberType: WorkspaceMemberType;
}

/** A viewer of `workspaceMemberType` whose ids are the placeholders `workspaceId` and `memberId`. */
export function viewerPlaceholders(workspaceMemberType: WorkspaceMemberType): ViewerOperand {
  return { workspaceId: sql.placeholder('workspaceId'), memberId: sql.placeholder('memberId'), workspaceMemberType };
}

/** The values of {@link viewerPlaceholders}' placeholders for `viewer`. */
export function viewerValues(viewer: Viewer): { workspaceId: string; memberId: string } {
  return { workspaceId: viewer.workspaceId, memberId: viewer.memberId };
}

/** A column, or a value to compare as a uuid (e.g. the parties a live event names). */
type UuidOperand = AnyColumn | SQL | string | null;

const asUuid = (operand: UuidOperand): AnyColumn | SQL =>
  typeof operand === 'string' || operand === null ? sql`${operand}::uuid` : operand;

/** The people a task concerns: by default the columns of `tasks`; literal ids for a deleted task's event. */
export interface TaskPartiesOperand {
  createdByMemberId: UuidOperand;
  assigneeMemberId: UuidOperand;
}

const taskColumns: TaskPartiesOperand = { createdByMemberId: tasks.createdByMemberId, assigneeMemberId: tasks.assigneeMemberId };

/**
 * The one task-visibility rule (PRODUCT §6 tasks row; the contract's `canSeeTask` is its web
 * mirror): OWNER, EXECUTIVE and EXECUTIVEASSISTANT see every task of the workspace; a USER those
 * they created or that are assigned to them; a GUEST only those assigned to them. Used by the task
 * list, one task, the dashboard and the `task` event audience. Does not scope by workspace:
 * combine with {@link tasksOfWorkspace} when reading rows.
 */
export function taskVisibleTo(viewer: ViewerOperand, parties: TaskPartiesOperand = taskColumns): SQL {
  return taskVisibleToType(viewer.workspaceMemberType, sql`${viewer.memberId}::uuid`, parties);
}

/** {@link taskVisibleTo} for one member type, `me` being the member's id as SQL. */
function taskVisibleToType(type: WorkspaceMemberType, me: SQL, parties: TaskPartiesOperand): SQL {
  if (permissionMatrix.viewTasks[type] === 'yes') return sql`true`;
  const assignedToMe = sql`${asUuid(parties.assigneeMemberId)} is not distinct from ${me}`;
  if (type === 'USER') {
    return sql`(${asUuid(parties.createdByMemberId)} is not distinct from ${me} or ${assignedToMe})`;
  }
  if (type === 'GUEST') return sql`(${assignedToMe})`;
  return sql`false`;
}

/**
 * {@link taskVisibleTo} where the member's id and type may be columns (the profile's per-member
 * hasNewActivityItems): the same rule, chosen per type in SQL.
 */
function taskVisibleToMember(
  memberId: AnyColumn | Placeholder | string,
  memberType: AnyColumn | WorkspaceMemberType,
  parties: TaskPartiesOperand,
): SQL {
  const me = typeof memberId === 'string' ? sql`${memberId}::uuid` : sql`${memberId}`;
  if (typeof memberType === 'string') return taskVisibleToType(memberType, me, parties);
  const branches = workspaceMemberTypes.map((type) => sql`when ${type} then ${taskVisibleToType(type, me, parties)}`);
  return sql`(case ${memberType}::text ${sql.join(branches, sql` `)} else false end)`;
}

/** Rows of `tasks` in the viewer's workspace that they may see ({@link taskVisibleTo}). */
export function tasksOfWorkspace(viewer: ViewerOperand): SQL {
  return and(eq(tasks.workspaceId, viewer.workspaceId), taskVisibleTo(viewer))!;
}

/** A brief's status: by default the column of `briefs`; a literal for a live event's before and after. */
type BriefStatusOperand = AnyColumn | BriefStatus;

/** {@link briefVisibleTo} for one member type. */
function briefVisibleToType(type: WorkspaceMemberType, status: BriefStatusOperand): SQL {
  const grant = permissionMatrix.viewBriefs[type];
  if (grant === 'yes') return sql`true`;
  if (grant === 'no') return sql`false`;
  const shown = sql.join(
    guestVisibleBriefStatuses.map((visible) => sql`${visible}`),
    sql`, `,
  );
  return sql`(${status}::text in (${shown}))`;
}

/**
 * The one brief-visibility rule (PRODUCT §6 briefs row; the contract's `canSeeBrief` is its web
 * mirror): OWNER, EXECUTIVE, EXECUTIVEASSISTANT and USER see every brief of the workspace; a GUEST
 * only READY and ACKNOWLEDGED ones — a DRAFT is as if absent (404). Used by the brief list, one
 * brief, the dashboard, the `brief` event audience (with a literal status) and, through
 * {@link activityVisibleTo}, brief activity. Does not scope by workspace: combine with
 * {@link briefsOfWorkspace} when reading rows.
 */
export function briefVisibleTo(viewer: ViewerOperand, status: BriefStatusOperand = briefs.status): SQL {
  return briefVisibleToType(viewer.workspaceMemberType, status);
}

/** Rows of `briefs` in the viewer's workspace that they may see ({@link briefVisibleTo}). */
export function briefsOfWorkspace(viewer: ViewerOperand): SQL {
  return and(eq(briefs.workspaceId, viewer.workspaceId), briefVisibleTo(viewer))!;
}

/** {@link briefVisibleTo} where the member's type may be a column (the profile's per-member flag). */
function briefVisibleToMember(memberType: AnyColumn | WorkspaceMemberType): SQL {
  if (typeof memberType === 'string') return briefVisibleToType(memberType, briefs.status);
  const branches = workspaceMemberTypes.map((type) => sql`when ${type} then ${briefVisibleToType(type, briefs.status)}`);
  return sql`(case ${memberType}::text ${sql.join(branches, sql` `)} else false end)`;
}

/** Kinds about contacts, questions and summaries, which a GUEST cannot see (PRODUCT §6). */
const kindsHiddenFromGuests: ActivityKind[] = ['ANSWER_RECEIVED', 'CHAT_REPLY', 'SUMMARY_PUBLISHED'];

/**
 * The one activity-visibility rule (PRODUCT §2, §6): an item meant for everyone or for the member
 * alone, — for a GUEST — not of a kind about something they cannot see, and — for an item about a
 * task (`taskId`) — only while the member may see that task ({@link taskVisibleTo}, issue #8), and
 * for an item about a brief (`briefId`) only while they may see the brief ({@link briefVisibleTo},
 * issue #9).
 * Shared by the feed, the `activity` event audience and the profile's hasNewActivityItems, so the
 * dot and the list never disagree. `memberId` / `memberType` are a viewer's values or member
 * columns (for the profile's per-member flag).
 */
export function activityVisibleTo(memberId: AnyColumn | Placeholder | string, memberType: AnyColumn | WorkspaceMemberType): SQL {
  const hidden = sql.join(
    kindsHiddenFromGuests.map((kind) => sql`${kind}`),
    sql`, `,
  );
  const taskSeen = taskVisibleToMember(memberId, memberType, taskColumns);
  const briefSeen = briefVisibleToMember(memberType);
  return sql`(${activityItems.audienceMemberId} is null or ${activityItems.audienceMemberId} = ${memberId})
    and (${memberType}::text <> 'GUEST' or ${activityItems.kind}::text not in (${hidden}))
    and (${activityItems.taskId} is null or exists (select 1 from ${tasks} where ${tasks.id} = ${activityItems.taskId} and ${taskSeen}))
    and (${activityItems.briefId} is null or exists (select 1 from ${briefs} where ${briefs.id} = ${activityItems.briefId} and ${briefSeen}))`;
}

/** Rows of `activity_items` in the viewer's workspace that they may see ({@link activityVisibleTo}). */
export function activityOfWorkspace(viewer: ViewerOperand): SQL {
  return and(eq(activityItems.workspaceId, viewer.workspaceId), activityVisibleTo(viewer.memberId, viewer.workspaceMemberType))!;
}
