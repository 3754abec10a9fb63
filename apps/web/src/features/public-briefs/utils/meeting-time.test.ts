import { describe, expect, it } from 'vitest';
import { formatMeetingTime } from './meeting-time';

describe('formatMeetingTime (issue #9: the public page shows the meeting in its own zone, with the zone name)', () => {
  it("reads the date and time on the meeting's clock, named by its zone for that date", () => {
    const text = formatMeetingTime('2026-03-12T18:00:00Z', 'America/New_York', 'America/New_York', 'en-US');
    expect(text).toEqual({ date: 'Thursday, March 12, 2026', time: '2:00 PM', zoneName: 'Eastern Daylight Time', readerTime: null });
  });

  it('uses the standard-time name in winter', () => {
    expect(formatMeetingTime('2026-01-15T15:00:00Z', 'America/New_York', 'America/New_York', 'en-US').zoneName).toBe(
      'Eastern Standard Time',
    );
  });

  it("adds the reader's own time when their clock shows another time", () => {
    const text = formatMeetingTime('2026-03-12T18:00:00Z', 'America/New_York', 'Europe/Paris', 'en-US');
    expect(text.time).toBe('2:00 PM');
    expect(text.readerTime).toBe('Mar 12, 7:00 PM Central European Standard Time');
  });

  it('moves the date when the meeting falls on another day for the reader', () => {
    const text = formatMeetingTime('2026-03-12T23:30:00Z', 'America/Los_Angeles', 'Asia/Tokyo', 'en-US');
    expect(text.date).toBe('Thursday, March 12, 2026');
    expect(text.readerTime).toMatch(/^Mar 13, 8:30 AM /);
  });

  it('treats a zone with the same wall clock as the same, and an unknown zone as UTC', () => {
    expect(formatMeetingTime('2026-03-12T18:00:00Z', 'America/New_York', 'America/Toronto', 'en-US').readerTime).toBeNull();
    const text = formatMeetingTime('2026-03-12T18:00:00Z', 'Mars/Olympus', 'UTC', 'en-US');
    expect(text.time).toBe('6:00 PM');
    expect(text.readerTime).toBeNull();
  });
});
