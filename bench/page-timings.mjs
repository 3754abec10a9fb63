// What a person waits for in the browser (issue #8 "Speed a person feels"), on the production build
// in headless Chromium: page load → content for signed-in screens, the task drawer's open and save
// times, the bytes of a fresh browser's first dashboard load and the service worker's precache.
// Usage (build first: `npm run build`):
//   node bench/page-timings.mjs [runs=7] [--json]
// Starts the built server (NODE_ENV=production, embedded database, demo workspace) on port 3296
// (BENCH_PORT overrides; WEB_DIST_DIR serves another build of the web app, e.g. a copy of an older one), signs in as the demo executive through the API and puts the tokens into
// each browser context's local storage. Times are taken inside the page with performance.now():
//   load      first paint and the moment a task of the workspace is in the DOM (navigation start = 0),
//             cold (fresh context, no service worker, empty HTTP cache) and reload (warm HTTP cache)
//   drawer    click on a task's title → the drawer's Title field holds that task's title; and →
//             the slide-in has ended (the paper's transform is none)
//   save      click Save (title changed) → the list shows the new title; → the drawer starts to
//             slide out; → it is gone; → the PATCH's response has arrived
//   bytes     a fresh context with the service worker allowed: every response the page and the
//             worker received for /dashboard/home until the worker is active and the network idle
// Medians of `runs` (min–max in brackets). Not a test: numbers for bench/README.md.
/* global window, document, MutationObserver, getComputedStyle, requestAnimationFrame -- the probes run in the page */
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright';
import { apiOf, BROWSER_ARGS, BROWSER_EXECUTABLE, startBuiltServer } from './lib/built-server.mjs';
import { waitReady } from './lib/list-bench.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const runs = Number(args.find((arg) => /^\d+$/.test(arg)) ?? 7);
const asJson = args.includes('--json');
const port = Number(process.env.BENCH_PORT ?? 3296);
const base = `http://127.0.0.1:${port}`;
const executive = { email: 'executive@tandem.local', password: 'demo tandem executive 2026' };
const api = apiOf(base);

// ---------------------------------------------------------------------------------------------
// The built server on a fresh embedded database with the demo workspace

// ---------------------------------------------------------------------------------------------
// Statistics

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const summary = (values) => ({ median: median(values), min: Math.min(...values), max: Math.max(...values) });
const show = ({ median: m, min, max }) => `${m.toFixed(0)} ms [${min.toFixed(0)}–${max.toFixed(0)}]`;
const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;

// ---------------------------------------------------------------------------------------------
// In-page probes

/** Records (window.__contentAt) when any of `titles` is first in #root, from navigation start. */
function contentProbe(titles) {
  window.__contentAt = null;
  const check = () => {
    if (window.__contentAt !== null) return;
    const text = document.getElementById('root')?.textContent ?? '';
    if (titles.some((title) => text.includes(title))) window.__contentAt = performance.now();
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, characterData: true });
}

/** Clicks the title button `title` and times the drawer: values shown, slide-in ended. */
function openDrawerInPage(title) {
  const button = [...document.querySelectorAll('#root button')].find((candidate) => candidate.textContent === title);
  if (!button) throw new Error(`no task button "${title}"`);
  return new Promise((resolve) => {
    const started = performance.now();
    let valuesAt = null;
    const tick = () => {
      const dialog = document.querySelector('[role="dialog"]');
      const input = dialog?.querySelector('input[name="title"]');
      if (valuesAt === null && input && input.value === title && dialog.getBoundingClientRect().width > 0) valuesAt = performance.now();
      if (valuesAt !== null && getComputedStyle(dialog).transform === 'none') {
        resolve({ values: valuesAt - started, settled: performance.now() - started });
        return;
      }
      requestAnimationFrame(tick);
    };
    button.click();
    tick();
  });
}

