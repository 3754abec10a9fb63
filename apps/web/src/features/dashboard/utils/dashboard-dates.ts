import { differenceInCalendarDays, format, parseISO } from 'date-fns';

/** A Date's local calendar day as the API's YYYY-MM-DD. */
export function formatLocalDate(date: Date): string {
  return format(date, 'yyyy-MM-dd');
}

/** "Mar 9" (or "Mar 9, 2025" outside `today`'s year) for a YYYY-MM-DD date. Pure. */
export function formatShortDate(date: string, today: string): string {
  const parsed = parseISO(date);
  return format(parsed, parsed.getFullYear() === parseISO(today).getFullYear() ? 'MMM d' : 'MMM d, yyyy');
}

/**
 * How a due date reads beside a task on `today` (both YYYY-MM-DD): "Due today", "Due tomorrow",
 * "Overdue by 1 day", "Overdue by 3 days", "Due Mar 20"; '' without a due date. Pure.
 */
export function describeDue(dueDate: string | null, today: string): string {
  if (!dueDate) return '';
  const days = differenceInCalendarDays(parseISO(dueDate), parseISO(today));
  if (days === 0) return 'Due today';
  if (days === 1) return 'Due tomorrow';
  if (days < 0) return `Overdue by ${-days} ${days === -1 ? 'day' : 'days'}`;
  return `Due ${formatShortDate(dueDate, today)}`;
}

/** "since today", "since yesterday", "for 5 days": how long a delegated task has waited. Pure. */
export function describeWaiting(createdAt: string, today: string): string {
  const days = differenceInCalendarDays(parseISO(today), new Date(createdAt));
  if (days <= 0) return 'since today';
  if (days === 1) return 'since yesterday';
  return `for ${days} days`;
}
