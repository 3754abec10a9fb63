import type { Task, TaskPage } from '@tandem/contract';
import type { InfiniteData } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { dropTask, mapTaskPages, patchTask, replaceTask } from './task-cache';

const task = (id: string, patch: Partial<Task> = {}): Task => ({
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
});
const data = (): InfiniteData<TaskPage, string | undefined> => ({
  pages: [
    { items: [task('a'), task('b')], nextCursor: 'c1' },
    { items: [task('c')], nextCursor: null },
  ],
  pageParams: [undefined, 'c1'],
});

describe('task cache helpers', () => {
  it('patches one task and keeps untouched pages', () => {
    const before = data();
    const after = mapTaskPages(before, patchTask('b', { status: 'DONE' }))!;
    expect(after.pages[0]!.items[1]!.status).toBe('DONE');
    expect(after.pages[1]).toBe(before.pages[1]);
  });
  it('returns the same object when nothing matches', () => {
    const before = data();
    expect(mapTaskPages(before, patchTask('zz', { title: 'x' }))).toBe(before);
    expect(mapTaskPages(undefined, patchTask('a', {}))).toBeUndefined();
  });
  it('replaces with a newer version only', () => {
    const newer = task('c', { title: 'Newer', version: 3 });
    expect(mapTaskPages(data(), replaceTask(newer))!.pages[1]!.items[0]!.title).toBe('Newer');
    const cached = mapTaskPages(data(), patchTask('a', { version: 5 }));
    expect(mapTaskPages(cached, replaceTask(task('a', { title: 'Older', version: 4 })))).toBe(cached);
  });
  it('drops a task', () => {
    expect(mapTaskPages(data(), dropTask('a'))!.pages[0]!.items.map((item) => item.id)).toEqual(['b']);
  });
});