/** Clicks Save in the open drawer and times: list shows `title`, drawer gone, PATCH answered. */
function saveInPage(title) {
  const dialog = document.querySelector('[role="dialog"]');
  const save = [...dialog.querySelectorAll('button')].find((candidate) => candidate.textContent === 'Save');
  return new Promise((resolve) => {
    const started = performance.now();
    let listAt = null;
    let closingAt = null;
    let closedAt = null;
    let patchAt = null;
    let refetchedAt = null;
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if (entry.initiatorType !== 'fetch' || entry.startTime < started) continue;
        if (/\/tasks\/[^/?]+$/.test(entry.name)) patchAt = entry.responseEnd;
        // The list's refetch after the save settled (the next run starts from the saved version).
        else if (/\/tasks\?/.test(entry.name) && patchAt !== null) refetchedAt = entry.responseEnd;
      }
    });
    observer.observe({ type: 'resource' });
    const tick = () => {
      const now = performance.now();
      const inList = [...document.querySelectorAll('#root button')].some((candidate) => candidate.textContent === title);
      if (listAt === null && inList) listAt = now;
      const open = document.querySelector('[role="dialog"]');
      if (closingAt === null && (!open || getComputedStyle(open).transform !== 'none')) closingAt = now;
      if (closedAt === null && !open) closedAt = now;
      if (listAt !== null && closedAt !== null && patchAt !== null && refetchedAt !== null) {
        observer.disconnect();
        resolve({ list: listAt - started, closing: closingAt - started, closed: closedAt - started, patch: patchAt - started });
        return;
      }
      requestAnimationFrame(tick);
    };
    save.click();
    tick();
  });
}

// ---------------------------------------------------------------------------------------------
// Scenarios

async function newContext(browser, session, options = {}) {
  return browser.newContext({
    viewport: { width: 1280, height: 900 },
    serviceWorkers: 'block',
    storageState: {
      cookies: [],
      origins: [{ origin: base, localStorage: Object.entries(session).map(([name, value]) => ({ name, value })) }],
    },
    ...options,
  });
}

async function readLoad(page) {
  await page.waitForFunction(() => window.__contentAt !== null, null, { timeout: 20_000 });
  return page.evaluate(() => {
    const paint = performance.getEntriesByName('first-paint')[0]?.startTime ?? NaN;
    return { firstPaint: paint, content: window.__contentAt, afterPaint: window.__contentAt - paint };
  });
}

async function measureLoad(browser, session, url, titles) {
  const cold = [];
  const reload = [];
  for (let run = 0; run < runs; run += 1) {
    const context = await newContext(browser, session);
    await context.addInitScript(contentProbe, titles);
    const page = await context.newPage();
    await page.goto(`${base}${url}`);
    cold.push(await readLoad(page));
    await page.reload();
    reload.push(await readLoad(page));
    await context.close();
  }
  const pick = (list, key) => summary(list.map((entry) => entry[key]));
  return Object.fromEntries(
    Object.entries({ cold, reload }).map(([name, list]) => [
      name,
      { firstPaint: pick(list, 'firstPaint'), content: pick(list, 'content'), afterPaint: pick(list, 'afterPaint') },
    ]),
  );
}

async function measureDrawer(browser, session, titles) {
  const context = await newContext(browser, session);
  await context.addInitScript(contentProbe, titles);
  const page = await context.newPage();
  await page.goto(`${base}/tasks`);
  await readLoad(page);
  const open = [];
  const save = [];
  for (let run = 0; run < runs; run += 1) {
    const title = titles[run % titles.length];
    open.push(await page.evaluate(openDrawerInPage, title));
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => !document.querySelector('[role="dialog"]'));
  }
  for (let run = 0; run < runs; run += 1) {
    const index = run % titles.length;
    const title = titles[index];
    await page.evaluate(openDrawerInPage, title);
    const renamed = `${title.replace(/ \(\d+\)$/, '')} (${run + 1})`;
    await page.getByRole('dialog').getByLabel('Title').fill(renamed);
    save.push(await page.evaluate(saveInPage, renamed));
    titles[index] = renamed;
  }
  await context.close();
  return {
    open: { values: summary(open.map((entry) => entry.values)), settled: summary(open.map((entry) => entry.settled)) },
    save: {
      list: summary(save.map((entry) => entry.list)),
      closing: summary(save.map((entry) => entry.closing)),
      closed: summary(save.map((entry) => entry.closed)),
      patch: summary(save.map((entry) => entry.patch)),
    },
  };
}

