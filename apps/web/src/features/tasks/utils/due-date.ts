import { addDays, differenceInCalendarDays, format, isValid, parseISO } from 'date-fns';

/** "Due soon" reaches this many days past today (issue #4: the next 7 days). */
export const DUE_SOON_DAYS = 7;

/** How a due date stands today: overdue (red), due soon (amber), later, none, or done (no highlight). */
export type DueState = 'overdue' | 'soon' | 'later' | 'none' | 'done';

/** What {@link describeDueDate} returns: the state and a sentence that says it without colour. */
export interface DueDescription {
  state: DueState;
  /** "Overdue · was due Mar 3", "Due today", "Due tomorrow", "Due in 3 days", "Due Mar 20"; '' when none. */
  label: string;
}

/** Parses a calendar date 'YYYY-MM-DD' as local midnight; null for null or a malformed value. */
export function parseCalendarDate(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = parseISO(value);
  return isValid(date) ? date : null;
}

/** Formats a Date as the API's calendar date 'YYYY-MM-DD' (local day, no time zone). */
export function formatCalendarDate(date: Date): string {
  return format(date, 'yyyy-MM-dd');
}

/** 'YYYY-MM-DD' of `today` plus `days` (the due-soon window's end, for instance). */
export function shiftCalendarDate(today: Date, days: number): string {
  return formatCalendarDate(addDays(today, days));
}

/**
 * Classifies a task's due date against `today` (local calendar days): before today → overdue;
 * today up to {@link DUE_SOON_DAYS} days ahead → soon; later → later. A DONE task is never
 * highlighted. Pure.
 */
export function describeDueDate(dueDate: string | null, isDone: boolean, today: Date): DueDescription {
  const due = parseCalendarDate(dueDate);
  if (!due) return { state: 'none', label: '' };
  const sameYear = due.getFullYear() === today.getFullYear();
  const shown = format(due, sameYear ? 'MMM d' : 'MMM d, yyyy');
  if (isDone) return { state: 'done', label: `Due ${shown}` };
  const days = differenceInCalendarDays(due, today);
  if (days < 0) return { state: 'overdue', label: `Overdue · was due ${shown}` };
  if (days === 0) return { state: 'soon', label: 'Due today' };
  if (days === 1) return { state: 'soon', label: 'Due tomorrow' };
  if (days <= DUE_SOON_DAYS) return { state: 'soon', label: `Due in ${days} days · ${shown}` };
  return { state: 'later', label: `Due ${shown}` };
}
