import { afterEach, describe, expect, it, vi } from 'vitest';
import { isTimeZone, TimeZoneSchema } from './briefs.js';

afterEach(() => vi.restoreAllMocks());

describe('isTimeZone (issue #13: remembered once accepted)', () => {
  it('accepts IANA names and refuses anything else, the same on every ask', () => {
    for (let ask = 0; ask < 2; ask++) {
      expect(isTimeZone('Europe/Paris')).toBe(true);
      expect(isTimeZone('UTC')).toBe(true);
      expect(isTimeZone('europe/paris')).toBe(true);
      expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
      expect(isTimeZone('')).toBe(false);
    }
    expect(TimeZoneSchema.safeParse('Pacific/Chatham').success).toBe(true);
    expect(TimeZoneSchema.safeParse('Nowhere/Special').error?.issues[0]?.message).toBe('Choose a time zone such as America/New_York.');
  });

  it('tries a zone with Intl once: a known zone is answered from memory, an unknown one is tried every time', () => {
    const tried = vi.spyOn(Intl, 'DateTimeFormat');
    expect(isTimeZone('Asia/Kathmandu')).toBe(true);
    expect(isTimeZone('Asia/Kathmandu')).toBe(true);
    expect(isTimeZone('Asia/Nowhere')).toBe(false);
    expect(isTimeZone('Asia/Nowhere')).toBe(false);
    expect(tried.mock.calls.map(([, options]) => options?.timeZone)).toEqual(['Asia/Kathmandu', 'Asia/Nowhere', 'Asia/Nowhere']);
  });
});
