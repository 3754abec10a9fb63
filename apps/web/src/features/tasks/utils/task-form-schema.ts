import {
  CALENDAR_DATE_RANGE_MESSAGE,
  CreateTaskBodySchema,
  isDateInCalendarRange,
  TaskPrioritySchema,
  TaskStatusSchema,
} from '@tandem/contract';
import { z } from 'zod';

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

/**
 * The quick add's check (issue #4): the contract's title rule and a whole due date within the
 * contract's years. Either the cleaned title, or each failing field's message.
 */
export function checkQuickAdd(title: string, dueDate: Date | null): { title: string } | { errors: { title?: string; dueDate?: string } } {
  const parsedTitle = CreateTaskBodySchema.shape.title.safeParse(title);
  const parsedDue = DueDateInputSchema.safeParse(dueDate);
  if (parsedTitle.success && parsedDue.success) return { title: parsedTitle.data };
  return { errors: { title: parsedTitle.error?.issues[0]?.message, dueDate: parsedDue.error?.issues[0]?.message } };
}
