import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isSettled } from '@/lib/testing/is-settled';
import { yieldToMain } from './yield-to-main';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('yieldToMain (issue #13: start-up work in tasks of its own)', () => {
  it("continues through the browser's scheduler.yield() where there is one", async () => {
    const yielded = vi.fn(() => Promise.resolve());
    vi.stubGlobal('scheduler', { yield: yielded });
    await yieldToMain();
    expect(yielded).toHaveBeenCalledTimes(1);
  });

  it('calls yield() on the scheduler itself (the browser refuses it detached)', async () => {
    const scheduler = {
      yield(this: unknown) {
        if (this !== scheduler) return Promise.reject(new TypeError('Illegal invocation'));
        return Promise.resolve();
      },
    };
    vi.stubGlobal('scheduler', scheduler);
    await expect(yieldToMain()).resolves.toBeUndefined();
  });

  it('without scheduler.yield(), resolves in a later task: after a zero-delay timeout, not before', async () => {
    vi.stubGlobal('scheduler', undefined);
    const yielded = yieldToMain();
    expect(await isSettled(yielded)).toBe(false);
    await vi.advanceTimersToNextTimerAsync();
    expect(await isSettled(yielded)).toBe(true);
  });
});
