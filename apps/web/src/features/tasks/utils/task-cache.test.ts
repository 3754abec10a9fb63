import type { TaskPage } from '@tandem/contract';
import type { InfiniteData } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { dropTask, mapTaskPages, patchTask, replaceTask } from './task-cache';
import { makeTask } from '../testing/make-task';

const data = (): InfiniteData<TaskPage, string | undefined> => ({
  pages: [
    { items: [makeTask('a'), makeTask('b')], nextCursor: 'c1' },
    { items: [makeTask('c')], nextCursor: null },
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
    const newer = makeTask('c', { title: 'Newer', version: 3 });
    expect(mapTaskPages(data(), replaceTask(newer))!.pages[1]!.items[0]!.title).toBe('Newer');
    const cached = mapTaskPages(data(), patchTask('a', { version: 5 }));
    expect(mapTaskPages(cached, replaceTask(makeTask('a', { title: 'Older', version: 4 })))).toBe(cached);
  });
  it('drops a task', () => {
    expect(mapTaskPages(data(), dropTask('a'))!.pages[0]!.items.map((item) => item.id)).toEqual(['b']);
  });
});
