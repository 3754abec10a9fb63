/** Longest wait for an idle moment once the page has loaded, ms. */
const IDLE_TIMEOUT_MS = 3000;

/**
 * Runs `task` once the page's load event has fired and the main thread is idle (at the latest
 * {@link IDLE_TIMEOUT_MS} after load; a plain timeout where `requestIdleCallback` is missing):
 * start-up work no screen waits for stays out of the first render's tasks (issue #13).
 */
export function whenLoadedAndIdle(task: () => void): void {
  const schedule = () => {
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(task, { timeout: IDLE_TIMEOUT_MS });
    else setTimeout(task, 0);
  };
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
}
