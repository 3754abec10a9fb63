// Where a page load's long tasks go (issue #13): loads a page of the production build in the
// system Chromium at Lighthouse's 4× CPU slowdown, signed in as the demo executive (as
// bench/lighthouse.mjs does), records a Chromium trace with the V8 CPU profiler, and prints the
// main thread's busy time, its time evaluating modules, and each task longer than 50 ms (at 4×, as
// slowed) with the trace events and the functions (and chunks) that ran longest in it, and the time
// over 50 ms of the tasks after the first contentful paint (what Lighthouse's Total Blocking Time counts).
// Usage (build first: `npm run build`):
//   node bench/page-profile.mjs [path=/tasks] [--loads 3] [--top 8]
//   [--inclusive] [--cold] [--signed-out]
//   (path `brief` or `answer`: the demo's first brief, or its first answer page, as Lighthouse loads them;
//   --inclusive: each function's time with its callees, by source line: which React phase, hook or
//   component a long task spent itself in; best with an unminified build (`build.minify: false`);
//   --cold: every load a first visit, in a fresh browser context (no HTTP cache, no stored styles, no
//   service worker); --signed-out: no session, as /auth/login and the public pages are first met)
/* global window -- the session is written in the page */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright';
import {
  apiOf,
  BROWSER_ARGS,
  BROWSER_EXECUTABLE,
  DEMO_EXECUTIVE,
  demoPagePaths,
  signInAs,
  startBuiltServer,
  webSessionOf,
} from './lib/built-server.mjs';
import { waitReady } from './lib/list-bench.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const pathArgument = args.find((arg) => arg.startsWith('/') || arg === 'brief' || arg === 'answer') ?? '/tasks';
const loads = Number(option('--loads', 3));
const top = Number(option('--top', 8));
const inclusive = args.includes('--inclusive');
const cold = args.includes('--cold');
const signedOut = args.includes('--signed-out');
const port = Number(process.env.BENCH_PORT ?? 3298);
const base = `http://127.0.0.1:${port}`;
const SLOWDOWN = 4;

