import { summaryStatuses, type SummaryStatus } from '@tandem/contract';

/** The list's filters as /questions/summaries keeps them in the URL: `status` (comma-separated) and `q`. */
export interface SummaryFilters {
  statuses: SummaryStatus[];
  q: string;
}

/** What the API is asked for (contract ListSummariesQuerySchema, limit and cursor aside). */
export interface SummaryListParams {
  status?: string;
  q?: string;
}

export const DEFAULT_SUMMARY_FILTERS: SummaryFilters = { statuses: [], q: '' };

const isStatus = (value: string): value is SummaryStatus => (summaryStatuses as readonly string[]).includes(value);

/** Reads the filters from the URL; unknown statuses are ignored. Pure. */
export function parseSummaryFilters(search: URLSearchParams): SummaryFilters {
  const statuses = (search.get('status') ?? '').split(',').filter(isStatus);
  return { statuses: summaryStatuses.filter((status) => statuses.includes(status)), q: search.get('q')?.trim() ?? '' };
}

/** Writes the filters into `current` (other keys kept), leaving out defaults. Pure. */
export function writeSummaryFilters(filters: SummaryFilters, current: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(current);
  if (filters.statuses.length > 0) next.set('status', filters.statuses.join(','));
  else next.delete('status');
  if (filters.q.trim()) next.set('q', filters.q.trim());
  else next.delete('q');
  return next;
}

/** The API params of the filters (none = every summary). Pure. */
export function toSummaryListParams(filters: SummaryFilters): SummaryListParams {
  return {
    ...(filters.statuses.length > 0 ? { status: filters.statuses.join(',') } : {}),
    ...(filters.q ? { q: filters.q } : {}),
  };
}

/** True when any filter narrows the list (the empty state then offers "Clear filters"). */
export function hasActiveSummaryFilters(filters: SummaryFilters): boolean {
  return filters.statuses.length > 0 || filters.q !== '';
}
