import type { DashboardAssigneeLoad, DashboardWeek } from '@tandem/contract';
import { formatShortDate } from './dashboard-dates';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** "Jordan Reyes", or "Unassigned" for the row of tasks without an assignee. */
export function formatAssignee(row: Pick<DashboardAssigneeLoad, 'memberId' | 'firstName' | 'lastName'>): string {
  if (!row.memberId || row.firstName === null || row.lastName === null) return 'Unassigned';
  return `${row.firstName} ${row.lastName}`;
}

/** "Week of Mar 9" for a week start. */
export function formatWeek(weekStart: string, today: string): string {
  return `Week of ${formatShortDate(weekStart, today)}`;
}

/**
 * One sentence for screen readers summarising the created-vs-done chart: the totals over the
 * weeks shown and this week's numbers. Pure.
 */
export function summarizeCreatedVsDone(weeks: readonly DashboardWeek[]): string {
  if (weeks.length === 0) return 'No weeks to show.';
  const created = weeks.reduce((sum, week) => sum + week.created, 0);
  const done = weeks.reduce((sum, week) => sum + week.done, 0);
  const current = weeks.at(-1)!;
  return (
    `Over the last ${plural(weeks.length, 'week', 'weeks')}, ${plural(created, 'task was', 'tasks were')} created ` +
    `and ${plural(done, 'task was', 'tasks were')} done. This week: ${current.created} created, ${current.done} done.`
  );
}

/** One sentence summarising open tasks per assignee, most first: "7 open tasks: Jordan Reyes 4, Unassigned 3." Pure. */
export function summarizeOpenByAssignee(rows: readonly DashboardAssigneeLoad[]): string {
  const total = rows.reduce((sum, row) => sum + row.open, 0);
  if (total === 0) return 'No open tasks.';
  return `${plural(total, 'open task', 'open tasks')}: ${rows.map((row) => `${formatAssignee(row)} ${row.open}`).join(', ')}.`;
}
