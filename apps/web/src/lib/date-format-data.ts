/**
 * The browser's date-formatting data (ICU's locale and time-zone data), loaded off the main
 * thread. A page's first `Intl.DateTimeFormat`, whatever its options, pays for loading it: 105–145
 * ms at Lighthouse's 4× CPU slowdown in Chromium here, every later formatter 1–8 ms. ICU keeps that
 * data for the whole renderer process, so a dedicated worker that formats one date (and one
 * number) loads it for the page too, on another thread (issue #13, bench/README,
 * docs/decisions/045-date-format-data-on-a-worker.md).
 */

/** Longest wait for the worker before a caller goes on without it, ms. */
export const DATE_FORMAT_DATA_WAIT_MS = 250;

let loading: Promise<void> | undefined;

/** The data loaded here, on the main thread: where a worker cannot start or fails. */
function loadOnMainThread(): void {
  new Intl.DateTimeFormat().format(0);
}

/**
 * Starts loading the date-formatting data on a worker (once per page; later calls share it).
 * Resolves when the worker has loaded it, or after {@link DATE_FORMAT_DATA_WAIT_MS} while it still
 * works (it finishes on its own), or, where no worker can run (missing, refused, failed before
 * that wait ends), once the data is loaded on the main thread as before. Never rejects. Whoever
 * formats the first date should wait for it: a formatter built while the worker loads pays the
 * full cost itself.
 */
export function loadDateFormatData(): Promise<void> {
  loading ??= new Promise<void>((resolve) => {
    let worker: Worker;
    try {
      worker = new Worker(new URL('./date-format-data.worker.ts', import.meta.url), { name: 'date-format-data' });
    } catch {
      loadOnMainThread();
      resolve();
      return;
    }
    let waiting = true;
    const stopWaiting = () => {
      waiting = false;
      resolve();
    };
    const timer = setTimeout(stopWaiting, DATE_FORMAT_DATA_WAIT_MS);
    // A worker that fails while the caller still waits: the data is loaded here, as without one.
    // Later, the first formatter pays for it where it is built.
    const settle = (loaded: boolean) => {
      clearTimeout(timer);
      worker.terminate();
      if (!loaded && waiting) loadOnMainThread();
      stopWaiting();
    };
    worker.addEventListener('message', () => settle(true), { once: true });
    worker.addEventListener('error', () => settle(false), { once: true });
  });
  return loading;
}
