import { describe, expect, it } from 'vitest';
import { formatAssignee, formatWeek, summarizeCreatedVsDone, summarizeOpenByAssignee } from './chart-summaries';
import { describeDue, describeWaiting, formatLocalDate } from './dashboard-dates';

describe('dashboard dates', () => {
  it('formats a local date as YYYY-MM-DD', () => {
    expect(formatLocalDate(new Date(2026, 2, 9, 23, 59))).toBe('2026-03-09');
  });

  it('describes a due date against today', () => {
    expect(describeDue(null, '2026-03-11')).toBe('');
    expect(describeDue('2026-03-11', '2026-03-11')).toBe('Due today');
    expect(describeDue('2026-03-12', '2026-03-11')).toBe('Due tomorrow');
    expect(describeDue('2026-03-10', '2026-03-11')).toBe('Overdue by 1 day');
    expect(describeDue('2026-02-27', '2026-03-11')).toBe('Overdue by 12 days');
    expect(describeDue('2026-03-20', '2026-03-11')).toBe('Due Mar 20');
    expect(describeDue('2027-01-02', '2026-03-11')).toBe('Due Jan 2, 2027');
  });

  it('describes how long a delegated task has waited', () => {
    const local = (day: number) => new Date(2026, 2, day, 10).toISOString();
    expect(describeWaiting(local(11), '2026-03-11')).toBe('since today');
    expect(describeWaiting(local(10), '2026-03-11')).toBe('since yesterday');
    expect(describeWaiting(local(4), '2026-03-11')).toBe('for 7 days');
  });
});

describe('chart summaries', () => {
  it('names assignees, unassigned included', () => {
    expect(formatAssignee({ memberId: null, firstName: null, lastName: null })).toBe('Unassigned');
    expect(formatAssignee({ memberId: 'm1', firstName: 'Jordan', lastName: 'Reyes' })).toBe('Jordan Reyes');
    expect(formatWeek('2026-03-09', '2026-03-11')).toBe('Week of Mar 9');
  });

  it('summarises created vs done', () => {
    const weeks = [
      { weekStart: '2026-03-02', created: 3, done: 1 },
      { weekStart: '2026-03-09', created: 1, done: 0 },
    ];
    expect(summarizeCreatedVsDone(weeks)).toBe(
      'Over the last 2 weeks, 4 tasks were created and 1 task was done. This week: 1 created, 0 done.',
    );
    expect(summarizeCreatedVsDone([])).toBe('No weeks to show.');
  });

  it('summarises open tasks by assignee', () => {
    expect(summarizeOpenByAssignee([])).toBe('No open tasks.');
    expect(
      summarizeOpenByAssignee([
        { memberId: 'm1', firstName: 'Jordan', lastName: 'Reyes', open: 4 },
        { memberId: null, firstName: null, lastName: null, open: 1 },
      ]),
    ).toBe('5 open tasks: Jordan Reyes 4, Unassigned 1.');
  });
});
