import { describe, expect, it } from 'vitest';
import { formatCalendarDate } from './due-date';
import {
  countActiveFilters,
  DEFAULT_TASK_FILTERS,
  hasActiveFilters,
  parseTaskFilters,
  toTaskListParams,
  writeTaskFilters,
  type TaskFilters,
} from './task-filters';

const parse = (query: string) => parseTaskFilters(new URLSearchParams(query));

describe('parseTaskFilters', () => {
  it('gives the defaults for a plain URL', () => {
    expect(parse('')).toEqual(DEFAULT_TASK_FILTERS);
  });
  it('reads every filter', () => {
    expect(parse('view=board&mine=1&status=DONE,TODO&assignee=m1&due=overdue&q=%20budget%20&sort=priority&order=desc')).toEqual({
      view: 'board',
      mine: true,
      delegatedByMe: false,
      statuses: ['TODO', 'DONE'],
      assignee: 'm1',
      due: 'overdue',
      q: 'budget',
      sort: 'priority',
      order: 'desc',
    });
  });
  it('ignores what it does not know', () => {
    expect(parse('view=grid&status=NOPE,,todo&due=later&sort=title&order=up&mine=yes')).toEqual({
      ...DEFAULT_TASK_FILTERS,
      statuses: ['TODO'],
    });
  });
  it('lets "mine" win over "delegated by me"', () => {
    expect(parse('mine=1&delegated=1')).toMatchObject({ mine: true, delegatedByMe: false });
    expect(parse('delegated=true')).toMatchObject({ mine: false, delegatedByMe: true });
  });
  it('gives a sort without order its natural order', () => {
    expect(parse('sort=updatedAt')).toMatchObject({ sort: 'updatedAt', order: 'desc' });
  });
});

describe('writeTaskFilters', () => {
  it('round-trips and leaves defaults out', () => {
    const filters: TaskFilters = {
      ...DEFAULT_TASK_FILTERS,
      view: 'board',
      delegatedByMe: true,
      statuses: ['WAITING'],
      due: 'soon',
      q: 'board pack',
    };
    const params = writeTaskFilters(filters);
    expect(params.toString()).toBe('view=board&delegated=1&status=WAITING&due=soon&q=board+pack');
    expect(parseTaskFilters(params)).toEqual(filters);
    expect(writeTaskFilters(DEFAULT_TASK_FILTERS).toString()).toBe('');
  });
  it('keeps keys it does not own, such as the open task', () => {
    const params = writeTaskFilters({ ...DEFAULT_TASK_FILTERS, mine: true }, new URLSearchParams('task=t1&q=old'));
    expect(params.get('task')).toBe('t1');
    expect(params.get('q')).toBeNull();
    expect(params.get('mine')).toBe('1');
  });
  it('drops a status list that names every status', () => {
    expect(writeTaskFilters({ ...DEFAULT_TASK_FILTERS, statuses: ['TODO', 'IN_PROGRESS', 'WAITING', 'DONE'] }).has('status')).toBe(false);
  });
});

describe('toTaskListParams', () => {
  const today = new Date(2026, 2, 10);
  it('sends only sort and order by default', () => {
    expect(toTaskListParams(DEFAULT_TASK_FILTERS, today)).toEqual({ sort: 'dueDate', order: 'asc' });
  });
  it('turns "due soon" into a 7-day window from today', () => {
    expect(toTaskListParams({ ...DEFAULT_TASK_FILTERS, due: 'soon' }, today)).toMatchObject({
      dueAfter: '2026-03-10',
      dueBefore: '2026-03-17',
    });
    expect(toTaskListParams({ ...DEFAULT_TASK_FILTERS, due: 'overdue' }, today)).toMatchObject({
      overdue: true,
      today: formatCalendarDate(today),
    });
  });
  it('passes the other filters through', () => {
    expect(
      toTaskListParams(
        { ...DEFAULT_TASK_FILTERS, statuses: ['TODO', 'IN_PROGRESS'], delegatedByMe: true, assignee: 'm2', q: 'memo' },
        today,
      ),
    ).toEqual({ sort: 'dueDate', order: 'asc', status: 'TODO,IN_PROGRESS', delegatedByMe: true, assignee: 'm2', q: 'memo' });
  });
  it('knows when a filter is active', () => {
    expect(hasActiveFilters(DEFAULT_TASK_FILTERS)).toBe(false);
    expect(hasActiveFilters({ ...DEFAULT_TASK_FILTERS, view: 'board', sort: 'priority' })).toBe(false);
    expect(hasActiveFilters({ ...DEFAULT_TASK_FILTERS, q: 'x' })).toBe(true);
  });
});

describe('countActiveFilters (issue #8: the phone\'s "Filters" button)', () => {
  it('counts what narrows the list, not the view, the sort or the search', () => {
    expect(countActiveFilters(DEFAULT_TASK_FILTERS)).toBe(0);
    expect(countActiveFilters({ ...DEFAULT_TASK_FILTERS, view: 'board', sort: 'priority', order: 'desc', q: 'memo' })).toBe(0);
    expect(countActiveFilters(parse('mine=1&due=overdue'))).toBe(2);
    expect(countActiveFilters(parse('delegated=1&status=TODO,DONE&assignee=m2&due=soon'))).toBe(4);
  });
});
