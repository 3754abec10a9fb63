import { defaultTaskOrder, taskSorts, taskStatuses, type TaskSort, type TaskStatus } from '@tandem/contract';
import { DUE_SOON_DAYS, formatCalendarDate, shiftCalendarDate } from './due-date';
import { isTaskStatus } from './task-labels';

/** How /tasks shows the tasks. */
export type TaskView = 'list' | 'board';
export type SortOrder = 'asc' | 'desc';
/** The due-date filter: overdue, or due within the next {@link DUE_SOON_DAYS} days. */
export type DueFilter = 'overdue' | 'soon';

/**
 * The state of /tasks that lives in the URL (issue #4: a view can be bookmarked and survives a
 * reload). `statuses` empty = every status; `mine` and `delegatedByMe` exclude each other, as do
 * the two due filters.
 */
export interface TaskFilters {
  view: TaskView;
  mine: boolean;
  delegatedByMe: boolean;
  statuses: TaskStatus[];
  assignee: string | null;
  due: DueFilter | null;
  q: string;
  sort: TaskSort;
  order: SortOrder;
}

/** The choices of the sort select: a key and its natural order. */
export const TASK_SORT_OPTIONS = [
  { value: 'dueDate:asc', label: 'Due date, soonest first' },
  { value: 'priority:desc', label: 'Priority, most urgent first' },
  { value: 'updatedAt:desc', label: 'Recently updated' },
] as const;

export const DEFAULT_TASK_FILTERS: TaskFilters = {
  view: 'list',
  mine: false,
  delegatedByMe: false,
  statuses: [],
  assignee: null,
  due: null,
  q: '',
  sort: 'dueDate',
  order: 'asc',
};

/** The URL keys owned by the filters (others, such as `task`, are kept as they are). */
const FILTER_KEYS = ['view', 'mine', 'delegated', 'status', 'assignee', 'due', 'q', 'sort', 'order'] as const;
const isOn = (value: string | null) => value === '1' || value === 'true';

/** Reads the filters from the query string; unknown or malformed values fall back to the defaults. Pure. */
export function parseTaskFilters(params: URLSearchParams): TaskFilters {
  const statuses = (params.get('status') ?? '')
    .split(',')
    .map((value) => value.trim().toUpperCase())
    .filter(isTaskStatus);
  const mine = isOn(params.get('mine'));
  const due = params.get('due');
  const requestedSort = params.get('sort') ?? '';
  const sort: TaskSort = (taskSorts as readonly string[]).includes(requestedSort) ? (requestedSort as TaskSort) : DEFAULT_TASK_FILTERS.sort;
  const order = params.get('order');
  return {
    view: params.get('view') === 'board' ? 'board' : 'list',
    mine,
    delegatedByMe: !mine && isOn(params.get('delegated')),
    // Keep the workflow order and drop duplicates, so equal filters give equal URLs and query keys.
    statuses: taskStatuses.filter((status) => statuses.includes(status)),
    assignee: params.get('assignee')?.trim() || null,
    due: due === 'overdue' || due === 'soon' ? due : null,
    q: (params.get('q') ?? '').trim().slice(0, 200),
    sort,
    order: order === 'asc' || order === 'desc' ? order : defaultTaskOrder[sort],
  };
}

/**
 * Writes the filters into a copy of `current` (other keys kept), leaving defaults out so the
 * plain /tasks URL stays plain. Pure.
 */
export function writeTaskFilters(filters: TaskFilters, current: URLSearchParams = new URLSearchParams()): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const key of FILTER_KEYS) next.delete(key);
  if (filters.view !== 'list') next.set('view', filters.view);
  if (filters.mine) next.set('mine', '1');
  else if (filters.delegatedByMe) next.set('delegated', '1');
  const statuses = taskStatuses.filter((status) => filters.statuses.includes(status));
  if (statuses.length > 0 && statuses.length < taskStatuses.length) next.set('status', statuses.join(','));
  if (filters.assignee) next.set('assignee', filters.assignee);
  if (filters.due) next.set('due', filters.due);
  if (filters.q.trim()) next.set('q', filters.q.trim());
  if (filters.sort !== DEFAULT_TASK_FILTERS.sort || filters.order !== DEFAULT_TASK_FILTERS.order) {
    next.set('sort', filters.sort);
    next.set('order', filters.order);
  }
  return next;
}

/** True when any filter narrows the list (the empty state then says "no match" rather than "no tasks"). */
export function hasActiveFilters(filters: TaskFilters): boolean {
  return (
    filters.mine ||
    filters.delegatedByMe ||
    filters.statuses.length > 0 ||
    filters.assignee !== null ||
    filters.due !== null ||
    filters.q !== ''
  );
}

/**
 * How many filters narrow the list, the search left out (it shows in its own field): "Mine" or
 * "Delegated by me", a due filter, a status choice and an assignee count one each, 0–4. The
 * phone's "Filters" button shows it (issue #8). Pure.
 */
export function countActiveFilters(filters: TaskFilters): number {
  return [filters.mine || filters.delegatedByMe, filters.due !== null, filters.statuses.length > 0, filters.assignee !== null].filter(
    Boolean,
  ).length;
}

/** The query string of GET v1/workspaces/{id}/tasks for these filters (no paging). */
export type TaskListParams = Record<string, string | boolean>;

/**
 * Turns the filters into the API's query (issue #4): status as a comma list, mine / delegatedByMe /
 * overdue flags (with `today`, so overdue follows the browser's day), due soon as dueAfter = today
 * and dueBefore = today + 7, q, sort and order. `today` is the browser's local day. Pure.
 */
export function toTaskListParams(filters: TaskFilters, today: Date): TaskListParams {
  const params: TaskListParams = { sort: filters.sort, order: filters.order };
  if (filters.statuses.length > 0) params.status = filters.statuses.join(',');
  if (filters.mine) params.mine = true;
  else if (filters.delegatedByMe) params.delegatedByMe = true;
  if (filters.assignee) params.assignee = filters.assignee;
  if (filters.due === 'overdue') {
    params.overdue = true;
    params.today = formatCalendarDate(today);
  }
  if (filters.due === 'soon') {
    params.dueAfter = formatCalendarDate(today);
    params.dueBefore = shiftCalendarDate(today, DUE_SOON_DAYS);
  }
  if (filters.q) params.q = filters.q;
  return params;
}
