import type { CreateTaskBody, Task, UpdateTaskBody } from '@tandem/contract';
import type { z } from 'zod';
import { formatCalendarDate, parseCalendarDate } from './due-date';
import type { TaskFormSchema } from './task-form-schema';

/**
 * The task form's values and the pure helpers between them and the API. Its zod schema lives in
 * task-form-schema.ts, loaded with the first check ({@link loadTaskFormSchema}): /tasks renders
 * and edits without evaluating zod or the contract's task schemas (issue #13, decision 031).
 */

export type TaskFormInput = z.input<typeof TaskFormSchema>;
export type TaskFormValues = z.output<typeof TaskFormSchema>;

/** The module of the task form's schemas, loaded once (the drawer's first save, the quick add's first focus). */
export const loadTaskFormSchema = () => import('./task-form-schema');

/** The blank form of a new task (the API's defaults: TODO, MEDIUM). */
export const EMPTY_TASK_FORM: TaskFormInput = {
  title: '',
  notes: '',
  status: 'TODO',
  priority: 'MEDIUM',
  dueDate: null,
  assigneeMemberId: '',
};

/** The form values of an existing task. Pure. */
export function toTaskFormValues(task: Task): TaskFormInput {
  return {
    title: task.title,
    notes: task.notes,
    status: task.status,
    priority: task.priority,
    dueDate: parseCalendarDate(task.dueDate),
    assigneeMemberId: task.assigneeMemberId ?? '',
  };
}

/** POST body of a valid form; empty optional fields are left out. Pure. */
export function toCreateTaskBody(values: TaskFormValues): CreateTaskBody {
  return {
    title: values.title,
    ...(values.notes.trim() ? { notes: values.notes } : {}),
    status: values.status,
    priority: values.priority,
    ...(values.dueDate ? { dueDate: formatCalendarDate(values.dueDate) } : {}),
    ...(values.assigneeMemberId ? { assigneeMemberId: values.assigneeMemberId } : {}),
  };
}

/** The PATCH changes of a valid form against `task`: only the fields that differ (no version). Pure. */
export function toTaskChanges(values: TaskFormValues, task: Task): Omit<UpdateTaskBody, 'version'> {
  const changes: Omit<UpdateTaskBody, 'version'> = {};
  if (values.title !== task.title) changes.title = values.title;
  if (values.notes !== task.notes) changes.notes = values.notes;
  if (values.status !== task.status) changes.status = values.status;
  if (values.priority !== task.priority) changes.priority = values.priority;
  const dueDate = values.dueDate ? formatCalendarDate(values.dueDate) : null;
  if (dueDate !== task.dueDate) changes.dueDate = dueDate;
  const assigneeMemberId = values.assigneeMemberId || null;
  if (assigneeMemberId !== task.assigneeMemberId) changes.assigneeMemberId = assigneeMemberId;
  return changes;
}
