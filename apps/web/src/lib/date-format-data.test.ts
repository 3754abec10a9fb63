import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isSettled } from '@/lib/testing/is-settled';

// Issue #13, docs/decisions/045-date-format-data-on-a-worker.md. The worker itself runs in a real
// Chromium in e2e/tests/date-format-data.spec.ts; here a stand-in takes its place, since the
// test environment has no Worker, and says when it "loaded" or failed.

/** A stand-in for `Worker`: records how it was made and lets the test dispatch its events. */
class StandInWorker extends EventTarget {
  static made: StandInWorker[] = [];
  terminated = false;
  constructor(
    readonly url: URL | string,
    readonly options?: WorkerOptions,
  ) {
    super();
    StandInWorker.made.push(this);
  }
  terminate() {
    this.terminated = true;
  }
}

/** Counts the main thread's date formatters (the data is loaded by the first). */
const countFormatters = () => vi.spyOn(Intl, 'DateTimeFormat');

/** The module afresh: it starts its worker once per page. */
const freshModule = async () => {
  vi.resetModules();
  return import('./date-format-data');
};

beforeEach(() => {
  StandInWorker.made = [];
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('loadDateFormatData (issue #13: the date data loaded on a worker thread)', () => {
  it('starts the worker on its script, resolves when it has loaded the data, and builds no formatter on the main thread', async () => {
    vi.stubGlobal('Worker', StandInWorker);
    const { loadDateFormatData } = await freshModule();
    const formatters = countFormatters();
    const loaded = loadDateFormatData();
    expect(StandInWorker.made).toHaveLength(1);
    const [worker] = StandInWorker.made;
    expect(String(worker!.url)).toMatch(/date-format-data\.worker\.ts$/);
    expect(await isSettled(loaded)).toBe(false);

    worker!.dispatchEvent(new MessageEvent('message', { data: 'loaded' }));
    expect(await isSettled(loaded)).toBe(true);
    expect(worker!.terminated).toBe(true);
    expect(formatters).not.toHaveBeenCalled();
  });

  it('starts one worker per page: later calls share the first', async () => {
    vi.stubGlobal('Worker', StandInWorker);
    const { loadDateFormatData } = await freshModule();
    const first = loadDateFormatData();
    expect(loadDateFormatData()).toBe(first);
    expect(StandInWorker.made).toHaveLength(1);
  });

  it('loads the data on the main thread when the worker fails while the caller waits', async () => {
    vi.stubGlobal('Worker', StandInWorker);
    const { loadDateFormatData } = await freshModule();
    const formatters = countFormatters();
    const loaded = loadDateFormatData();
    StandInWorker.made[0]!.dispatchEvent(new Event('error'));
    expect(await isSettled(loaded)).toBe(true);
    expect(formatters).toHaveBeenCalledTimes(1);
    expect(StandInWorker.made[0]!.terminated).toBe(true);
  });

  it('loads the data on the main thread where no worker can start', async () => {
    vi.stubGlobal(
      'Worker',
      class {
        constructor() {
          throw new DOMException('Refused by the content security policy', 'SecurityError');
        }
      },
    );
    const { loadDateFormatData } = await freshModule();
    const formatters = countFormatters();
    expect(await isSettled(loadDateFormatData())).toBe(true);
    expect(formatters).toHaveBeenCalledTimes(1);
  });

  it('stops waiting after 250 ms; the worker finishes on its own, and a late failure loads nothing on the main thread', async () => {
    vi.stubGlobal('Worker', StandInWorker);
    const { loadDateFormatData, DATE_FORMAT_DATA_WAIT_MS } = await freshModule();
    expect(DATE_FORMAT_DATA_WAIT_MS).toBe(250);
    const formatters = countFormatters();
    const loaded = loadDateFormatData();
    vi.advanceTimersByTime(DATE_FORMAT_DATA_WAIT_MS - 1);
    expect(await isSettled(loaded)).toBe(false);
    vi.advanceTimersByTime(1);
    expect(await isSettled(loaded)).toBe(true);
    const [worker] = StandInWorker.made;
    expect(worker!.terminated).toBe(false);

    worker!.dispatchEvent(new Event('error'));
    expect(worker!.terminated).toBe(true);
    expect(formatters).not.toHaveBeenCalled();
  });
});

describe('the date-format data worker', () => {
  it('formats a date and a number, then posts "loaded"', async () => {
    const posted: unknown[] = [];
    const formatters = countFormatters();
    vi.stubGlobal('postMessage', (message: unknown) => posted.push(message));
    vi.resetModules();
    await import('./date-format-data.worker');
    expect(formatters).toHaveBeenCalledTimes(1);
    expect(posted).toEqual(['loaded']);
  });
});
