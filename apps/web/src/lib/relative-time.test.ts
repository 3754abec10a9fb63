import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from './relative-time';

const now = Date.parse('2026-03-10T12:00:00Z');

describe('formatRelativeTime', () => {
  it('reads "just now" under a minute', () => {
    expect(formatRelativeTime('2026-03-10T11:59:30Z', now, 'en')).toBe('just now');
  });
  it('uses the largest unit that fits', () => {
    expect(formatRelativeTime('2026-03-10T11:55:00Z', now, 'en')).toBe('5 minutes ago');
    expect(formatRelativeTime('2026-03-10T09:00:00Z', now, 'en')).toBe('3 hours ago');
    expect(formatRelativeTime('2026-03-09T10:00:00Z', now, 'en')).toBe('yesterday');
    expect(formatRelativeTime('2026-02-24T12:00:00Z', now, 'en')).toBe('2 weeks ago');
  });
});
