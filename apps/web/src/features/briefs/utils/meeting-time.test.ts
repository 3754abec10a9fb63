import { describe, expect, it } from 'vitest';
import { formatMeetingClock, formatMeetingTime, toMeetingInstant, toWallClock, warmMeetingTimes } from './meeting-time';

describe('meeting times in the meeting’s own zone (issue #9)', () => {
  it('turns a wall clock in a zone into the instant, across daylight saving', () => {
    // 9:30 in Paris is 8:30 UTC in winter and 7:30 UTC in summer.
    expect(toMeetingInstant(new Date(2026, 0, 15), new Date(2000, 0, 1, 9, 30), 'Europe/Paris')).toBe('2026-01-15T08:30:00.000Z');
    expect(toMeetingInstant(new Date(2026, 6, 15), new Date(2000, 0, 1, 9, 30), 'Europe/Paris')).toBe('2026-07-15T07:30:00.000Z');
    expect(toMeetingInstant(new Date(2026, 6, 15), new Date(2000, 0, 1, 9, 30), 'America/New_York')).toBe('2026-07-15T13:30:00.000Z');
  });

  it('gives nothing for a missing or invalid date or time', () => {
    expect(toMeetingInstant(null, new Date(), 'UTC')).toBeNull();
    expect(toMeetingInstant(new Date(Number.NaN), new Date(), 'UTC')).toBeNull();
    expect(toMeetingInstant(new Date(), null, 'UTC')).toBeNull();
  });

  it('reads the instant back as the wall clock in its zone', () => {
    const clock = toWallClock('2026-07-15T07:30:00.000Z', 'Europe/Paris');
    expect([clock.getFullYear(), clock.getMonth(), clock.getDate(), clock.getHours(), clock.getMinutes()]).toEqual([2026, 6, 15, 9, 30]);
  });

  it('shows the meeting zone only when its clock differs from the viewer’s', () => {
    const at = '2026-07-15T07:30:00.000Z';
    expect(formatMeetingTime(at, 'Europe/Paris', 'Europe/Paris')).toBe('Wed, Jul 15, 2026, 9:30 AM');
    expect(formatMeetingTime(at, 'Europe/Paris', 'America/New_York')).toBe('Wed, Jul 15, 2026, 9:30 AM GMT+2');
    expect(formatMeetingClock(at, 'Europe/Paris', 'Europe/Berlin')).toBe('9:30 AM');
    expect(formatMeetingClock(at, null, 'America/New_York')).toBe('3:30 AM');
  });

  it('keeps each zone and shape apart in the formatters it reuses (issue #13)', () => {
    warmMeetingTimes();
    const at = '2026-07-15T07:30:00.000Z';
    for (let round = 0; round < 2; round += 1) {
      expect(formatMeetingTime(at, 'Asia/Tokyo', 'Asia/Tokyo')).toBe('Wed, Jul 15, 2026, 4:30 PM');
      expect(formatMeetingTime(at, 'Europe/Paris', 'Asia/Tokyo')).toBe('Wed, Jul 15, 2026, 9:30 AM GMT+2');
      expect(formatMeetingTime(at, 'Europe/Paris', 'Europe/Paris')).toBe('Wed, Jul 15, 2026, 9:30 AM');
      expect(formatMeetingClock(at, 'Europe/Paris', 'Europe/Paris')).toBe('9:30 AM');
      expect(formatMeetingClock(at, 'Asia/Tokyo', 'Europe/Paris')).toBe('4:30 PM GMT+9');
    }
  });
});
