import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// Issue #13, docs/decisions/046-start-in-three-tasks.md: the entry evaluates the app's modules in
// one task, creates the router in the next and starts the session in the one after, so that no
// task holds the main thread for all three. Stand-ins take the place of the router, the session,
// React's root and the date worker; the order and the task of each step are what is checked.

const boot = vi.hoisted(() => ({
  createAppRouter: vi.fn(() => ({ state: { location: { pathname: '/tasks' } }, navigate: () => undefined })),
  wireSession: vi.fn(),
  initSession: vi.fn(() => Promise.resolve()),
  render: vi.fn(),
  accessToken: 'an access token' as string | null,
  dateFormatData: Promise.resolve(),
}));

vi.mock('@/app/router', () => ({ createAppRouter: boot.createAppRouter }));
vi.mock('@/app/session-wiring', () => ({ wireSession: boot.wireSession }));
vi.mock('@/lib/session/session-store', () => ({ initSession: boot.initSession }));
vi.mock('@/app/provider', () => ({ AppProvider: ({ children }: { children: unknown }) => children }));
vi.mock('react-router/dom', () => ({ RouterProvider: () => null }));
vi.mock('react-dom/client', () => ({ createRoot: () => ({ render: boot.render }) }));
vi.mock('@/lib/token-storage', () => ({ readStorage: (key: string) => (key === 'accessToken' ? boot.accessToken : null) }));
vi.mock('@/lib/date-format-data', () => ({ loadDateFormatData: () => boot.dateFormatData }));
vi.mock('@/lib/chunk-reload', () => ({ installChunkReload: () => undefined }));
vi.mock('@/lib/service-worker', () => ({ registerServiceWorker: () => Promise.resolve() }));

/**
 * The browser's `scheduler.yield()`, held: each call is a task boundary the test ends with
 * {@link nextTask}, so that what each task did can be checked in between.
 */
const yields: Array<() => void> = [];
const heldScheduler = { yield: () => new Promise<void>((resolve) => yields.push(resolve)) };

/** Ends the entry's current task: its next one runs (and the promise callbacks it starts). */
const nextTask = async () => {
  const next = yields.shift();
  if (!next) throw new Error('the entry is not waiting for a new task');
  next();
  // A macrotask of the test's own: every promise callback the resumed task started has run.
  await new Promise((resolve) => setTimeout(resolve, 0));
};

/** Evaluates the entry afresh, as a page load does. */
const loadEntry = async () => {
  vi.resetModules();
  await import('./main');
};

beforeEach(() => {
  vi.stubGlobal('scheduler', heldScheduler);
  yields.length = 0;
  vi.clearAllMocks();
  boot.accessToken = 'an access token';
  boot.dateFormatData = Promise.resolve();
  document.body.innerHTML = '<div id="root"></div>';
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the entry (issue #13: the start in three tasks)', () => {
  it('creates the router in the task after the modules evaluated, and starts the session in the task after that', async () => {
    await loadEntry();
    expect(boot.createAppRouter).not.toHaveBeenCalled();
    expect(boot.initSession).not.toHaveBeenCalled();

    await nextTask();
    expect(boot.createAppRouter).toHaveBeenCalledTimes(1);
    expect(boot.wireSession).toHaveBeenCalledWith(boot.createAppRouter.mock.results[0]!.value);
    expect(boot.initSession).not.toHaveBeenCalled();
    expect(boot.render).not.toHaveBeenCalled();

    await nextTask();
    expect(boot.initSession).toHaveBeenCalledTimes(1);
    expect(boot.render).toHaveBeenCalledTimes(1);
  });

  it('renders only once the date-formatting data has loaded, on a signed-in load', async () => {
    let loaded!: () => void;
    boot.dateFormatData = new Promise<void>((resolve) => (loaded = resolve));
    await loadEntry();
    await nextTask();
    await nextTask();
    expect(boot.initSession).toHaveBeenCalledTimes(1);
    expect(boot.render).not.toHaveBeenCalled();

    loaded();
    await vi.waitFor(() => expect(boot.render).toHaveBeenCalledTimes(1));
  });

  it('starts no session without a stored access token, and still renders', async () => {
    boot.accessToken = null;
    await loadEntry();
    await nextTask();
    await nextTask();
    expect(boot.createAppRouter).toHaveBeenCalledTimes(1);
    expect(boot.initSession).not.toHaveBeenCalled();
    expect(boot.render).toHaveBeenCalledTimes(1);
  });
});
