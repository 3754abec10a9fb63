import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenIdle, whenLoadedAndIdle } from './when-idle';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('whenIdle / whenLoadedAndIdle (issue #13: work no render waits for)', () => {
  it('whenIdle runs the task in an idle callback with a 3 s timeout', () => {
    const idle: { run: () => void; timeout?: number }[] = [];
    vi.stubGlobal('window', {
      requestIdleCallback: (run: () => void, options?: { timeout?: number }) => idle.push({ run, timeout: options?.timeout }),
    });
    const task = vi.fn();
    whenIdle(task);
    expect(task).not.toHaveBeenCalled();
    expect(idle).toEqual([{ run: expect.any(Function), timeout: 3000 }]);
    idle[0]!.run();
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('whenIdle falls back to a timeout where requestIdleCallback is missing', () => {
    vi.useFakeTimers();
    vi.stubGlobal('window', {});
    const task = vi.fn();
    whenIdle(task);
    expect(task).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('whenLoadedAndIdle waits for the load event before asking for an idle moment', () => {
    const idle: (() => void)[] = [];
    const listeners: (() => void)[] = [];
    vi.stubGlobal('window', {
      requestIdleCallback: (run: () => void) => idle.push(run),
      addEventListener: (type: string, listener: () => void) => type === 'load' && listeners.push(listener),
    });
    vi.stubGlobal('document', { readyState: 'loading' });
    const task = vi.fn();
    whenLoadedAndIdle(task);
    expect(idle).toHaveLength(0);
    listeners[0]!();
    idle[0]!();
    expect(task).toHaveBeenCalledTimes(1);
  });
});
