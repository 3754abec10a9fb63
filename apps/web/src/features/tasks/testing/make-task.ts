import type { Task } from '@tandem/contract';

/** A Task for unit tests: id `id`, version 1, created by member m1, with `patch` applied. */
export function makeTask(id: string, patch: Partial<Task> = {}): Task {
  return {
    id,
    title: `Task ${id}`,
    notes: '',
    status: 'TODO',
    priority: 'MEDIUM',
    dueDate: null,
    assigneeMemberId: null,
    assignee: null,
    createdByMemberId: 'm1',
    createdBy: { memberId: 'm1', firstName: 'Avery', lastName: 'Tester' },
    links: {},
    version: 1,
    completedAt: null,
    createdAt: '2026-03-10T12:00:00.000Z',
    updatedAt: '2026-03-10T12:00:00.000Z',
    ...patch,
  };
}
