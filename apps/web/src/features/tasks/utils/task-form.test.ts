import type { Task } from '@tandem/contract';
import { describe, expect, it } from 'vitest';
import { EMPTY_TASK_FORM, toCreateTaskBody, toTaskChanges, toTaskFormValues } from './task-form';
import { DUE_DATE_MESSAGE, TaskFormSchema } from './task-form-schema';

const task: Task = {
  id: '0190a000-0000-7000-8000-000000000001',
  title: 'Book the board dinner',
  notes: 'Ten people',
  status: 'TODO',
  priority: 'MEDIUM',
  dueDate: '2026-03-20',
  assigneeMemberId: '0190a000-0000-7000-8000-000000000002',
  assignee: { memberId: '0190a000-0000-7000-8000-000000000002', firstName: 'Jordan', lastName: 'Reyes' },
  createdByMemberId: '0190a000-0000-7000-8000-000000000003',
  createdBy: { memberId: '0190a000-0000-7000-8000-000000000003', firstName: 'Avery', lastName: 'Tester' },
  links: {},
  version: 4,
  completedAt: null,
  createdAt: '2026-03-10T12:00:00.000Z',
  updatedAt: '2026-03-10T12:00:00.000Z',
};

describe('task form', () => {
  it('turns a new task into a POST body without empty fields', () => {
    const values = TaskFormSchema.parse({ ...EMPTY_TASK_FORM, title: '  Call the lawyer  ', dueDate: new Date(2026, 3, 2) });
    expect(toCreateTaskBody(values)).toEqual({ title: 'Call the lawyer', status: 'TODO', priority: 'MEDIUM', dueDate: '2026-04-02' });
  });
  it('sends only the changed fields of an edit', () => {
    const unchanged = TaskFormSchema.parse(toTaskFormValues(task));
    expect(toTaskChanges(unchanged, task)).toEqual({});
    const edited = TaskFormSchema.parse({ ...toTaskFormValues(task), status: 'DONE', dueDate: null, assigneeMemberId: '' });
    expect(toTaskChanges(edited, task)).toEqual({ status: 'DONE', dueDate: null, assigneeMemberId: null });
  });
  it('refuses an incomplete due date and an empty title', () => {
    const result = TaskFormSchema.safeParse({ ...EMPTY_TASK_FORM, title: ' ', dueDate: new Date(Number.NaN) });
    expect(result.success).toBe(false);
    const messages = result.error!.issues.map((issue) => issue.message);
    expect(messages).toContain('Enter a title.');
    expect(messages).toContain(DUE_DATE_MESSAGE);
  });
});
