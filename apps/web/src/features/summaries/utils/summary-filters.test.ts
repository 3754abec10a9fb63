import { describe, expect, it } from 'vitest';
import { parseSummaryFilters, toSummaryListParams, writeSummaryFilters } from './summary-filters';

describe('summary list filters (issue #11: in the URL)', () => {
  it('reads known statuses and the search, and writes them back without defaults', () => {
    const filters = parseSummaryFilters(new URLSearchParams('status=PUBLISHED,NOPE&q=%20board%20'));
    expect(filters).toEqual({ statuses: ['PUBLISHED'], q: 'board' });
    expect(toSummaryListParams(filters)).toEqual({ status: 'PUBLISHED', q: 'board' });
    expect(writeSummaryFilters({ statuses: [], q: '' }, new URLSearchParams('status=DRAFT&keep=1')).toString()).toBe('keep=1');
  });
});
