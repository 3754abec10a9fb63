import { describe, expect, it } from 'vitest';
import {
  DEFAULT_BRIEF_FILTERS,
  hasActiveBriefFilters,
  parseBriefFilters,
  toBriefListParams,
  toTodayListParams,
  writeBriefFilters,
} from './brief-filters';

describe('brief list filters in the URL (issue #9)', () => {
  it('reads statuses in workflow order without duplicates or unknown values, and the trimmed search', () => {
    const filters = parseBriefFilters(new URLSearchParams('status=ready,draft,READY,bogus&q=%20board%20prep%20'));
    expect(filters).toEqual({ statuses: ['DRAFT', 'READY'], q: 'board prep' });
  });

  it('falls back to the defaults for an empty or missing query', () => {
    expect(parseBriefFilters(new URLSearchParams(''))).toEqual(DEFAULT_BRIEF_FILTERS);
    expect(parseBriefFilters(new URLSearchParams('status=&q=   '))).toEqual(DEFAULT_BRIEF_FILTERS);
  });

  it('writes only what narrows the list and keeps other keys', () => {
    const written = writeBriefFilters({ statuses: ['READY', 'DRAFT'], q: ' chair ' }, new URLSearchParams('status=ACKNOWLEDGED&other=1'));
    expect(written.toString()).toBe('other=1&status=DRAFT%2CREADY&q=chair');
    // Every status selected is no filter at all: the plain URL stays plain.
    expect(writeBriefFilters({ statuses: ['DRAFT', 'READY', 'ACKNOWLEDGED'], q: '' }).toString()).toBe('');
  });

  it('round-trips through the URL', () => {
    const filters = { statuses: ['ACKNOWLEDGED' as const], q: 'travel' };
    expect(parseBriefFilters(writeBriefFilters(filters))).toEqual(filters);
  });

  it('tells a filtered list from the plain one', () => {
    expect(hasActiveBriefFilters(DEFAULT_BRIEF_FILTERS)).toBe(false);
    expect(hasActiveBriefFilters({ statuses: ['READY'], q: '' })).toBe(true);
    expect(hasActiveBriefFilters({ statuses: [], q: 'x' })).toBe(true);
  });

  it('asks the API for the filters, and for today in the viewer zone soonest first', () => {
    const filters = { statuses: ['DRAFT' as const, 'READY' as const], q: 'board' };
    expect(toBriefListParams(filters)).toEqual({ sort: 'updatedAt', status: 'DRAFT,READY', q: 'board' });
    expect(toTodayListParams(DEFAULT_BRIEF_FILTERS, '2026-03-10', 'Europe/Paris')).toEqual({
      sort: 'meetingAt',
      forToday: true,
      today: '2026-03-10',
      timeZone: 'Europe/Paris',
    });
  });
});
