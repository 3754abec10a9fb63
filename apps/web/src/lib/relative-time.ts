/** Largest unit first: the first one that fits the distance is used (Intl does the wording). */
const units: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 60 * 60],
  ['month', 30 * 24 * 60 * 60],
  ['week', 7 * 24 * 60 * 60],
  ['day', 24 * 60 * 60],
  ['hour', 60 * 60],
  ['minute', 60],
];

/**
 * "5 minutes ago", "yesterday", "just now": how long ago (or until) `iso` is, worded by
 * Intl.RelativeTimeFormat in the browser's language. `now` in ms since the epoch (for tests).
 * Under a minute reads "just now". Pure.
 */
export function formatRelativeTime(iso: string, now: number = Date.now(), locale?: string): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  for (const [unit, size] of units) {
    if (Math.abs(seconds) >= size) return format.format(Math.trunc(seconds / size), unit);
  }
  return 'just now';
}

/** The full local date and time of `iso` ("Jan 5, 2026, 3:04 PM"), for a tooltip or `dateTime` title. */
export function formatDateTime(iso: string, locale?: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}
