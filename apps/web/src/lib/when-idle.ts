/** Longest wait for an idle moment, ms. */
const IDLE_TIMEOUT_MS = 3000;

/**
 * Runs `task` when the main thread is next idle (at the latest {@link IDLE_TIMEOUT_MS} later; a
 * plain timeout where `requestIdleCallback` is missing): work no render waits for stays out of
 * the rendering tasks (issue #13).
 */
export function whenIdle(task: () => void): void {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(() => task(), { timeout: IDLE_TIMEOUT_MS });
  else setTimeout(task, 0);
}

/**
 * Runs `task` once the page's load event has fired and the main thread is idle ({@link whenIdle}):
 * start-up work no screen waits for stays out of the first render's tasks (issue #13).
 */
export function whenLoadedAndIdle(task: () => void): void {
  const schedule = () => whenIdle(task);
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
}
