import { can, type Task, type WorkspaceMemberType } from '@tandem/contract';

/** The signed-in member as the task rules need them. */
export interface TaskActor {
  memberId: string;
  workspaceMemberType: WorkspaceMemberType;
}

/** What `actor` may do with `task` (PRODUCT §6 "tasks" row; contract permissions.ts). */
export interface TaskAbilities {
  /** Title, notes, priority, due date, assignee, delete. */
  canEdit: boolean;
  canChangeStatus: boolean;
}

/**
 * PRODUCT §6: OWNER, EXECUTIVE and EXECUTIVEASSISTANT edit every task; a USER edits the tasks they
 * created or that are assigned to them; a GUEST only changes the status of tasks assigned to them.
 * The server enforces the same rule; the screen only avoids offering what would be refused. Pure.
 */
export function getTaskAbilities(actor: TaskActor, task: Pick<Task, 'createdByMemberId' | 'assigneeMemberId'>): TaskAbilities {
  const type = actor.workspaceMemberType;
  const isMine = task.createdByMemberId === actor.memberId || task.assigneeMemberId === actor.memberId;
  const isAssignedToMe = task.assigneeMemberId === actor.memberId;
  const editGrant = can(type, 'editTasks') ? (type === 'USER' ? isMine : true) : false;
  const statusGrant = can(type, 'changeTaskStatus') ? (type === 'GUEST' ? isAssignedToMe : type === 'USER' ? isMine : true) : false;
  return { canEdit: editGrant, canChangeStatus: statusGrant };
}

/** True when `type` may create tasks (PRODUCT §6: everyone but a GUEST). */
export function canCreateTasks(type: WorkspaceMemberType): boolean {
  return can(type, 'editTasks');
}
