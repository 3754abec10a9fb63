import {
  canDeleteTask,
  canChangeTaskStatus,
  describeRefusal,
  canEditTask,
  type CreateTaskBody,
  type ListTasksQuery,
  type Task,
  type TaskPage,
  type UpdateTaskBody,
} from '@tandem/contract';
import type { Database, Queryable } from '../../db/client.js';
import { AppError, invalidField, notFound, versionConflict } from '../../lib/errors.js';
import { publishWorkspaceEvent } from '../../events/event-bus.js';
import { recordTaskChange } from '../activity/index.js';
import { assertAllowed, loadMembership, viewerOf, type MemberRow } from '../../permissions/membership.js';
import {
  deleteTaskRow,
  findTasks,
  getTask,
  getTaskById,
  insertTask,
  isActiveMember,
  lockVisibleTaskRow,
  updateTaskRow,
  type TaskChanges,
  type TaskRow,
} from './tasks-repository.js';
import type { TaskAudience } from './task-events.js';

const taskNotFound = () => notFound('That task');

/** 400 errorData.assigneeMemberId unless `assigneeMemberId` is an ACTIVE member of the workspace. */
async function assertAssignable(tx: Queryable, workspaceId: string, assigneeMemberId: string | null): Promise<void> {
  if (assigneeMemberId === null) return;
  if (!(await isActiveMember(tx, workspaceId, assigneeMemberId))) {
    throw invalidField('assigneeMemberId', 'Choose an active member of this workspace.');
  }
}

/** Everyone a `task` live event may concern: the creator and the assignees before and after. */
function audienceOf(rows: (TaskRow | undefined)[]): TaskAudience {
  const assignees = new Set<string>();
  for (const row of rows) if (row?.assigneeMemberId) assignees.add(row.assigneeMemberId);
  const createdByMemberId = rows.find((row) => row !== undefined)?.createdByMemberId ?? null;
  return { createdByMemberId, assigneeMemberIds: [...assignees] };
}

/** The tasks the caller may see, filtered, sorted and paged (PRODUCT §3, §4, §6). */
export async function listTasks(db: Database, personId: string, workspaceId: string, query: ListTasksQuery): Promise<TaskPage> {
  const member = await loadMembership(db, workspaceId, personId);
  assertAllowed(member, 'viewTasks');
  return findTasks(db, viewerOf(member), query);
}

/** One task the caller may see; 404 for any other (PRODUCT §6: never 403 for what one cannot see). */
export async function readTask(db: Database, personId: string, workspaceId: string, taskId: string): Promise<Task> {
  const member = await loadMembership(db, workspaceId, personId);
  assertAllowed(member, 'viewTasks');
  const task = await getTask(db, viewerOf(member), taskId);
  if (!task) throw taskNotFound();
  return task;
}

/**
 * Creates a task as the caller (PRODUCT §6: everyone but a GUEST), in one transaction with its
 * TASK_CREATED or TASK_ASSIGNED activity (features/activity recordTaskChange) and `task` live event.
 * @throws 403 for a GUEST; 400 errorData.assigneeMemberId for an assignee who is not an ACTIVE member.
 */
export async function createTask(db: Database, personId: string, workspaceId: string, body: CreateTaskBody): Promise<Task> {
  return db.transaction(async (tx) => createTaskInTransaction(tx, await loadMembership(tx, workspaceId, personId), body));
}

/**
 * {@link createTask} inside the caller's open transaction, as `member` (e.g. a summary's "Make
 * task", issue #11, which links the action item to the task in the same transaction).
 * @throws 403 for a GUEST; 400 errorData.assigneeMemberId for an assignee who is not an ACTIVE member.
 */
export async function createTaskInTransaction(tx: Queryable, member: MemberRow, body: CreateTaskBody): Promise<Task> {
  const workspaceId = member.workspaceId;
  assertAllowed(member, 'editTasks');
  const assigneeMemberId = body.assigneeMemberId ?? null;
  await assertAssignable(tx, workspaceId, assigneeMemberId);
  const row = await insertTask(tx, {
    workspaceId,
    title: body.title,
    notes: body.notes ?? '',
    status: body.status ?? 'TODO',
    priority: body.priority ?? 'MEDIUM',
    dueDate: body.dueDate ?? null,
    assigneeMemberId,
    createdByMemberId: member.id,
    links: body.links ?? {},
  });
  await recordTaskChange(tx, member.id, undefined, row);
  await publishWorkspaceEvent<'task'>(
    tx,
    { type: 'task', workspaceId, taskId: row.id, action: 'created', version: row.version },
    audienceOf([row]),
  );
  return (await getTaskById(tx, workspaceId, row.id))!;
}

const sameLinks = (a: TaskRow['links'], b: TaskRow['links']) =>
  a.briefId === b.briefId && a.requestId === b.requestId && a.summaryId === b.summaryId && a.answerId === b.answerId;

