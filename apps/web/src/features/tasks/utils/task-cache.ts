import type { Task, TaskPage } from '@tandem/contract';
import type { InfiniteData } from '@tanstack/react-query';

/**
 * Applies `update` to every task of a cached task list (all pages): return the task changed, the
 * same task, or null to drop it. Untouched pages keep their identity. Pure.
 */
export function mapTaskPages(
  data: InfiniteData<TaskPage, string | undefined> | undefined,
  update: (task: Task) => Task | null,
): InfiniteData<TaskPage, string | undefined> | undefined {
  if (!data) return data;
  let isChanged = false;
  const pages = data.pages.map((page) => {
    let isPageChanged = false;
    const items: Task[] = [];
    for (const task of page.items) {
      const next = update(task);
      if (next !== task) isPageChanged = true;
      if (next) items.push(next);
    }
    if (!isPageChanged) return page;
    isChanged = true;
    return { ...page, items };
  });
  return isChanged ? { ...data, pages } : data;
}

/** `update` for {@link mapTaskPages}: replaces the task with `latest` when ids match and it is not older. */
export function replaceTask(latest: Task): (task: Task) => Task {
  return (task) => (task.id === latest.id && latest.version >= task.version ? latest : task);
}

/** `update` for {@link mapTaskPages}: merges `changes` into the task `taskId` (an optimistic edit). */
export function patchTask(taskId: string, changes: Partial<Task>): (task: Task) => Task {
  return (task) => (task.id === taskId ? { ...task, ...changes } : task);
}

/** `update` for {@link mapTaskPages}: drops the task `taskId`. */
export function dropTask(taskId: string): (task: Task) => Task | null {
  return (task) => (task.id === taskId ? null : task);
}
