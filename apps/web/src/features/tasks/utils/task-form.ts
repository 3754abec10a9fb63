import {
  CALENDAR_DATE_RANGE_MESSAGE,
  CreateTaskBodySchema,
  isDateInCalendarRange,
  TaskPrioritySchema,
  TaskStatusSchema,
  type CreateTaskBody,
  type Task,
  type UpdateTaskBody,
} from '@tandem/contract';
import { z } from 'zod';
import { formatCalendarDate, parseCalendarDate } from './due-date';

/** The message of a due date that is not a whole date (seed §5: typed as mm/dd/yyyy). */
export const DUE_DATE_MESSAGE = 'Enter a date as mm/dd/yyyy.';

/**
 * The due date as the picker's Date (null = none): a whole date (an incomplete or impossible typed
 * date is an Invalid Date) within the contract's years (issue #8: 13/45/20 must not save year 0020).
 */
export const DueDateInputSchema = z
  .date({ error: DUE_DATE_MESSAGE })
  .refine(isDateInCalendarRange, { error: CALENDAR_DATE_RANGE_MESSAGE })
  .nullable();

/**
 * The task form (drawer and /tasks/new): the contract's title and notes rules, status, priority,
 * the due date ({@link DueDateInputSchema}) and the assignee's memberId ('' = nobody).
 */
export const TaskFormSchema = z.object({
  title: CreateTaskBodySchema.shape.title,
  notes: CreateTaskBodySchema.shape.notes.unwrap(),
  status: TaskStatusSchema,
  priority: TaskPrioritySchema,
  dueDate: DueDateInputSchema,
  assigneeMemberId: z.string(),
});
export type TaskFormInput = z.input<typeof TaskFormSchema>;
export type TaskFormValues = z.output<typeof TaskFormSchema>;

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