/** The fields of `body` that differ from `row`. */
function changesOf(row: TaskRow, body: UpdateTaskBody): TaskChanges {
  const changes: TaskChanges = {};
  if (body.title !== undefined && body.title !== row.title) changes.title = body.title;
  if (body.notes !== undefined && body.notes !== row.notes) changes.notes = body.notes;
  if (body.status !== undefined && body.status !== row.status) changes.status = body.status;
  if (body.priority !== undefined && body.priority !== row.priority) changes.priority = body.priority;
  if (body.dueDate !== undefined && body.dueDate !== row.dueDate) changes.dueDate = body.dueDate;
  if (body.assigneeMemberId !== undefined && body.assigneeMemberId !== row.assigneeMemberId)
    changes.assigneeMemberId = body.assigneeMemberId;
  if (body.links !== undefined && !sameLinks(body.links, row.links)) changes.links = body.links;
  return changes;
}

/** A GUEST may send `status` only (PRODUCT §6 "assigned to them: view, change status"). */
function assertGuestSendsStatusOnly(body: UpdateTaskBody): void {
  const refused = Object.keys(body).filter((field) => field !== 'version' && field !== 'status');
  if (refused.length === 0) return;
  const message = 'As a guest, you can change only the status of tasks assigned to you.';
  throw new AppError('FORBIDDEN', message, Object.fromEntries(refused.map((field) => [field, message])));
}

/**
 * Changes a task the caller may see (PRODUCT §6) if `body.version` is still current: version + 1,
 * completedAt follows DONE, TASK_ASSIGNED / TASK_DONE activity and a `task` live event, all in one
 * transaction. Sending only unchanged values writes nothing and returns the task as it is.
 * @throws 404 for a task the caller may not see; 403 when a GUEST sends more than `status`;
 * 409 VERSION_CONFLICT (with `current`) for a stale version; 400 errorData.assigneeMemberId.
 */
export async function updateTask(db: Database, personId: string, workspaceId: string, taskId: string, body: UpdateTaskBody): Promise<Task> {
  return db.transaction(async (tx) => {
    const member = await loadMembership(tx, workspaceId, personId);
    const row = await lockVisibleTaskRow(tx, viewerOf(member), taskId);
    if (!row) throw taskNotFound();
    if (!canEditTask(member.workspaceMemberType, member.id, row)) {
      assertGuestSendsStatusOnly(body);
      if (!canChangeTaskStatus(member.workspaceMemberType, member.id, row))
        throw new AppError('FORBIDDEN', describeRefusal('changeTaskStatus'));
    }
    if (body.version !== row.version) {
      throw versionConflict(
        'Someone else changed this task meanwhile. Review the current version and make your change again.',
        await getTask(tx, viewerOf(member), taskId),
      );
    }
    const changes = changesOf(row, body);
    if (Object.keys(changes).length === 0) return (await getTaskById(tx, workspaceId, taskId))!;
    if (changes.assigneeMemberId !== undefined) await assertAssignable(tx, workspaceId, changes.assigneeMemberId);
    const updated = await updateTaskRow(tx, row, changes);
    await recordTaskChange(tx, member.id, row, updated);
    await publishWorkspaceEvent<'task'>(
      tx,
      { type: 'task', workspaceId, taskId, action: 'updated', version: updated.version },
      audienceOf([updated, row]),
    );
    return (await getTaskById(tx, workspaceId, taskId))!;
  });
}

/**
 * Deletes a task if `version` is still current (OWNER, EXECUTIVE, EXECUTIVEASSISTANT any; a USER
 * the tasks they created) and announces it as a `task` live event.
 * @throws 404 for a task the caller may not see; 403 when they may see but not delete it;
 * 409 VERSION_CONFLICT (with `current`) for a stale version.
 */
export async function deleteTask(db: Database, personId: string, workspaceId: string, taskId: string, version: number): Promise<void> {
  await db.transaction(async (tx) => {
    const member = await loadMembership(tx, workspaceId, personId);
    const row = await lockVisibleTaskRow(tx, viewerOf(member), taskId);
    if (!row) throw taskNotFound();
    if (!canDeleteTask(member.workspaceMemberType, member.id, row)) {
      const message =
        member.workspaceMemberType === 'USER'
          ? 'As a user, you can delete only the tasks you created.'
          : 'Only an owner, the executive, an executive assistant or the task’s creator can delete tasks.';
      throw new AppError('FORBIDDEN', message);
    }
    if (version !== row.version) {
      throw versionConflict(
        'Someone else changed this task meanwhile. Review the current version before deleting it.',
        await getTask(tx, viewerOf(member), taskId),
      );
    }
    await deleteTaskRow(tx, workspaceId, taskId);
    await publishWorkspaceEvent<'task'>(
      tx,
      { type: 'task', workspaceId, taskId, action: 'deleted', version: row.version },
      audienceOf([row]),
    );
  });
}
