// Task states and priorities with their labels (PRODUCT §2): the contract's vocabulary without zod. A screen that only shows a label or checks a
// permission imports these and evaluates no schema (a chunk holds whole modules, so a label kept
// beside its schemas brought them all; bench/README, issue #13). tasks.ts builds its schemas on
// them and re-exports them, so '@tandem/contract' offers the same names.

/** Task states (PRODUCT §2), in board order. */
export const taskStatuses = ['TODO', 'IN_PROGRESS', 'WAITING', 'DONE'] as const;
export type TaskStatus = (typeof taskStatuses)[number];

export const taskStatusLabels: Record<TaskStatus, string> = {
  TODO: 'To do',
  IN_PROGRESS: 'In progress',
  WAITING: 'Waiting',
  DONE: 'Done',
};

/** Task priorities (PRODUCT §2), lowest first: sorting by priority follows this order. */
export const taskPriorities = ['LOW', 'MEDIUM', 'HIGH', 'URGENT'] as const;
export type TaskPriority = (typeof taskPriorities)[number];

export const taskPriorityLabels: Record<TaskPriority, string> = {
  LOW: 'Low',
  MEDIUM: 'Medium',
  HIGH: 'High',
  URGENT: 'Urgent',
};

export const taskSorts = ['dueDate', 'priority', 'updatedAt'] as const;
export type TaskSort = (typeof taskSorts)[number];

/** The order used when `order` is omitted: soonest due, most urgent, most recently changed. */
export const defaultTaskOrder: Record<TaskSort, 'asc' | 'desc'> = { dueDate: 'asc', priority: 'desc', updatedAt: 'desc' };
