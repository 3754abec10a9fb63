import { requestSorts, requestStatuses, type RequestSort, type RequestStatus } from '@tandem/contract';

/**
 * The state of /questions/list that lives in the URL (issue #10: filters in the URL, so a view can
 * be bookmarked and survives a reload). `statuses` empty = every status.
 */
export interface RequestFilters {
  statuses: RequestStatus[];
  q: string;
  sort: RequestSort;
}

export const DEFAULT_REQUEST_FILTERS: RequestFilters = { statuses: [], q: '', sort: 'updatedAt' };

/** The query of GET …/question-requests a list sends (contract ListQuestionRequestsQuerySchema), without limit and cursor. */
export type RequestListParams = Record<string, string | number | boolean | undefined>;

const FILTER_KEYS = ['status', 'q', 'sort'] as const;
/** The contract's longest title search. */
const SEARCH_MAX = 200;

const isStatus = (value: string): value is RequestStatus => (requestStatuses as readonly string[]).includes(value);
const isSort = (value: string): value is RequestSort => (requestSorts as readonly string[]).includes(value);

/** Reads the filters from the query string; unknown statuses and sorts are dropped, the search trimmed. Pure. */
export function parseRequestFilters(params: URLSearchParams): RequestFilters {
  const requested = (params.get('status') ?? '')
    .split(',')
    .map((value) => value.trim().toUpperCase())
    .filter(isStatus);
  const sort = params.get('sort') ?? '';
  return {
    // The workflow order, no duplicates: equal filters give equal URLs and query keys.
    statuses: requestStatuses.filter((status) => requested.includes(status)),
    q: (params.get('q') ?? '').trim().slice(0, SEARCH_MAX),
    sort: isSort(sort) ? sort : DEFAULT_REQUEST_FILTERS.sort,
  };
}

/** Writes the filters into a copy of `current` (other keys kept), defaults left out so /questions/list stays plain. Pure. */
export function writeRequestFilters(filters: RequestFilters, current: URLSearchParams = new URLSearchParams()): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const key of FILTER_KEYS) next.delete(key);
  const statuses = requestStatuses.filter((status) => filters.statuses.includes(status));
  if (statuses.length > 0 && statuses.length < requestStatuses.length) next.set('status', statuses.join(','));
  const q = filters.q.trim();
  if (q) next.set('q', q.slice(0, SEARCH_MAX));
  if (filters.sort !== DEFAULT_REQUEST_FILTERS.sort) next.set('sort', filters.sort);
  return next;
}

/** True when a filter narrows the list (the empty state then says "no match"). */
export function hasActiveRequestFilters(filters: RequestFilters): boolean {
  return (filters.statuses.length > 0 && filters.statuses.length < requestStatuses.length) || filters.q.trim() !== '';
}

/** The query the list sends for `filters`. Pure. */
export function toRequestListParams(filters: RequestFilters): RequestListParams {
  const params: RequestListParams = { sort: filters.sort };
  if (filters.statuses.length > 0) params.status = filters.statuses.join(',');
  if (filters.q) params.q = filters.q;
  return params;
}
