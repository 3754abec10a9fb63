import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CALENDAR_DATE_MAX,
  CALENDAR_DATE_MIN,
  CALENDAR_DATE_RANGE_MESSAGE,
  CalendarDateSchema,
  formatCalendarDate,
  isCalendarDate,
  isDateInCalendarRange,
  parseCalendarDate,
} from './dates.js';

const pad = (value: number, length: number) => String(value).padStart(length, '0');

/** Date-shaped text, mostly near the rule's edges: any year 0–9999, months 0–13, days 0–32. */
const dateLikeText = fc.oneof(
  fc
    .tuple(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 13 }), fc.integer({ min: 0, max: 32 }))
    .map(([year, month, day]) => `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`),
  fc
    .tuple(fc.integer({ min: 1890, max: 2210 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 28, max: 31 }))
    .map(([year, month, day]) => `${year}-${pad(month, 2)}-${day}`),
  fc.string({ maxLength: 12 }),
);

describe('CalendarDateSchema (issue #8: one date rule for server and web)', () => {
  it('answers a date the same when asked again (accepted dates are remembered, issue #13)', () => {
    fc.assert(
      fc.property(dateLikeText, (text) => {
        const first = isCalendarDate(text);
        expect(isCalendarDate(text)).toBe(first);
        const date = parseCalendarDate(text);
        expect(first).toBe(date !== null && isDateInCalendarRange(date));
      }),
      { numRuns: 2000 },
    );
  });

  it('accepts only real days in 1900–2200, and every accepted date round-trips', () => {
    fc.assert(
      fc.property(dateLikeText, (text) => {
        const result = CalendarDateSchema.safeParse(text);
        if (!result.success) return;
        const parsed = parseCalendarDate(result.data);
        expect(parsed).not.toBeNull();
        expect(formatCalendarDate(parsed!)).toBe(text);
        expect(text >= CALENDAR_DATE_MIN && text <= CALENDAR_DATE_MAX).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('accepts every day of the range', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date(1900, 0, 1), max: new Date(2200, 11, 31), noInvalidDate: true }), (date) => {
        const text = formatCalendarDate(date);
        expect(CalendarDateSchema.safeParse(text).success).toBe(true);
        expect(isDateInCalendarRange(date)).toBe(true);
      }),
    );
  });

  it.each([
    ['0000-01-01', CALENDAR_DATE_RANGE_MESSAGE],
    ['0020-03-04', CALENDAR_DATE_RANGE_MESSAGE],
    ['1899-12-31', CALENDAR_DATE_RANGE_MESSAGE],
    ['2201-01-01', CALENDAR_DATE_RANGE_MESSAGE],
    ['2026-02-30', 'Enter a date as YYYY-MM-DD.'],
    ['2025-13-01', 'Enter a date as YYYY-MM-DD.'],
    ['03/04/2026', 'Enter a date as YYYY-MM-DD.'],
  ])('refuses %s', (text, message) => {
    const result = CalendarDateSchema.safeParse(text);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });

  it('accepts the first and last day and a leap day', () => {
    for (const text of [CALENDAR_DATE_MIN, CALENDAR_DATE_MAX, '2024-02-29']) expect(CalendarDateSchema.parse(text)).toBe(text);
  });

  it('refuses an Invalid Date and dates outside the years for the picker', () => {
    expect(isDateInCalendarRange(new Date(Number.NaN))).toBe(false);
    const typo = new Date(2026, 2, 4);
    typo.setFullYear(20);
    expect(isDateInCalendarRange(typo)).toBe(false);
    expect(isDateInCalendarRange(new Date(2026, 2, 4))).toBe(true);
  });
});
