import { describe, expect, it } from 'vitest';
import { parseRequestFilters, toRequestListParams, writeRequestFilters } from './request-filters';

describe('request list filters in the URL (issue #10 /questions/list)', () => {
  it('reads statuses, search and sort, dropping what is unknown', () => {
    const filters = parseRequestFilters(new URLSearchParams('status=closed,SENT,bogus&q= board &sort=dueDate'));
    expect(filters).toEqual({ statuses: ['SENT', 'CLOSED'], q: 'board', sort: 'dueDate' });
    expect(parseRequestFilters(new URLSearchParams('sort=nope')).sort).toBe('updatedAt');
  });

  it('writes only what differs from the defaults and keeps other keys', () => {
    const written = writeRequestFilters({ statuses: ['SENT'], q: 'vp', sort: 'updatedAt' }, new URLSearchParams('tab=x'));
    expect(written.toString()).toBe('tab=x&status=SENT&q=vp');
    expect(writeRequestFilters({ statuses: ['DRAFT', 'SENT', 'CLOSED'], q: '', sort: 'title' }).toString()).toBe('sort=title');
  });

  it('turns filters into the list query', () => {
    expect(toRequestListParams({ statuses: ['DRAFT', 'SENT'], q: 'q3', sort: 'title' })).toEqual({
      sort: 'title',
      status: 'DRAFT,SENT',
      q: 'q3',
    });
  });
});
