import { describe, expect, it, vi } from 'vitest';
import { preloadOnIntent, preloadRoute, registerPreloadRoutes } from './route-preload';

describe('route preload on intent (issue #13)', () => {
  it('loads the lazy modules of every route the link matches, once per pathname', async () => {
    const layout = vi.fn(async () => ({}));
    const tasks = vi.fn(async () => ({}));
    const briefs = vi.fn(async () => ({}));
    registerPreloadRoutes([
      {
        path: '/',
        lazy: layout,
        children: [
          { path: 'tasks', lazy: tasks },
          { path: 'executive-briefs/:id', lazy: briefs },
        ],
      },
    ]);
    preloadRoute('/tasks?mine=true');
    preloadRoute('/tasks');
    expect(layout).toHaveBeenCalledTimes(1);
    expect(tasks).toHaveBeenCalledTimes(1);
    expect(briefs).not.toHaveBeenCalled();
    preloadOnIntent('/executive-briefs/b1').onFocus();
    expect(briefs).toHaveBeenCalledTimes(1);
  });

  it('tries again after a failed load', async () => {
    const failing = vi.fn(() => Promise.reject(new Error('offline')));
    registerPreloadRoutes([{ path: '/questions', lazy: failing }]);
    preloadRoute('/questions');
    await vi.waitFor(() => expect(failing).toHaveBeenCalledTimes(1));
    await Promise.resolve();
    await Promise.resolve();
    preloadRoute('/questions');
    expect(failing).toHaveBeenCalledTimes(2);
  });

  it('does nothing for a path no route matches', () => {
    const lazy = vi.fn(async () => ({}));
    registerPreloadRoutes([{ path: '/tasks', lazy }]);
    preloadRoute('/nowhere');
    expect(lazy).not.toHaveBeenCalled();
  });
});
