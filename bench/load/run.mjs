// A realistic mix under load (issue #14, "Under load"): the built server on PostgreSQL, readers
// (profile, dashboard, task list, brief list, the public answer page) at 100 connections and
// writers (task create and update, brief create and save, answer PUTs, a mail-producing call) at
// 50 connections at once, for `duration` seconds, `runs` times in a row on one server process.
// Reports per run: throughput, p50/p99, errors, timeouts and unexpected statuses per call, the
// server's resident memory after the run, how long the job queue took to drain, and the mails the
// mail-producing calls promised against those delivered.
// Usage:
//   node bench/load/run.mjs [postgresql://…] [--duration 60] [--runs 3] [--warmup 15] [--readers 100] [--writers 50] [--out file.md]
// A warm-up of `warmup` seconds (the same mix, not reported) comes first: memory is flat when it
// stops growing after the JIT and the caches have settled, so run 1's end is the baseline.
// The URL (else TEST_DATABASE_URL, else postgresql://postgres@127.0.0.1:5432/test) names the
// PostgreSQL server; a database tandem_load_* is created there and dropped at the end. Builds the
// app first when its bundle is missing or stale. Exits 1 when any run had an error, a timeout, an
// unexpected status, a mail lost, a queue that did not drain, or memory that kept growing.
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { buildIfNeeded, root } from '../../scripts/lib.mjs';
import { signIn, waitReady } from '../lib/list-bench.mjs';
import { seedOffice } from '../lib/seed-office.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const index = args.indexOf(name);
  return index === -1 ? fallback : args[index + 1];
};
const serverUrl =
  args.find((arg) => arg.startsWith('postgres')) ?? process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';
const duration = Number(option('--duration', '60'));
const runs = Number(option('--runs', '3'));
const warmup = Number(option('--warmup', '15'));
const readers = Number(option('--readers', '100'));
const writers = Number(option('--writers', '50'));
const out = option('--out');
const log = (line) => console.error(`[load] ${line}`);

/** A request may take this long before autocannon counts a timeout (seconds). */
const TIMEOUT_SECONDS = 10;
/** Resident memory may grow this much from the first run's end to the last's and still count as flat. */
const FLAT_MEMORY_TOLERANCE = 0.1;
/** How long the job queue may take to drain after a run (seconds). */
const DRAIN_DEADLINE_SECONDS = 60;

const email = 'load.assistant@tandem.local';
const password = 'load tandem assistant password';

/** An SMTP server on a free port that accepts and counts every message (the mails the load sends). */
async function startMailSink() {
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      stream.on('end', () => {
        received += 1;
        callback();
      });
      stream.resume();
    },
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: server.server.address().port, received: () => received, close: () => new Promise((resolve) => server.close(resolve)) };
}

