import { describe, expect, it } from 'vitest';
import { itemsOfEveryKind } from '../../test/question-fixtures.js';
import { dueDateEnd, isLate, stateOf } from './recipient-state.js';
import { isWithinWorkingHours, reminderMessageId } from './reminders.js';

describe('the late flag (issue #10)', () => {
  it('turns on at the end of the due date in the request’s zone, not in UTC', () => {
    // 30 June 2026 ends at midnight in Los Angeles (PDT, UTC−7): 1 July 07:00 UTC.
    expect(dueDateEnd('2026-06-30', 'America/Los_Angeles')).toEqual(new Date('2026-07-01T07:00:00Z'));
    expect(isLate('2026-06-30', 'America/Los_Angeles', new Date('2026-07-01T06:59:59.999Z'))).toBe(false);
    expect(isLate('2026-06-30', 'America/Los_Angeles', new Date('2026-07-01T07:00:00Z'))).toBe(true);
    // In Tokyo (UTC+9) the same date ends at 30 June 15:00 UTC.
    expect(isLate('2026-06-30', 'Asia/Tokyo', new Date('2026-06-30T14:59:00Z'))).toBe(false);
    expect(isLate('2026-06-30', 'Asia/Tokyo', new Date('2026-06-30T15:00:00Z'))).toBe(true);
    expect(isLate(null, 'Asia/Tokyo', new Date('2999-01-01T00:00:00Z'))).toBe(false);
  });

  it('counts a daylight-saving day as 23 hours (New York, 8 March 2026)', () => {
    expect(dueDateEnd('2026-03-07', 'America/New_York')).toEqual(new Date('2026-03-08T05:00:00Z'));
    expect(dueDateEnd('2026-03-08', 'America/New_York')).toEqual(new Date('2026-03-09T04:00:00Z'));
  });
});

describe('the recipient state rule (issue #10)', () => {
  const items = Object.values(itemsOfEveryKind({ DATE: false }));
  const ids = (count: number) => new Set(items.slice(0, count).map((item) => item.id));
  const required = new Set(items.filter((item) => item.required).map((item) => item.id));

  it('PENDING → OPENED → PARTIAL → ANSWERED', () => {
    expect(stateOf(items, new Set(), false, false)).toBe('PENDING');
    expect(stateOf(items, new Set(), false, true)).toBe('OPENED');
    expect(stateOf(items, ids(1), false, true)).toBe('PARTIAL');
    // Every required item, not submitted, an optional one open: PARTIAL until submitted.
    expect(stateOf(items, required, false, true)).toBe('PARTIAL');
    expect(stateOf(items, required, true, true)).toBe('ANSWERED');
    expect(stateOf(items, ids(items.length), false, true)).toBe('ANSWERED');
    // A submitted person who clears a required answer is PARTIAL again.
    expect(stateOf(items, ids(2), true, true)).toBe('PARTIAL');
  });
});

describe('working hours (issue #10 reminders)', () => {
  it('reads the hour and weekday in the person’s zone, through the daylight-saving change', () => {
    const instant = new Date('2026-03-04T02:00:00Z');
    expect(isWithinWorkingHours(instant, 'Asia/Tokyo')).toBe(true); // Wed 11:00
    expect(isWithinWorkingHours(instant, 'America/Los_Angeles')).toBe(false); // Tue 18:00
    expect(isWithinWorkingHours(new Date('2026-03-07T02:00:00Z'), 'Asia/Tokyo')).toBe(false); // Saturday
    expect(isWithinWorkingHours(new Date('2026-03-06T14:30:00Z'), 'America/New_York')).toBe(true); // 09:30 EST
    expect(isWithinWorkingHours(new Date('2026-03-09T13:30:00Z'), 'America/New_York')).toBe(true); // 09:30 EDT
    expect(isWithinWorkingHours(new Date('2026-03-09T21:30:00Z'), 'America/New_York')).toBe(false); // 17:30 EDT
    const custom = { start: '07:00', end: '11:00', days: [6, 7] as (1 | 2 | 3 | 4 | 5 | 6 | 7)[] };
    expect(isWithinWorkingHours(new Date('2026-03-07T07:30:00Z'), 'UTC', custom)).toBe(true);
    expect(isWithinWorkingHours(new Date('2026-03-09T07:30:00Z'), 'UTC', custom)).toBe(false);
  });

  it('gives each reminder of each person one stable message id', () => {
    const id = '01a20c68-ca83-718f-b9a4-6335cc152eb3';
    expect(reminderMessageId(id, 1)).toBe(reminderMessageId(id, 1));
    expect(reminderMessageId(id, 1)).not.toBe(reminderMessageId(id, 2));
  });
});