/** The main thread's tasks of `events` (a Chromium trace) with the self time of each profiled function in them. */
function longTasks(events) {
  // The page's renderer main thread: of the renderers in the trace (a navigation can change
  // process), the one that ran the most.
  const isTask = (e) => e.ph === 'X' && (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask') && e.dur;
  const busiest = events
    .filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
    .map((thread) => {
      const onThread = events.filter((e) => e.pid === thread.pid && e.tid === thread.tid);
      const tasks = onThread.filter(isTask);
      return { pid: thread.pid, events: onThread, tasks, total: tasks.reduce((sum, t) => sum + t.dur, 0) };
    })
    .sort((a, b) => b.total - a.total)[0];
  const tasks = busiest.tasks;
  // The CPU profile: nodes (function, url) and samples with time deltas, in ProfileChunk events.
  const nodes = new Map();
  const parents = new Map();
  const samples = [];
  let time = 0;
  for (const e of events.filter((e) => e.pid === busiest.pid && (e.name === 'Profile' || e.name === 'ProfileChunk'))) {
    if (e.name === 'Profile') time = e.args.data.startTime;
    const data = e.args.data?.cpuProfile;
    for (const node of data?.nodes ?? []) {
      nodes.set(node.id, node.callFrame);
      if (node.parent) parents.set(node.id, node.parent);
    }
    const deltas = e.args.data?.timeDeltas ?? [];
    (data?.samples ?? []).forEach((id, i) => {
      time += deltas[i] ?? 0;
      samples.push({ id, time });
    });
  }
  const start = Math.min(...tasks.map((t) => t.ts));
  const busy = tasks.reduce((sum, t) => sum + t.dur / 1000, 0);
  const evaluating = busiest.events.filter((e) => e.name === 'v8.evaluateModule').reduce((sum, e) => sum + e.dur / 1000, 0);
  const long = tasks
    .filter((t) => t.dur / 1000 > 50)
    .map((t) => {
      const self = new Map();
      for (let i = 0; i < samples.length - 1; i += 1) {
        const s = samples[i];
        if (s.time < t.ts || s.time > t.ts + t.dur) continue;
        const ms = (samples[i + 1].time - s.time) / 1000;
        if (!inclusive) {
          const frame = nodes.get(s.id);
          const key = `${frame?.functionName || '(anonymous)'} ${(frame?.url ?? '').split('/').pop()}`;
          self.set(key, (self.get(key) ?? 0) + ms);
          continue;
        }
        // The sample counts once for every distinct function on its stack (recursion counted once).
        const onStack = new Set();
        for (let id = s.id; id; id = parents.get(id)) {
          const frame = nodes.get(id);
          onStack.add(`${frame?.functionName || '(anonymous)'} ${(frame?.url ?? '').split('/').pop()}:${(frame?.lineNumber ?? -1) + 1}`);
        }
        for (const key of onStack) self.set(key, (self.get(key) ?? 0) + ms);
      }
      // What the browser did in the task by trace event (style, layout, parse, compile…), nested
      // events counted in each of their parents.
      const phases = new Map();
      for (const e of busiest.events) {
        if (e === t || e.ph !== 'X' || !e.dur || e.ts < t.ts || e.ts + e.dur > t.ts + t.dur) continue;
        phases.set(e.name, (phases.get(e.name) ?? 0) + e.dur / 1000);
      }
      return {
        at: (t.ts - start) / 1000,
        ms: t.dur / 1000,
        self: [...self].sort((a, b) => b[1] - a[1]).slice(0, top),
        phases: [...phases].sort((a, b) => b[1] - a[1]).slice(0, top),
      };
    });
  // The first contentful paint (Chromium's paint-timing mark for the page's frame), if the trace
  // holds one; Lighthouse's Total Blocking Time counts the long tasks after it only.
  const paint = events.find((e) => e.pid === busiest.pid && e.name === 'firstContentfulPaint');
  const firstPaint = paint ? (paint.ts - start) / 1000 : undefined;
  return { long, busy, evaluating, firstPaint };
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tandem-profile-'));
const server = startBuiltServer(port, dataDir);
const browser = await chromium.launch({ executablePath: BROWSER_EXECUTABLE, args: BROWSER_ARGS });
try {
  await waitReady(base);
  const api = apiOf(base);
  const tokens = await signInAs(api, DEMO_EXECUTIVE);
  const profile = await api('GET', 'v1/profile', tokens.access_token);
  const session = webSessionOf(tokens, profile.workspaces[0].id);
  const pagePath = pathArgument.startsWith('/') ? pathArgument : (await demoPagePaths(api, tokens, profile.workspaces[0].id))[pathArgument];
  const newContext = async () => {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true });
    if (signedOut) return context;
    const page = await context.newPage();
    await page.goto(`${base}/favicon.svg`);
    await page.evaluate((entries) => entries.forEach(([name, value]) => window.localStorage.setItem(name, value)), Object.entries(session));
    await page.close();
    return context;
  };
  const warmContext = cold ? undefined : await newContext();
  if (warmContext) {
    const warm = await warmContext.newPage();
    await warm.goto(`${base}${pagePath}`, { waitUntil: 'load' });
    await warm.waitForTimeout(2000);
    await warm.close();
  }
  for (let load = 1; load <= loads; load += 1) {
    const context = warmContext ?? (await newContext());
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOWDOWN });
    await browser.startTracing(page, {
      categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'disabled-by-default-v8.cpu_profiler'],
    });
    // The live event stream keeps the network busy: the load, then 5 s (at 4×) for the data and renders.
    await page.goto(`${base}${pagePath}`, { waitUntil: 'load' });
    await page.waitForTimeout(5000);
    const trace = JSON.parse((await browser.stopTracing()).toString('utf8'));
    const { long: tasks, busy, evaluating, firstPaint } = longTasks(trace.traceEvents ?? trace);
    const overFifty = (list) => Math.round(list.reduce((sum, t) => sum + Math.max(0, t.ms - 50), 0));
    // Blocking time as Lighthouse counts it (tasks starting after the first contentful paint), at
    // a real 4× slowdown rather than Lighthouse's simulated one.
    const afterPaint =
      firstPaint === undefined
        ? ''
        : `; first contentful paint at ${Math.round(firstPaint)} ms, ${overFifty(tasks.filter((t) => t.at >= firstPaint))} ms over 50 ms after it`;
    console.log(
      `\n${pagePath}, load ${load}: main thread busy ${Math.round(busy)} ms, evaluating modules ${Math.round(evaluating)} ms; ${tasks.length} tasks over 50 ms (at ${SLOWDOWN}×), ${overFifty(tasks)} ms over 50 ms in all${afterPaint}`,
    );
    for (const t of tasks) {
      console.log(`  ${Math.round(t.ms)} ms at ${Math.round(t.at)} ms`);
      console.log(`    trace events: ${t.phases.map(([name, ms]) => `${name} ${Math.round(ms)}`).join(', ')}`);
      for (const [name, ms] of t.self) console.log(`      ${ms.toFixed(1).padStart(6)} ms  ${name}`);
    }
    await page.close();
    if (!warmContext) await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