/** The built server (apps/server/dist/server.js) on `port`, production settings, on `databaseUrl`. */
function startBuiltServer(port, databaseUrl, mailPort) {
  const child = spawn(process.execPath, [path.join(root, 'apps/server/dist/server.js')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: databaseUrl,
      MAIL_URL: `smtp://127.0.0.1:${mailPort}`,
      JWT_SECRET: randomBytes(32).toString('hex'),
      CODE_PEPPER: randomBytes(32).toString('hex'),
      ENCRYPTION_KEY: randomBytes(32).toString('hex'),
      ACCESS_TOKEN_TTL_SECONDS: '3600',
      RATE_LIMIT_PER_MINUTE: '100000000',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  return { pid: child.pid, stop: async () => (child.kill('SIGTERM'), await exited) };
}

/** Resident memory of process `pid` in MiB (Linux /proc). */
function residentMiB(pid) {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : NaN;
}

/** Per call name: how many answers of each status; `expected` is the status the call must get. */
function statusBook() {
  const book = new Map();
  return {
    record(name, expected, status) {
      const entry = book.get(name) ?? { expected, total: 0, unexpected: new Map() };
      entry.total += 1;
      if (status !== expected) entry.unexpected.set(status, (entry.unexpected.get(status) ?? 0) + 1);
      book.set(name, entry);
    },
    entries: () => [...book.entries()],
    /** How many answers of `name` had the status they must have. */
    expected: (name) => {
      const entry = book.get(name);
      return entry ? entry.total - [...entry.unexpected.values()].reduce((a, b) => a + b, 0) : 0;
    },
    unexpected: () => [...book.values()].reduce((sum, entry) => sum + [...entry.unexpected.values()].reduce((a, b) => a + b, 0), 0),
  };
}

/** A request of the mix: `name`, the status it must get, and autocannon's request fields. */
function call(book, name, expected, request) {
  const { onResponse } = request;
  return {
    ...request,
    onResponse(status, body, context) {
      book.record(name, expected, status);
      if (status === expected && onResponse) onResponse(JSON.parse(body).payload, context);
    },
  };
}

/** The readers' cycle: what every screen and the public page load. */
function readRequests(book, ctx) {
  const w = `/api/v1/workspaces/${ctx.workspaceId}`;
  const today = new Date().toISOString().slice(0, 10);
  return [
    call(book, 'profile', 200, { method: 'GET', path: '/api/v1/profile' }),
    call(book, 'dashboard', 200, { method: 'GET', path: `${w}/dashboard?today=${today}&timeZone=Europe%2FParis` }),
    call(book, 'task list', 200, { method: 'GET', path: `${w}/tasks?sort=dueDate&order=asc&limit=25` }),
    call(book, 'brief list', 200, { method: 'GET', path: `${w}/briefs?limit=25` }),
    call(book, 'public answer page', 200, { method: 'GET', path: `/api/v1/public/questions/${ctx.links[1]}` }),
  ];
}

/**
 * The writers' cycle, each POST and PATCH with an Idempotency-Key as the web app sends them: a
 * task created then moved on at the version it came back with, a brief created then saved, an
 * answer PUT on one of five public links, and a guest invited (one invitation mail each).
 */
function writeRequests(book, ctx) {
  const w = `/api/v1/workspaces/${ctx.workspaceId}`;
  const json = (body) => JSON.stringify(body);
  const keyed = (request) => ({ ...request, headers: { ...request.headers, 'idempotency-key': randomUUID() } });
  const pick = (list) => list[Math.floor(Math.random() * list.length)];
  return [
    call(book, 'task create', 201, {
      method: 'POST',
      path: `${w}/tasks`,
      setupRequest: (request) => keyed({ ...request, body: json({ title: `Load task ${randomUUID().slice(0, 8)}`, priority: 'HIGH' }) }),
      onResponse: (task, context) => (context.task = task),
    }),
    call(book, 'task update', 200, {
      method: 'PATCH',
      setupRequest: (request, context) =>
        context.task &&
        keyed({ ...request, path: `${w}/tasks/${context.task.id}`, body: json({ version: context.task.version, status: 'IN_PROGRESS' }) }),
    }),
    call(book, 'brief create', 201, {
      method: 'POST',
      path: `${w}/briefs`,
      setupRequest: (request) => keyed({ ...request, body: json({ title: `Load brief ${randomUUID().slice(0, 8)}` }) }),
      onResponse: (brief, context) => (context.brief = brief),
    }),
    call(book, 'brief save', 200, {
      method: 'PATCH',
      setupRequest: (request, context) =>
        context.brief &&
        keyed({
          ...request,
          path: `${w}/briefs/${context.brief.id}`,
          body: json({ version: context.brief.version, title: `${context.brief.title} (saved)` }),
        }),
    }),
    call(book, 'answer PUT', 200, {
      method: 'PUT',
      setupRequest: (request) => ({
        ...request,
        path: `/api/v1/public/questions/${pick(ctx.links)}/answers/${ctx.itemId}`,
        body: json({ value: `Answered under load ${randomUUID().slice(0, 8)}` }),
      }),
    }),
    call(book, 'member invited', 201, {
      method: 'POST',
      path: `${w}/members`,
      setupRequest: (request) =>
        keyed({
          ...request,
          body: json({ email: `load.${randomUUID()}@example.test`, firstName: 'Load', lastName: 'Invitee', workspaceMemberType: 'GUEST' }),
        }),
    }),
  ];
}

/** Runs autocannon with `requests` cycling on `connections` for `duration` seconds. */
function load(base, headers, connections, requests, seconds = duration) {
  return new Promise((resolve, reject) => {
    autocannon({ url: base, headers, connections, duration: seconds, timeout: TIMEOUT_SECONDS, requests }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

/** Seconds until pg-boss has no job due (created, retry or active); Infinity past the deadline. */
async function drainSeconds(db) {
  const started = performance.now();
  while (performance.now() - started < DRAIN_DEADLINE_SECONDS * 1000) {
    const { rows } = await db.query(
      `select count(*)::int as n from pgboss.job where state in ('created', 'retry', 'active') and start_after <= now()`,
    );
    if (rows[0].n === 0) return (performance.now() - started) / 1000;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return Infinity;
}

/** Waits until the sink has `count` mails or the deadline passes; returns what arrived. */
async function mailsDelivered(sink, count) {
  const started = performance.now();
  while (sink.received() < count && performance.now() - started < DRAIN_DEADLINE_SECONDS * 1000) {
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return sink.received();
}

async function main() {
  if (!(await buildIfNeeded())) throw new Error('the build failed');
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const dbName = `tandem_load_${randomBytes(4).toString('hex')}`;
  await admin.query(`create database ${dbName}`);
  const url = new URL(serverUrl);
  url.pathname = `/${dbName}`;
  const sink = await startMailSink();
  const port = 3900 + Math.floor(Math.random() * 90);
  const base = `http://127.0.0.1:${port}`;
  const server = startBuiltServer(port, url.toString(), sink.port);
  const db = new pg.Pool({ connectionString: url.toString(), max: 2 });
  const rows = [];
  let exit = 0;
  try {
    await waitReady(base);
    const ctx = await seedOffice(db, { email, password });
    // Room for every guest the writers invite (PRODUCT §8: ENTERPRISE has no member limit).
    await db.query(`update subscriptions set subscription_type = 'ENTERPRISE' where workspace_id = $1`, [ctx.workspaceId]);
    const headers = await signIn(base, email, password);
    log(`seeded; ${runs} runs of ${duration} s: ${readers} readers and ${writers} writers`);
    let mailsPromised = 0;
    if (warmup > 0) {
      const book = statusBook();
      await Promise.all([
        load(base, headers, readers, readRequests(book, ctx), warmup),
        load(base, headers, writers, writeRequests(book, ctx), warmup),
      ]);
      mailsPromised += book.expected('member invited');
      log(`warmed up for ${warmup} s (${book.unexpected()} unexpected statuses)`);
    }
    for (let run = 1; run <= runs; run += 1) {
      const book = statusBook();
      const [read, write] = await Promise.all([
        load(base, headers, readers, readRequests(book, ctx)),
        load(base, headers, writers, writeRequests(book, ctx)),
      ]);
      const drain = await drainSeconds(db);
      // Every invitation answered 201 promised one mail.
      mailsPromised += book.expected('member invited');
      const delivered = await mailsDelivered(sink, mailsPromised);
      const rss = residentMiB(server.pid);
      const row = { run, read, write, book, drain, delivered, mailsPromised, rss };
      rows.push(row);
      log(
        `run ${run}: reads ${read.requests.average.toFixed(0)} req/s p99 ${read.latency.p99} ms, writes ${write.requests.average.toFixed(0)} req/s p99 ${write.latency.p99} ms; ` +
          `errors ${read.errors + write.errors}, timeouts ${read.timeouts + write.timeouts}, unexpected ${book.unexpected()}; ` +
          `queue drained in ${drain.toFixed(1)} s; mails ${delivered}/${mailsPromised}; RSS ${rss.toFixed(0)} MiB`,
      );
    }
    const failures = [];
    for (const row of rows) {
      if (row.read.errors + row.write.errors > 0) failures.push(`run ${row.run}: ${row.read.errors + row.write.errors} errors`);
      if (row.read.timeouts + row.write.timeouts > 0) failures.push(`run ${row.run}: ${row.read.timeouts + row.write.timeouts} timeouts`);
      for (const [name, entry] of row.book.entries())
        for (const [status, count] of entry.unexpected) failures.push(`run ${row.run}: ${name} answered ${status} ${count} times`);
      if (!Number.isFinite(row.drain)) failures.push(`run ${row.run}: the job queue did not drain in ${DRAIN_DEADLINE_SECONDS} s`);
      if (row.delivered < row.mailsPromised) failures.push(`run ${row.run}: ${row.mailsPromised - row.delivered} mails not delivered`);
    }
    const first = rows[0].rss;
    const last = rows.at(-1).rss;
    if (rows.length > 1 && last > first * (1 + FLAT_MEMORY_TOLERANCE))
      failures.push(`memory grew from ${first.toFixed(0)} to ${last.toFixed(0)} MiB over ${rows.length} runs`);
    const report = markdown(rows, failures);
    console.log(report);
    if (out) writeFileSync(out, `${report}\n`);
    if (failures.length > 0) exit = 1;
  } finally {
    await db.end();
    const { code } = await server.stop();
    if (code !== 0) {
      log(`the server exited with ${code} after SIGTERM`);
      exit = 1;
    }
    await sink.close();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }
  process.exit(exit);
}

/** The report: one row per run, then the calls' statuses of the last run, then the verdict. */
function markdown(rows, failures) {
  const lines = [
    `Load mix: ${readers} readers + ${writers} writers for ${duration} s, ${rows.length} runs on one server process (PostgreSQL, ${new Date().toISOString().slice(0, 10)})`,
    '',
    '| run | reads req/s | reads p50 / p99 ms | writes req/s | writes p50 / p99 ms | errors | timeouts | unexpected statuses | queue drained | mails delivered | server RSS after |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const { run, read, write, book, drain, delivered, mailsPromised, rss } of rows) {
    lines.push(
      `| ${run} | ${read.requests.average.toFixed(0)} | ${read.latency.p50} / ${read.latency.p99} | ${write.requests.average.toFixed(0)} | ` +
        `${write.latency.p50} / ${write.latency.p99} | ${read.errors + write.errors} | ${read.timeouts + write.timeouts} | ${book.unexpected()} | ` +
        `${Number.isFinite(drain) ? `${drain.toFixed(1)} s` : 'no'} | ${delivered} / ${mailsPromised} | ${rss.toFixed(0)} MiB |`,
    );
  }
  const last = rows.at(-1);
  lines.push('', `Calls of run ${last.run}:`, '', '| call | requests | unexpected |', '|---|---|---|');
  for (const [name, entry] of last.book.entries()) {
    const unexpected = [...entry.unexpected].map(([status, count]) => `${count}× ${status}`).join(', ') || '0';
    lines.push(`| ${name} | ${entry.total} | ${unexpected} |`);
  }
  lines.push(
    '',
    failures.length === 0
      ? 'Verdict: held (0 errors, 0 timeouts, 0 unexpected statuses, queue drained, every mail delivered, memory flat).'
      : `Verdict: FAILED\n- ${failures.join('\n- ')}`,
  );
  return lines.join('\n');
}

await main();
