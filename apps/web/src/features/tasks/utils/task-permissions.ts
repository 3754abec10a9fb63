import {
  can,
  canChangeTaskStatus,
  canDeleteTask,
  canEditTask,
  canSeeTask,
  type TaskParties,
  type WorkspaceMemberType,
} from '@tandem/contract';

/** The signed-in member as the task rules need them. */
export interface TaskActor {
  memberId: string;
  workspaceMemberType: WorkspaceMemberType;
}

/** What `actor` may do with one task (PRODUCT §6 "tasks" row). */
export interface TaskAbilities {
  /** Title, notes, priority, due date, assignee (contract canEditTask). */
  canEdit: boolean;
  /** The status alone (contract canChangeTaskStatus): anyone who may edit it, and a GUEST on a task assigned to them. */
  canChangeStatus: boolean;
  /** Contract canDeleteTask: staff any task, a USER only the tasks they created, never a GUEST. */
  canDelete: boolean;
}

/**
 * What `actor` may do with `task`, decided by the contract's rules (tasks.ts canSeeTask,
 * canEditTask, canChangeTaskStatus, canDeleteTask), exactly as the server's task
 * service decides them: nothing here is a rule of its own. The screen only avoids offering what
 * the server would refuse. Pure.
 */
export function getTaskAbilities(actor: TaskActor, task: TaskParties): TaskAbilities {
  const { workspaceMemberType: type, memberId } = actor;
  const canSee = canSeeTask(type, memberId, task);
  const canEdit = canEditTask(type, memberId, task);
  return {
    canEdit,
    canChangeStatus: canChangeTaskStatus(type, memberId, task),
    canDelete: canSee && canDeleteTask(type, memberId, task),
  };
}

/** True when `type` may create tasks (PRODUCT §6: everyone but a GUEST; contract permissions.ts editTasks). */
export function canCreateTasks(type: WorkspaceMemberType): boolean {
  return can(type, 'editTasks');
}
