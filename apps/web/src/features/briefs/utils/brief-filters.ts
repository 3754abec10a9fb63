import { briefStatuses, type BriefStatus } from '@tandem/contract';

/**
 * The state of /executive-briefs that lives in the URL (issue #9: filters in the URL, so a view can
 * be bookmarked and survives a reload). `statuses` empty = every status.
 */
export interface BriefFilters {
  statuses: BriefStatus[];
  q: string;
}

export const DEFAULT_BRIEF_FILTERS: BriefFilters = { statuses: [], q: '' };

/** The query of GET …/briefs a list sends (contract ListBriefsQuerySchema), without limit and cursor. */
export type BriefListParams = Record<string, string | number | boolean | undefined>;

const FILTER_KEYS = ['status', 'q'] as const;
/** The contract's longest title search. */
const SEARCH_MAX = 200;

const isBriefStatus = (value: string): value is BriefStatus => (briefStatuses as readonly string[]).includes(value);

/** Reads the filters from the query string; unknown statuses are dropped, the search trimmed. Pure. */
export function parseBriefFilters(params: URLSearchParams): BriefFilters {
  const requested = (params.get('status') ?? '')
    .split(',')
    .map((value) => value.trim().toUpperCase())
    .filter(isBriefStatus);
  return {
    // The workflow order, no duplicates: equal filters give equal URLs and query keys.
    statuses: briefStatuses.filter((status) => requested.includes(status)),
    q: (params.get('q') ?? '').trim().slice(0, SEARCH_MAX),
  };
}

/** Writes the filters into a copy of `current` (other keys kept), defaults left out so /executive-briefs stays plain. Pure. */
export function writeBriefFilters(filters: BriefFilters, current: URLSearchParams = new URLSearchParams()): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const key of FILTER_KEYS) next.delete(key);
  const statuses = briefStatuses.filter((status) => filters.statuses.includes(status));
  if (statuses.length > 0 && statuses.length < briefStatuses.length) next.set('status', statuses.join(','));
  const q = filters.q.trim();
  if (q) next.set('q', q.slice(0, SEARCH_MAX));
  return next;
}

/** True when a filter narrows the list (the empty state then says "no match" rather than offering templates). */
export function hasActiveBriefFilters(filters: BriefFilters): boolean {
  return filters.statuses.length > 0 && filters.statuses.length < briefStatuses.length ? true : filters.q.trim() !== '';
}

/** The query of the main list: the filters, most recently updated first. Pure. */
export function toBriefListParams(filters: BriefFilters): BriefListParams {
  const params: BriefListParams = { sort: 'updatedAt' };
  if (filters.statuses.length > 0) params.status = filters.statuses.join(',');
  if (filters.q) params.q = filters.q;
  return params;
}

/**
 * The query of the list's "Today" group (issue #9: "for today" first): the same filters, only
 * meetings on `today` in the viewer's `timeZone`, soonest first. Pure.
 */
export function toTodayListParams(filters: BriefFilters, today: string, timeZone: string): BriefListParams {
  return { ...toBriefListParams(filters), forToday: true, today, timeZone, sort: 'meetingAt' };
}
