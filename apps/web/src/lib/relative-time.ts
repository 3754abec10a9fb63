import { differenceInSeconds, intlFormat, intlFormatDistance } from 'date-fns';

/**
 * "5 minutes ago", "yesterday", "2 weeks ago": how long ago (or until) `iso` is, in the largest
 * unit that fits, worded by Intl in the browser's language (date-fns intlFormatDistance). Under a
 * minute reads "just now". `now` in ms since the epoch (for tests).
 */
export function formatRelativeTime(iso: string, now: number = Date.now(), locale?: string): string {
  const date = new Date(iso);
  if (Math.abs(differenceInSeconds(date, now)) < 60) return 'just now';
  return intlFormatDistance(date, now, { locale, numeric: 'auto' });
}

/** The full local date and time of `iso` ("Jan 5, 2026, 3:04 PM"), for a tooltip or `dateTime` title. */
export function formatDateTime(iso: string, locale?: string): string {
  const format = { dateStyle: 'medium', timeStyle: 'short' } as const;
  return locale ? intlFormat(new Date(iso), format, { locale }) : intlFormat(new Date(iso), format);
}
