import type { SummaryScope } from '@tandem/contract';
import { format, parseISO } from 'date-fns';

/** A stored calendar date (YYYY-MM-DD) as the UI writes it: mm/dd/yyyy. */
export function formatCalendarDay(date: string): string {
  return format(parseISO(date), 'MM/dd/yyyy');
}

/** An instant as a short local date and time ("Mar 10, 2:05 PM"). */
export function formatWhen(iso: string): string {
  return format(parseISO(iso), 'MMM d, h:mm a');
}

/** A Date as the API's calendar date 'YYYY-MM-DD' (local day). */
export function toCalendarDate(date: Date): string {
  return format(date, 'yyyy-MM-dd');
}

/** "3 new answers" / "1 new answer" (the freshness badge, issue #11). */
export function describeNewAnswers(count: number): string {
  return `${count} new ${count === 1 ? 'answer' : 'answers'}`;
}

/**
 * A scope in words for the list (issue #11): the requests by title, "N people", and the dates —
 * e.g. "Board prep, Offsite · 3 people · from 03/01/2026 to 03/31/2026".
 */
export function describeScope(scope: SummaryScope, requestTitles: readonly string[]): string {
  const parts: string[] = [];
  if (requestTitles.length > 0) parts.push(requestTitles.join(', '));
  if (scope.contactIds.length > 0) parts.push(`${scope.contactIds.length} ${scope.contactIds.length === 1 ? 'person' : 'people'}`);
  if (scope.from && scope.to) parts.push(`${formatCalendarDay(scope.from)} – ${formatCalendarDay(scope.to)}`);
  else if (scope.from) parts.push(`from ${formatCalendarDay(scope.from)}`);
  else if (scope.to) parts.push(`until ${formatCalendarDay(scope.to)}`);
  return parts.join(' · ');
}

/** A count with its noun: "1 key point", "4 key points". */
export function plural(count: number, noun: string, nouns = `${noun}s`): string {
  return `${count} ${count === 1 ? noun : nouns}`;
}
