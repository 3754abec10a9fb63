import { describe, expect, it } from 'vitest';
import { describeDueDate, formatCalendarDate, parseCalendarDate, shiftCalendarDate } from './due-date';

const today = new Date(2026, 2, 10); // Tue Mar 10 2026, local

describe('describeDueDate', () => {
  it('says nothing without a due date', () => {
    expect(describeDueDate(null, false, today)).toEqual({ state: 'none', label: '' });
    expect(describeDueDate('not-a-date', false, today)).toEqual({ state: 'none', label: '' });
  });
  it('marks past dates overdue, in words', () => {
    expect(describeDueDate('2026-03-09', false, today)).toEqual({ state: 'overdue', label: 'Overdue · was due Mar 9' });
    expect(describeDueDate('2025-12-31', false, today)).toEqual({ state: 'overdue', label: 'Overdue · was due Dec 31, 2025' });
  });
  it('marks today up to 7 days ahead as due soon', () => {
    expect(describeDueDate('2026-03-10', false, today)).toEqual({ state: 'soon', label: 'Due today' });
    expect(describeDueDate('2026-03-11', false, today)).toEqual({ state: 'soon', label: 'Due tomorrow' });
    expect(describeDueDate('2026-03-17', false, today)).toEqual({ state: 'soon', label: 'Due in 7 days · Mar 17' });
  });
  it('leaves later dates plain', () => {
    expect(describeDueDate('2026-03-18', false, today)).toEqual({ state: 'later', label: 'Due Mar 18' });
  });
  it('never highlights a done task', () => {
    expect(describeDueDate('2026-03-01', true, today)).toEqual({ state: 'done', label: 'Due Mar 1' });
  });
});

describe('calendar dates', () => {
  it('round-trips YYYY-MM-DD through a local Date', () => {
    expect(formatCalendarDate(parseCalendarDate('2026-02-28')!)).toBe('2026-02-28');
    expect(parseCalendarDate('')).toBeNull();
    expect(shiftCalendarDate(today, 7)).toBe('2026-03-17');
  });
});
