import { format, getYear, isValid, parse } from 'date-fns';

// The calendar-date rule without zod (issue #13, decision 031): the public answer page and other
// screens check dates with it before any schema has loaded. dates.ts builds the schemas on it.

/**
 * The calendar-date rule (issue #8), one for the server and the web: a date is 'YYYY-MM-DD', a day
 * that exists (2026-02-30 does not), in the years {@link CALENDAR_YEAR_MIN}–{@link CALENDAR_YEAR_MAX}.
 * The range catches typos such as year 0020 and dates PostgreSQL cannot store (year 0).
 */
export const CALENDAR_YEAR_MIN = 1900;
export const CALENDAR_YEAR_MAX = 2200;
/** The first and last dates the rule accepts, as 'YYYY-MM-DD'. */
export const CALENDAR_DATE_MIN = `${CALENDAR_YEAR_MIN}-01-01`;
export const CALENDAR_DATE_MAX = `${CALENDAR_YEAR_MAX}-12-31`;

export const CALENDAR_DATE_FORMAT_MESSAGE = 'Enter a date as YYYY-MM-DD.';
export const CALENDAR_DATE_RANGE_MESSAGE = `Enter a date between the years ${CALENDAR_YEAR_MIN} and ${CALENDAR_YEAR_MAX}.`;

const WIRE_FORMAT = 'yyyy-MM-dd';

/** Formats a Date's local day as 'YYYY-MM-DD' (date-fns; no time, no zone). */
export function formatCalendarDate(date: Date): string {
  return format(date, WIRE_FORMAT);
}

/**
 * Parses 'YYYY-MM-DD' strictly as local midnight (date-fns): null when the text is not exactly that
 * form or names no real day (2026-02-30, 2025-13-01). Does not check the year range.
 */
export function parseCalendarDate(value: string): Date | null {
  const date = parse(value, WIRE_FORMAT, new Date(2000, 0, 1));
  return isValid(date) && formatCalendarDate(date) === value ? date : null;
}

/** Whether a Date (e.g. the date picker's value) is a real date in the allowed years; false for an Invalid Date. */
export function isDateInCalendarRange(date: Date): boolean {
  if (!isValid(date)) return false;
  const year = getYear(date);
  return year >= CALENDAR_YEAR_MIN && year <= CALENDAR_YEAR_MAX;
}

/**
 * Dates {@link isCalendarDate} has accepted: a strict parse by date-fns costs ≈ 20 µs, and the
 * same few dates ("today", due dates) come with call after call (issue #13). At most
 * {@link ACCEPTED_DATES_MAX} are kept; past that, dates are parsed every time.
 */
const acceptedDates = new Set<string>();
const ACCEPTED_DATES_MAX = 10_000;

/** Whether `value` is a 'YYYY-MM-DD' date the rule accepts (real day, allowed years). */
export function isCalendarDate(value: string): boolean {
  if (acceptedDates.has(value)) return true;
  const date = parseCalendarDate(value);
  const accepted = date !== null && isDateInCalendarRange(date);
  if (accepted && acceptedDates.size < ACCEPTED_DATES_MAX) acceptedDates.add(value);
  return accepted;
}
