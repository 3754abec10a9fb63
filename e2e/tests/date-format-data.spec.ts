import type { Page } from '@playwright/test';
import { callApi, createOwner, expect, localDate, signInThroughUi, test } from './fixtures.js';

// Issue #13, docs/decisions/045-date-format-data-on-a-worker.md: a page load starts a worker that
// loads the browser's date-formatting data (ICU keeps it per process), and a signed-in load's
// first render waits for it (250 ms at most), so the main thread's first date formatter does not
// pay for loading that data.

/** What happened, in order, in the page: the worker started and loaded, formatters built (main thread only). */
interface DateFormatting {
  event: 'worker started' | 'worker loaded' | 'formatter';
  at: number;
}

/** An init script: records {@link DateFormatting} events in `window.dateFormatting`. */
function recordDateFormatting() {
  const events: { event: string; at: number }[] = [];
  Object.assign(window, { dateFormatting: events });
  const record = (event: string) => events.push({ event, at: performance.now() });
  const RealWorker = window.Worker;
  window.Worker = class extends RealWorker {
    constructor(url: string | URL, options?: WorkerOptions) {
      super(url, options);
      if (options?.name !== 'date-format-data') return;
      record('worker started');
      // Registered before the app's own listener, so it runs first.
      this.addEventListener('message', () => record('worker loaded'));
    }
  };
  const RealFormat = Intl.DateTimeFormat;
  Intl.DateTimeFormat = new Proxy(RealFormat, {
    construct(target, args: ConstructorParameters<typeof Intl.DateTimeFormat>) {
      record('formatter');
      return Reflect.construct(target, args);
    },
    apply(target, self, args: ConstructorParameters<typeof Intl.DateTimeFormat>) {
      record('formatter');
      return Reflect.apply(target, self, args);
    },
  });
}

const dateFormatting = (page: Page) => page.evaluate(() => (window as unknown as { dateFormatting: DateFormatting[] }).dateFormatting);

/**
 * An owner named Dorian signed in on `page`, with a task assigned to them and due today; its title.
 * Their dashboard asks the browser for its time zone as it renders (an `Intl.DateTimeFormat`).
 */
async function ownerWithTaskDueToday(page: Page, request: Parameters<typeof createOwner>[0]) {
  const { person, token, workspace } = await createOwner(request, 'Dorian');
  const title = `Renew the lease ${Date.now().toString(36)}`;
  await callApi(request, token, 'POST', `v1/workspaces/${workspace.id}/tasks`, {
    title,
    dueDate: localDate(),
    assigneeMemberId: workspace.memberId,
  });
  await signInThroughUi(page, person);
  return title;
}

/** Loads the dashboard afresh (the session stored) and waits for its task due today. */
async function loadDashboard(page: Page, title: string) {
  await page.goto('/dashboard/home');
  await expect(page.getByRole('heading', { level: 1, name: 'Hello, Dorian' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Tasks due today' }).getByRole('link', { name: new RegExp(title) })).toBeVisible();
}

test('a signed-in load builds its first date formatter once the worker has loaded the data, or after the 250 ms wait', async ({
  page,
  request,
}) => {
  const title = await ownerWithTaskDueToday(page, request);
  await page.addInitScript(recordDateFormatting);
  await loadDashboard(page, title);

  const events = await dateFormatting(page);
  const at = (event: DateFormatting['event']) => events.find((entry) => entry.event === event)?.at;
  const started = at('worker started');
  const firstFormatter = at('formatter');
  expect(started, 'the worker started').toBeDefined();
  expect(firstFormatter, 'a date formatter was built on the main thread').toBeDefined();
  expect(started!).toBeLessThan(firstFormatter!);
  // The worker loaded the data before the first formatter, or the render stopped waiting for it.
  const loaded = at('worker loaded');
  if (loaded === undefined || loaded > firstFormatter!) expect(firstFormatter! - started!).toBeGreaterThanOrEqual(250);
  else expect(loaded).toBeLessThan(firstFormatter!);
});

test('a load whose worker cannot be fetched shows its dates all the same, without errors', async ({ page, request }) => {
  const title = await ownerWithTaskDueToday(page, request);
  let refused = 0;
  await page.route(/\/assets\/date-format-data\.worker-[\w-]+\.js$/, (route) => {
    refused += 1;
    return route.fulfill({ status: 404, body: '' });
  });
  await page.addInitScript(recordDateFormatting);
  await loadDashboard(page, title);
  expect(refused).toBe(1);
  const events = (await dateFormatting(page)).map((entry) => entry.event);
  expect(events[0]).toBe('worker started');
  expect(events).not.toContain('worker loaded');
  expect(events).toContain('formatter');
});
