/** The Prioritized Task Scheduling API's `scheduler`, as far as {@link yieldToMain} uses it. */
interface TaskScheduler {
  yield?: () => Promise<void>;
}

/**
 * Ends the current task: resolves in a new one, so that the browser can paint and handle input
 * between two pieces of start-up work, and each counts as a task of its own for Total Blocking Time
 * (issue #13). Uses `scheduler.yield()` where the browser has it (the continuation runs before
 * other queued work of the page), else a zero-delay timeout.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: TaskScheduler }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