async function measureBytes(browser, session, titles) {
  const context = await newContext(browser, session, { serviceWorkers: 'allow' });
  await context.addInitScript(contentProbe, titles);
  const responses = [];
  context.on('requestfinished', (request) => responses.push(request));
  const page = await context.newPage();
  await page.goto(`${base}/dashboard/home`);
  const load = await readLoad(page);
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  // The live event stream keeps the network busy: wait for 1 s without a finished request instead.
  for (let seen = -1; seen !== responses.length;) {
    seen = responses.length;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  const tally = { page: { count: 0, bytes: 0 }, worker: { count: 0, bytes: 0 }, fonts: { count: 0, bytes: 0 } };
  for (const request of responses) {
    const sizes = await request.sizes();
    const bytes = sizes.responseBodySize + sizes.responseHeadersSize;
    const bucket = request.serviceWorker() ? tally.worker : tally.page;
    bucket.count += 1;
    bucket.bytes += bytes;
    if (/\.woff2?(\?|$)/.test(request.url())) {
      tally.fonts.count += 1;
      tally.fonts.bytes += bytes;
    }
  }
  await context.close();
  return { load, ...tally };
}

/** The service worker's precache list as built (dist/sw.js), with the files' sizes on disk. */
function readPrecache() {
  const dist = process.env.WEB_DIST_DIR ?? path.join(root, 'apps/web/dist');
  const entries = [...readFileSync(path.join(dist, 'sw.js'), 'utf8').matchAll(/url:"([^"]+)"/g)].map((match) => match[1]);
  const size = (file) => statSync(path.join(dist, file)).size;
  const fonts = entries.filter((url) => /\.woff2?$/.test(url));
  return {
    entries: entries.length,
    bytes: entries.reduce((sum, url) => sum + size(url), 0),
    fonts: fonts.length,
    fontBytes: fonts.reduce((sum, url) => sum + size(url), 0),
  };
}

// ---------------------------------------------------------------------------------------------

const server = startBuiltServer(port, mkdtempSync(path.join(os.tmpdir(), 'tandem-bench-')));
try {
  await waitReady(base);
  const tokens = await api('POST', 'auth/password', undefined, {
    loginIdentifier: executive.email,
    password: executive.password,
    grant_type: 'password',
    client_id: 'tandem-web',
  });
  const profile = await api('GET', 'v1/profile', tokens.access_token);
  const workspaceId = profile.workspaces[0].id;
  const page = await api('GET', `v1/workspaces/${workspaceId}/tasks?limit=25`, tokens.access_token);
  const titles = page.items.map((task) => task.title);
  const session = {
    accessToken: tokens.access_token,
    refreshToken: tokens.refresh_token,
    userId: tokens.user_id,
    currentOrganization: workspaceId,
  };
  const browser = await chromium.launch({ executablePath: BROWSER_EXECUTABLE, args: BROWSER_ARGS });
  const results = {
    runs,
    loadTasks: await measureLoad(browser, session, '/tasks', titles),
    loadDashboard: await measureLoad(browser, session, '/dashboard/home', titles),
    drawer: await measureDrawer(browser, session, [...titles]),
    bytes: await measureBytes(browser, session, titles),
    precache: readPrecache(),
  };
  await browser.close();
  if (asJson) console.log(JSON.stringify(results, null, 2));
  else {
    const { loadTasks, loadDashboard, drawer, bytes, precache } = results;
    const lines = [
      `medians of ${runs} runs [min–max]`,
      `/tasks cold:            first paint ${show(loadTasks.cold.firstPaint)}, content ${show(loadTasks.cold.content)}, content − first paint ${show(loadTasks.cold.afterPaint)}`,
      `/tasks reload:          first paint ${show(loadTasks.reload.firstPaint)}, content ${show(loadTasks.reload.content)}, content − first paint ${show(loadTasks.reload.afterPaint)}`,
      `/dashboard/home cold:   first paint ${show(loadDashboard.cold.firstPaint)}, content ${show(loadDashboard.cold.content)}, content − first paint ${show(loadDashboard.cold.afterPaint)}`,
      `/dashboard/home reload: first paint ${show(loadDashboard.reload.firstPaint)}, content ${show(loadDashboard.reload.content)}, content − first paint ${show(loadDashboard.reload.afterPaint)}`,
      `drawer open:            values shown ${show(drawer.open.values)}, slide-in ended ${show(drawer.open.settled)}`,
      `save:                   list shows it ${show(drawer.save.list)}, drawer starts closing ${show(drawer.save.closing)}, drawer gone ${show(drawer.save.closed)}, PATCH answered ${show(drawer.save.patch)}`,
      `first dashboard load:   page ${bytes.page.count} responses ${kib(bytes.page.bytes)}; service worker ${bytes.worker.count} responses ${kib(bytes.worker.bytes)}; font files ${bytes.fonts.count} ${kib(bytes.fonts.bytes)}; total ${kib(bytes.page.bytes + bytes.worker.bytes)}`,
      `precache (dist/sw.js):  ${precache.entries} entries ${kib(precache.bytes)}; font files ${precache.fonts} ${kib(precache.fontBytes)}`,
    ];
    console.log(lines.join('\n'));
  }
} finally {
  await server.stop();
}
