import { describe, expect, it } from 'vitest';
import { dayBounds, todayIn } from './calendar-days.js';

describe('calendar days in a time zone (issue #13)', () => {
  it('gives the instants of a local day, 23 or 25 hours long on daylight-saving days', () => {
    expect(dayBounds('2030-06-01', 'UTC')).toEqual({ start: new Date('2030-06-01T00:00:00Z'), end: new Date('2030-06-02T00:00:00Z') });
    expect(dayBounds('2030-06-01', 'America/New_York')).toEqual({
      start: new Date('2030-06-01T04:00:00Z'),
      end: new Date('2030-06-02T04:00:00Z'),
    });
    const spring = dayBounds('2030-03-31', 'Europe/Paris');
    expect(spring).toEqual({ start: new Date('2030-03-30T23:00:00Z'), end: new Date('2030-03-31T22:00:00Z') });
    const autumn = dayBounds('2030-10-27', 'Europe/Paris');
    expect(autumn.end.getTime() - autumn.start.getTime()).toBe(25 * 3_600_000);
  });

  it('answers the same bounds when asked again, as new Date objects (remembered, never shared)', () => {
    const first = dayBounds('2030-06-01', 'Asia/Kolkata');
    first.start.setTime(0);
    expect(dayBounds('2030-06-01', 'Asia/Kolkata')).toEqual({
      start: new Date('2030-05-31T18:30:00Z'),
      end: new Date('2030-06-01T18:30:00Z'),
    });
    expect(dayBounds('2030-06-02', 'Asia/Kolkata').start).toEqual(new Date('2030-06-01T18:30:00Z'));
  });

  it("tells today's date in a zone", () => {
    const now = new Date('2030-06-01T02:00:00Z');
    expect(todayIn('UTC', now)).toBe('2030-06-01');
    expect(todayIn('America/Los_Angeles', now)).toBe('2030-05-31');
    expect(todayIn('Asia/Tokyo', new Date('2030-06-01T20:00:00Z'))).toBe('2030-06-02');
  });

  it("moves to the next date at the zone's local midnight, also after it has remembered today", () => {
    // New York on the spring-forward day (2030-03-10 is 23 hours long: 05:00Z to 04:00Z next day).
    expect(todayIn('America/New_York', new Date('2030-03-10T12:00:00Z'))).toBe('2030-03-10');
    expect(todayIn('America/New_York', new Date('2030-03-11T03:59:59.999Z'))).toBe('2030-03-10');
    expect(todayIn('America/New_York', new Date('2030-03-11T04:00:00Z'))).toBe('2030-03-11');
    expect(todayIn('America/New_York', new Date('2030-03-10T04:59:59.999Z'))).toBe('2030-03-09');
    expect(todayIn('America/New_York', new Date('2030-03-10T05:00:00Z'))).toBe('2030-03-10');
    // Asked again and again within one day, and for another zone in between: the same answers.
    for (const at of ['2030-06-01T00:00:00Z', '2030-06-01T09:30:00Z', '2030-06-01T18:29:59.999Z']) {
      expect(todayIn('Asia/Kolkata', new Date(at))).toBe('2030-06-01');
      expect(todayIn('UTC', new Date(at))).toBe('2030-06-01');
    }
    expect(todayIn('Asia/Kolkata', new Date('2030-06-01T18:30:00Z'))).toBe('2030-06-02');
    expect(todayIn('Asia/Kolkata', new Date('2030-05-31T18:29:59.999Z'))).toBe('2030-05-31');
  });
});
