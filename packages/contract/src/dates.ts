import { isValid, parseISO } from 'date-fns';
import { z } from 'zod';
import {
  CALENDAR_DATE_FORMAT_MESSAGE,
  CALENDAR_DATE_RANGE_MESSAGE,
  CALENDAR_YEAR_MAX,
  CALENDAR_YEAR_MIN,
  isCalendarDate,
} from './calendar-dates.js';

export * from './calendar-dates.js';

/**
 * A calendar date 'YYYY-MM-DD' (no time, no zone) under the calendar-date rule (calendar-dates.ts):
 * every date a client sends (due dates, filters, "today"). Answers 400 VALIDATION_FAILED with the
 * field's message otherwise. The OpenAPI document shows it as `format: date`.
 */
export const CalendarDateSchema = z.iso
  .date({ error: CALENDAR_DATE_FORMAT_MESSAGE })
  .refine(isCalendarDate, { error: CALENDAR_DATE_RANGE_MESSAGE });

/**
 * A calendar date as the server answers it: 'YYYY-MM-DD', without the year range, so a date stored
 * before the range existed (e.g. 0020-03-04) is still shown — and can be corrected — rather than
 * failing the whole answer.
 */
export const StoredCalendarDateSchema = z.iso.date();

/** Whether an ISO 8601 instant (e.g. '2026-03-04T09:30:00+01:00') falls in the allowed years, in UTC. */
export function isInstantInRange(value: string): boolean {
  const instant = parseISO(value);
  if (!isValid(instant)) return false;
  const year = instant.getUTCFullYear();
  return year >= CALENDAR_YEAR_MIN && year <= CALENDAR_YEAR_MAX;
}

/**
 * An instant a client sends, ISO 8601 with a zone or offset ('2026-03-04T09:30:00Z'), under the
 * same year range as {@link CalendarDateSchema} (issue #8: year 0 used to reach the database).
 */
export const InstantSchema = z.iso
  .datetime({ offset: true, error: 'Enter a date and time as ISO 8601, e.g. 2026-03-04T09:30:00Z.' })
  .refine(isInstantInRange, { error: CALENDAR_DATE_RANGE_MESSAGE });
