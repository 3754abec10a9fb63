// Every hot API call next to its floor (issue #13, "Targets", first bullet): the throughput and p99
// of Tandem's call under autocannon beside a bare Fastify + `pg` route that verifies the same JWT and
// runs the very same SQL statements, in the same order, with the same values, on a pool of the same
// size (10, apps/server/src/db/client.ts).
// Usage:
//   node bench/api-floor.mjs [postgresql://…|pglite] [--duration 15] [--rounds 2] [--warmup 3] [--connections 64,16] [--calls name,…] [--json] [--out file.md]
//   node bench/api-floor.mjs [postgresql://…|pglite] --profile <call name> [--duration 10]   (CPU per request, Tandem next to the floor)
//   node bench/api-floor.mjs [postgresql://…|pglite] --statement-times [--calls name,…]   (each read statement timed alone; --explain: the plans of those over 1 ms)
//   node bench/api-floor.mjs [postgresql://…] --scale 10000 [--requests 300]   (p50/p95 with 10,000 offices in the database)
// PostgreSQL: the URL, else TEST_DATABASE_URL, else postgresql://postgres@127.0.0.1:5432/test names the
// server; a database tandem_bench_* is created there and dropped at the end. `pglite`: the embedded
// database in a temporary DATA_DIR (connections default to 64,8: the embedded target is p99 ≤ 50 ms
// at 8). The server runs from source (tsx), no build needed.
// How: seed a realistic workspace set-based; start Tandem with bench/lib/sql-capture.mjs preloaded and
// call each hot call twice, recording the SQL of the second call (the steady state: the first open of
// a link or the first save of an answer writes more); restart Tandem without the preload; start the
// floor (this script with --serve-floor, its own process) with the captured statements; then per call
// and connection count: Tandem, floor, Tandem, floor for `duration` seconds each, the better of two
// (highest req/s, lowest p99).
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openPglite, signIn, startServer, timeAll, waitReady } from './lib/list-bench.mjs';
import { seedOffice } from './lib/seed-office.mjs';

/** The person the benchmark signs in as (bench/lib/seed-office.mjs seeds them). */
const email = 'bench.floor@tandem.local';
const password = 'bench tandem floor password';

const here = fileURLToPath(import.meta.url);
const ISSUER = 'tandem';
const AUDIENCE = 'tandem-api';

// ---------------------------------------------------------------------------------------------
// The floor: one route per hot call; JWT (HS256, same secret, issuer and audience as
// access-tokens.ts) on the signed-in calls, then the captured statements on one pool connection

/** drizzle's node-postgres parsers: dates, times and intervals stay strings. */
const TEXT_TYPES = new Set([1082, 1114, 1184, 1186, 1182, 1115, 1185, 1187, 1231]);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The statements of one replay: the ids the call's inserts create (`insert into "t" ("id", …)
 * values ($n, …)` with a uuid as $n) are fresh on every replay, and replaced wherever else the call uses them, as
 * the server makes new ones per request (a view of a link, an event).
 */
function withFreshIds(statements) {
  const fresh = new Map();
  for (const s of statements) {
    for (const match of s.text.matchAll(/insert into "[^"]+" \(\s*"?id"?\s*,[^)]*\)\s*values\s*\(\s*\$(\d+)/gi)) {
      const value = s.values[Number(match[1]) - 1];
      if (typeof value === 'string' && UUID.test(value)) fresh.set(value, randomUUID());
    }
  }
  if (fresh.size === 0) return statements;
  return statements.map((s) => ({ ...s, values: s.values.map((value) => (fresh.has(value) ? fresh.get(value) : value)) }));
}

/** Tandem's PGlite prepared statements (apps/server/src/db/pglite-prepared.ts) on `db`, loaded from source through tsx. */
async function preparedStatementsOn(db) {
  const { tsImport } = await import('tsx/esm/api');
  const { PreparedStatements } = await tsImport('../apps/server/src/db/pglite-prepared.ts', import.meta.url);
  return new PreparedStatements(db);
}

async function serveFloor(config) {
  const Fastify = (await import('fastify')).default;
  const { jwtVerify } = await import('jose');
  // As lib/access-tokens.ts: the HMAC key imported into WebCrypto once, not by jose on every verify.
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(config.jwtSecret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'verify',
  ]);
  let run;
  if (config.databaseUrl) {
    const pg = (await import('pg')).default;
    const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 10 });
    const types = { getTypeParser: (oid, format) => (TEXT_TYPES.has(oid) ? (value) => value : pg.types.getTypeParser(oid, format)) };
    run = async (statements) => {
      const client = await pool.connect();
      try {
        let result;
        // A statement Tandem prepared by name runs prepared here too (parsed once per connection).
        for (const s of statements)
          result = await client.query({ text: s.text, values: s.values, rowMode: s.rowMode, name: s.name, types });
        return result.rows;
      } finally {
        client.release();
      }
    };
  } else {
    const db = await openPglite(config.dataDir);
    // Prepared as Tandem prepares them on PGlite (decision 039), as the pg floor runs Tandem's
    // named statements by name.
    const prepared = await preparedStatementsOn(db);
    const one = async (inTransaction, s) => {
      if (s.exec) return (await db.exec(s.text)).at(-1);
      const options = { rowMode: s.rowMode };
      return inTransaction ? prepared.queryInTransaction(s.text, s.values, options) : prepared.query(s.text, s.values, options);
    };
    run = async (statements) => {
      let rows = [];
      for (let i = 0; i < statements.length; i += 1) {
        if (statements[i].text === 'BEGIN') {
          const end = statements.findIndex((s, j) => j > i && s.text === 'COMMIT');
          const inside = statements.slice(i + 1, end);
          rows = await db.transaction(async () => {
            let result = { rows: [] };
            for (const s of inside) result = await one(true, s);
            return result.rows;
          });
          i = end;
        } else rows = (await one(false, statements[i])).rows;
      }
      return rows;
    };
  }
  const app = Fastify({ logger: false });
  for (const route of config.routes) {
    app.route({
      method: route.method,
      url: route.path,
      handler: async (request, reply) => {
        if (route.auth) {
          const header = request.headers.authorization ?? '';
          try {
            await jwtVerify(header.slice('Bearer '.length), key, { algorithms: ['HS256'], issuer: ISSUER, audience: AUDIENCE });
          } catch {
            return reply.code(401).send({ errorCode: 'UNAUTHORIZED' });
          }
        }
        return { payload: await run(route.fresh ? withFreshIds(route.statements) : route.statements) };
      },
    });
  }
  await app.listen({ port: config.port, host: '127.0.0.1' });
  process.once('SIGTERM', () => app.close().then(() => process.exit(0)));
}

/**
 * Each read statement of each call timed alone on the benchmark's database, one at a time: the
 * mean and the slowest of 40 runs after 5 to warm up, ms (`--statement-times`; writes are left
 * out, they would change the data). Says which statement a call's database time goes to.
 */
async function statementTimes(calls, { dataDir, databaseUrl }, explain = false) {
  let query;
  let close;
  /** Of a statement prepared in this session: how many of its runs had a generic plan, how many a custom one. */
  let plans = async () => '';
  if (databaseUrl) {
    const pg = (await import('pg')).default;
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    query = (s) => client.query({ text: s.text, values: s.values, rowMode: s.rowMode, name: s.name });
    close = () => client.end();
    plans = async (s) => {
      if (!s.name) return '';
      const { rows } = await client.query('select generic_plans, custom_plans from pg_prepared_statements where name = $1', [s.name]);
      return rows[0] ? `${rows[0].generic_plans} / ${rows[0].custom_plans}` : '';
    };
  } else {
    const db = await openPglite(dataDir);
    const prepared = await preparedStatementsOn(db);
    query = (s) => (s.exec ? db.exec(s.text) : prepared.query(s.text, s.values, { rowMode: s.rowMode }));
    close = () => db.close();
    plans = async (s) => {
      const { rows } = await db.query('select generic_plans, custom_plans from pg_prepared_statements where statement = $1', [s.text]);
      return rows[0] ? `${rows[0].generic_plans} / ${rows[0].custom_plans}` : '';
    };
  }
  const lines = ['| call | statement | mean ms | slowest ms | plans (generic / custom) |', '|---|---|---|---|---|'];
  const explained = [];
  try {
    for (const call of calls) {
      for (const s of call.statements) {
        if (!/^[\s(]*(select|with)\b/i.test(s.text) || /\b(insert|update|delete)\b/i.test(s.text)) continue;
        for (let i = 0; i < 5; i += 1) await query(s);
        const times = [];
        for (let i = 0; i < 40; i += 1) {
          const started = performance.now();
          await query(s);
          times.push(performance.now() - started);
        }
        const mean = times.reduce((sum, t) => sum + t, 0) / times.length;
        const text = s.text.replace(/\s+/g, ' ').slice(0, 90).replaceAll('|', '\\|');
        lines.push(`| ${call.name} | \`${text}\` | ${mean.toFixed(2)} | ${Math.max(...times).toFixed(2)} | ${await plans(s)} |`);
        if (explain && mean > 1) {
          const plan = await query({ ...s, name: undefined, rowMode: undefined, text: `explain (analyze, buffers) ${s.text}` });
          explained.push(`${call.name}: ${s.text.replace(/\s+/g, ' ')}\n${plan.rows.map((row) => row['QUERY PLAN']).join('\n')}`);
        }
      }
    }
  } finally {
    await close();
  }
  return [...lines, ...explained.map((plan) => `\n${plan}`)].join('\n');
}

function startFloor(configFile, nodeArgs = []) {
  const child = spawn(process.execPath, [...nodeArgs, here, '--serve-floor', configFile], { stdio: ['ignore', 'ignore', 'inherit'] });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return { child, stop: async () => (child.kill('SIGTERM'), await exited) };
}

async function waitListening(base) {
  for (let i = 0; i < 300; i += 1) {
    try {
      await fetch(base);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(`${base} did not start`);
}

/**
 * `--scale`: `offices` more workspaces beside the measured one, set-based with deterministic ids
 * (md5 of a label as a uuid), each a typical office: three members, 100 tasks, 10 briefs, 4
 * contacts, 5 sent question requests to the 4 contacts with 5 answers each, 20 activity items.
 * At 9,999 offices: 10,000 workspaces, ~1,000,000 tasks and ~1,000,000 answers in one database.
 */
async function seedOffices(db, offices, log) {
  const id = (label) => `md5(${label})::uuid`;
  const office = `generate_series(1, ${offices}) as o`;
  const steps = [
    ['workspaces', `insert into workspaces (id, name) select ${id(`'w' || o`)}, 'Office ' || o from ${office}`],
    ['subscriptions', `insert into subscriptions (workspace_id, subscription_type) select ${id(`'w' || o`)}, 'PRO' from ${office}`],
    [
      'people',
      `insert into people (id, first_name, last_name, email, status)
       select ${id(`'p' || o || '.' || k`)}, 'Person', o || '.' || k, 'office' || o || '.' || k || '@scale.test', 'ACTIVE'
       from ${office} cross join generate_series(1, 3) as k`,
    ],
    [
      'members',
      `insert into workspace_members (id, workspace_id, person_id, workspace_member_type)
       select ${id(`'m' || o || '.' || k`)}, ${id(`'w' || o`)}, ${id(`'p' || o || '.' || k`)},
         (array['EXECUTIVEASSISTANT','EXECUTIVE','USER'])[k]::workspace_member_type
       from ${office} cross join generate_series(1, 3) as k`,
    ],
    [
      'tasks',
      `insert into tasks (id, workspace_id, title, notes, status, priority, due_date, assignee_member_id, created_by_member_id, created_at, updated_at)
       select ${id(`'t' || o || '.' || i`)}, ${id(`'w' || o`)},
         (array['Budget','Review','Call','Draft','Book','Prepare','Send','Plan'])[1 + i % 8] || ' ' ||
           (array['board deck','contract','flights','agenda','offsite','speech','invoice','report'])[1 + (i + o) % 8] || ' #' || i,
         '', (array['TODO','IN_PROGRESS','WAITING','DONE'])[1 + (i * 11 + o) % 4]::task_status,
         (array['LOW','MEDIUM','HIGH','URGENT'])[1 + (i * 7) % 4]::task_priority,
         case when i % 5 = 0 then null else current_date + ((i * 37 + o) % 60 - 20) end,
         case when i % 6 = 0 then null else ${id(`'m' || o || '.' || (1 + i % 3)`)} end, ${id(`'m' || o || '.1'`)},
         now() - ((i % 60) || ' days')::interval, now() - (((i * 17 + o) % 86400) || ' minutes')::interval
       from ${office} cross join generate_series(1, 100) as i`,
    ],
    [
      'briefs',
      `insert into briefs (id, workspace_id, title, meeting_at, meeting_time_zone, sections, status, created_by_member_id, updated_by_member_id, created_at, updated_at)
       select ${id(`'b' || o || '.' || i`)}, ${id(`'w' || o`)}, 'Brief ' || i || ' of office ' || o, now() + ((i * 37 % 400 - 100) || ' hours')::interval,
         'Europe/Paris', '[{"id":"00000000-0000-4000-8000-000000000001","heading":"Context","body":"Some **markdown**.","guidance":"","mark":null,"markNote":null,"markedAt":null,"markedByMemberId":null}]'::jsonb,
         (array['DRAFT','READY','ACKNOWLEDGED'])[1 + i % 3]::brief_status, ${id(`'m' || o || '.1'`)}, ${id(`'m' || o || '.1'`)},
         now() - ((i % 30) || ' days')::interval, now() - (((i * 17 + o) % 43200) || ' minutes')::interval
       from ${office} cross join generate_series(1, 10) as i`,
    ],
    [
      'contacts',
      `insert into contacts (id, workspace_id, first_name, last_name, email, working_hours)
       select ${id(`'c' || o || '.' || k`)}, ${id(`'w' || o`)}, 'Contact', o || '.' || k, 'contact' || o || '.' || k || '@scale.test',
         '{"start":"09:00","end":"17:00","days":[1,2,3,4,5]}'::jsonb
       from ${office} cross join generate_series(1, 4) as k`,
    ],
    [
      'question requests',
      `insert into question_requests (id, workspace_id, title, context, items, due_date, time_zone, channel, contact_ids, status, sent_at,
         created_by_member_id, updated_by_member_id, created_at, updated_at)
       select ${id(`'r' || o || '.' || i`)}, ${id(`'w' || o`)}, 'Request ' || i || ' of office ' || o, '',
         (select jsonb_agg(jsonb_build_object('id', ${id(`'item' || s`)}, 'prompt', 'Question ' || s, 'kind', 'OPEN_TEXT', 'options', '[]'::jsonb, 'required', true))
          from generate_series(1, 5) as s),
         current_date + i, 'Europe/Paris', 'LINK',
         (select jsonb_agg(${id(`'c' || o || '.' || k`)}) from generate_series(1, 4) as k),
         'SENT', now() - (i || ' days')::interval, ${id(`'m' || o || '.1'`)}, ${id(`'m' || o || '.1'`)},
         now() - (i || ' days')::interval, now() - (((i * 17 + o) % 43200) || ' minutes')::interval
       from ${office} cross join generate_series(1, 5) as i`,
    ],
    [
      'recipients',
      `insert into question_recipients (id, workspace_id, request_id, contact_id, channel, link_id, state, sent_at)
       select ${id(`'q' || o || '.' || i || '.' || k`)}, ${id(`'w' || o`)}, ${id(`'r' || o || '.' || i`)}, ${id(`'c' || o || '.' || k`)},
         'LINK', md5('link' || o || '.' || i || '.' || k), 'ANSWERED', now() - (i || ' days')::interval
       from ${office} cross join generate_series(1, 5) as i cross join generate_series(1, 4) as k`,
    ],
    [
      'answers',
      `insert into question_answers (id, workspace_id, request_id, recipient_id, item_id, value, late, via, submitted_at, updated_at)
       select gen_random_uuid(), ${id(`'w' || o`)}, ${id(`'r' || o || '.' || i`)}, ${id(`'q' || o || '.' || i || '.' || k`)}, ${id(`'item' || s`)},
         to_jsonb('An answer about item ' || s), false, 'LINK', now(), now()
       from ${office} cross join generate_series(1, 5) as i cross join generate_series(1, 4) as k cross join generate_series(1, 5) as s`,
    ],
    [
      'activity',
      `insert into activity_items (id, workspace_id, kind, actor_member_id, task_id, subject, created_at)
       select gen_random_uuid(), ${id(`'w' || o`)}, 'TASK_CREATED', ${id(`'m' || o || '.1'`)}, ${id(`'t' || o || '.' || i`)},
         jsonb_build_object('taskId', (${id(`'t' || o || '.' || i`)})::text, 'title', 'Task ' || i), now() - (i || ' minutes')::interval
       from ${office} cross join generate_series(1, 20) as i`,
    ],
  ];
  for (const [name, text] of steps) {
    const started = performance.now();
    const result = await db.query(text);
    log(`  ${name}: ${result.rowCount} rows in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  for (const table of [
    'workspaces',
    'workspace_members',
    'tasks',
    'briefs',
    'contacts',
    'question_requests',
    'question_recipients',
    'question_answers',
    'activity_items',
  ])
    await db.query(`vacuum analyze ${table}`);
  const { rows } = await db.query(
    `select (select count(*) from workspaces) as workspaces, (select count(*) from tasks) as tasks, (select count(*) from question_answers) as answers,
       (select count(*) from briefs) as briefs, (select count(*) from question_recipients) as recipients, (select count(*) from activity_items) as activity,
       pg_size_pretty(pg_database_size(current_database())) as size`,
  );
  return rows[0];
}

/** `--scale`: p50/p95 of `total` requests, `concurrency` at a time, of each call on Tandem and on its floor. */
async function measureLatency({ tandemBase, floorBase, calls, authHeaders, total, concurrency, log }) {
  const rows = [];
  for (const call of calls) {
    const headers = call.auth ? { ...authHeaders } : { 'x-client-id': 'tandem-web' };
    if (call.body) headers['content-type'] = 'application/json';
    const one = (base) => async () => {
      const response = await fetch(`${base}${call.url}`, { method: call.method, headers, body: call.body });
      if (!response.ok) throw new Error(`${call.name}: ${response.status}`);
      await response.arrayBuffer();
    };
    const tandem = await timeAll(one(tandemBase), { total, concurrency });
    const floor = await timeAll(one(floorBase), { total, concurrency });
    log(
      `${call.name}: Tandem p50 ${tandem.p50.toFixed(1)} / p95 ${tandem.p95.toFixed(1)} ms; floor ${floor.p50.toFixed(1)} / ${floor.p95.toFixed(1)} ms`,
    );
    rows.push({ call, tandem, floor });
  }
  return rows;
}

// ---------------------------------------------------------------------------------------------
// The hot calls, with the web app's query strings (apps/web/src/features/*/api)

function hotCalls(ctx) {
  const w = `/api/v1/workspaces/${ctx.workspaceId}`;
  const today = new Date().toISOString().slice(0, 10);
  return [
    { name: 'profile', method: 'GET', url: '/api/v1/profile', auth: true },
    { name: 'task list', method: 'GET', url: `${w}/tasks?sort=dueDate&order=asc&limit=25`, auth: true },
    { name: 'dashboard home', method: 'GET', url: `${w}/dashboard?today=${today}&timeZone=Europe%2FParis`, auth: true },
    { name: 'brief list', method: 'GET', url: `${w}/briefs?limit=25`, auth: true },
    { name: 'one brief', method: 'GET', url: `${w}/briefs/${ctx.briefId}`, auth: true },
    { name: 'request list', method: 'GET', url: `${w}/question-requests?limit=25&sort=updatedAt`, auth: true },
    { name: 'one request', method: 'GET', url: `${w}/question-requests/${ctx.requestId}`, auth: true },
    { name: 'public answer page', method: 'GET', url: `/api/v1/public/questions/${ctx.linkId}`, auth: false },
    {
      name: 'answer PUT',
      method: 'PUT',
      url: `/api/v1/public/questions/${ctx.linkId}/answers/${ctx.itemId}`,
      auth: false,
      body: JSON.stringify({ value: 'We shipped the board deck on time.' }),
    },
    { name: 'activity feed', method: 'GET', url: `${w}/activity?limit=20`, auth: true },
  ];
}

/** Calls each hot call twice against the capturing server; the second call's SQL is recorded. */
async function capture(base, calls, authHeaders, captureFile) {
  for (const call of calls) {
    for (const label of [undefined, call.name]) {
      const headers = call.auth ? { ...authHeaders } : { 'x-client-id': 'tandem-web', 'content-type': 'application/json' };
      if (!call.body) delete headers['content-type'];
      if (label) headers['x-bench-capture'] = label;
      const response = await fetch(`${base}${call.url}`, { method: call.method, headers, body: call.body });
      if (!response.ok) throw new Error(`${call.name}: ${response.status} ${await response.text()}`);
      await response.arrayBuffer();
    }
  }
  const lines = readFileSync(captureFile, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));
  for (const call of calls) {
    call.statements = lines
      .filter((line) => line.label === call.name)
      .map(({ text, values, rowMode, name, exec }) => ({ text, values, rowMode, name, exec }));
    call.connections = new Set(lines.filter((line) => line.label === call.name).map((line) => line.connection)).size;
    if (call.statements.length === 0) throw new Error(`${call.name}: no SQL captured`);
  }
}

// ---------------------------------------------------------------------------------------------
// Load: autocannon, alternating Tandem and floor, the better of two

/** Clock ticks per second of /proc's CPU times (USER_HZ: 100 on Linux). */
const TICKS_PER_SECOND = 100;

/**
 * The CPU time (ms, user + system) a server process has used so far, from /proc on Linux: its main
 * thread (where the event loop runs: the work per request that the throughput waits on) and all
 * its threads (libuv's pool with WebCrypto, the GC's helpers). Undefined elsewhere or without a pid.
 */
function cpuTimes(pid) {
  if (pid === undefined || process.platform !== 'linux') return undefined;
  const ms = (stat) => {
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  };
  try {
    return { main: ms(readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8')), all: ms(readFileSync(`/proc/${pid}/stat`, 'utf8')) };
  } catch {
    return undefined;
  }
}

/**
 * The CPU time (ms) the whole machine has been busy so far, every core summed (/proc/stat: user,
 * nice, system, irq, softirq, steal), Linux only: with the database on the same host, the work per
 * request on both sides of the driver, and the load generator's.
 */
function machineCpuTime() {
  if (process.platform !== 'linux') return undefined;
  const fields = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0].trim().split(/\s+/).slice(1).map(Number);
  const [user, nice, system, , , irq, softirq, steal] = fields;
  return ((user + nice + system + irq + softirq + steal) * 1000) / TICKS_PER_SECOND;
}

/**
 * One autocannon run of `call` against `url`; with the server's `pid`, also its CPU per request
 * (µs, main thread and whole process) over the run: steadier than req/s when the machine's speed
 * drifts, since a slower machine serves fewer requests for the same CPU per request.
 */
async function load(url, call, headers, connections, duration, pid) {
  const { default: autocannon } = await import('autocannon');
  const before = cpuTimes(pid);
  const machineBefore = machineCpuTime();
  const result = await autocannon({ url, method: call.method, headers, body: call.body, connections, duration });
  const after = cpuTimes(pid);
  const machineAfter = machineCpuTime();
  const perRequest = (key) => (before && after ? ((after[key] - before[key]) * 1000) / result.requests.total : undefined);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    total: result.requests.total,
    cpuMain: perRequest('main'),
    cpuAll: perRequest('all'),
    cpuMachine: machineBefore === undefined ? undefined : ((machineAfter - machineBefore) * 1000) / result.requests.total,
  };
}

function best(runs) {
  const least = (key) => (runs.every((r) => r[key] !== undefined) ? Math.min(...runs.map((r) => r[key])) : undefined);
  return {
    rps: Math.max(...runs.map((r) => r.rps)),
    p99: Math.min(...runs.map((r) => r.p99)),
    // The spread of one run's latencies, as the median over the runs (the log line shows it).
    p50: median(runs.map((r) => r.p50)),
    p90: median(runs.map((r) => r.p90)),
    cpuMain: least('cpuMain'),
    cpuAll: least('cpuAll'),
    cpuMachine: least('cpuMachine'),
    errors: runs.reduce((sum, r) => sum + r.errors, 0),
    non2xx: runs.reduce((sum, r) => sum + r.non2xx, 0),
  };
}

/** The latencies' spread for the log: the median over the runs of each run's p50 and p90, ms. */
const spreadNote = (r) => ` (p50 ${r.p50}, p90 ${r.p90})`;

/** A run's CPU per request for the log: main thread / whole process / whole machine, µs. */
const cpuNote = (r) =>
  r.cpuMain === undefined
    ? ''
    : `, CPU ${r.cpuMain.toFixed(0)} / ${r.cpuAll.toFixed(0)} / ${r.cpuMachine.toFixed(0)} µs per request (main thread / process / machine)`;

/** The middle value of `values` (the mean of the two middle ones for an even count). */
function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/**
 * Drives `call` at each connection count, Tandem and floor alternating `rounds` times, after an
 * unmeasured warm-up of `warmup` seconds on each server at the first count: a call's first
 * seconds under load compile its path (V8 tiers its functions up), which a long-running server
 * pays once. Without it Tandem's first round ran below its second in nine calls of ten (its path
 * is longer than the floor's one route), and "the better of two" was its second run against the
 * floor's better of two.
 */
async function measure({ tandemBase, floorBase, calls, authHeaders, connectionsList, duration, rounds = 2, warmup = 0, log, pids = {} }) {
  const results = {};
  for (const call of calls) {
    const headers = call.auth ? { ...authHeaders } : { 'x-client-id': 'tandem-web' };
    if (call.body) headers['content-type'] = 'application/json';
    results[call.name] = {};
    if (warmup > 0) {
      for (const base of [tandemBase, floorBase]) await load(`${base}${call.url}`, call, headers, connectionsList[0], warmup);
    }
    for (const connections of connectionsList) {
      const runs = { tandem: [], floor: [] };
      for (let round = 0; round < rounds; round += 1) {
        runs.tandem.push(await load(`${tandemBase}${call.url}`, call, headers, connections, duration, pids.tandem));
        runs.floor.push(await load(`${floorBase}${call.url}`, call, headers, connections, duration, pids.floor));
      }
      // Each round's Tandem run and the floor's run right after it saw nearly the same host speed:
      // the median of their ratios moves less with this machine's drift than best against best.
      const pairRatios = runs.tandem.map((run, index) => run.rps / runs.floor[index].rps);
      results[call.name][connections] = { tandem: best(runs.tandem), floor: best(runs.floor), pairedRatio: median(pairRatios) };
      const r = results[call.name][connections];
      log(
        `${call.name} @${connections}: Tandem ${r.tandem.rps.toFixed(0)} req/s p99 ${r.tandem.p99} ms${spreadNote(r.tandem)}${cpuNote(r.tandem)}; floor ${r.floor.rps.toFixed(0)} req/s p99 ${r.floor.p99} ms${spreadNote(r.floor)}${cpuNote(r.floor)}; rounds' ratios ${pairRatios.map((ratio) => ratio.toFixed(2)).join(', ')}`,
      );
    }
  }
  return results;
}

// ---------------------------------------------------------------------------------------------
// Report

function table({ title, calls, results, connectionsList, embedded }) {
  const [high, low] = connectionsList;
  const lines = [
    `${title}`,
    '',
    `| call | statements (connections) | Tandem req/s | floor req/s | ratio | Tandem p99 | floor p99 | p99 ratio | ≥ 0.8× and ≤ 1.25× | median of the rounds' ratios |${low ? ` p99 at ${low} connections (Tandem / floor) | ≤ 50 ms |` : ''} errors / non-2xx (Tandem, floor) |`,
    `|---|---|---|---|---|---|---|---|---|---|${low ? '---|---|' : ''}---|`,
  ];
  const rows = [];
  for (const call of calls) {
    const h = results[call.name][high];
    const l = low ? results[call.name][low] : undefined;
    const ratio = h.tandem.rps / h.floor.rps;
    const p99Ratio = h.tandem.p99 / Math.max(1, h.floor.p99);
    const pass = ratio >= 0.8 && p99Ratio <= 1.25;
    const lowPass = l ? l.tandem.p99 <= 50 : undefined;
    const faults = `${h.tandem.errors + (l?.tandem.errors ?? 0)} / ${h.tandem.non2xx + (l?.tandem.non2xx ?? 0)}, ${h.floor.errors + (l?.floor.errors ?? 0)} / ${h.floor.non2xx + (l?.floor.non2xx ?? 0)}`;
    rows.push({
      call: call.name,
      statements: call.statements.length,
      connectionsUsed: call.connections,
      [high]: h,
      ...(l ? { [low]: l } : {}),
      ratio,
      p99Ratio,
      pass,
      lowPass,
    });
    lines.push(
      `| ${call.name} | ${call.statements.length} (${call.connections}) | ${h.tandem.rps.toFixed(0)} | ${h.floor.rps.toFixed(0)} | ${ratio.toFixed(2)}× | ${h.tandem.p99} ms | ${h.floor.p99} ms | ${p99Ratio.toFixed(2)}× | ${pass ? 'pass' : 'FAIL'} | ${h.pairedRatio.toFixed(2)}× |${l ? ` ${l.tandem.p99} / ${l.floor.p99} ms | ${lowPass ? 'pass' : 'FAIL'} |` : ''} ${faults} |`,
    );
  }
  if (embedded && low) lines.push('', `Embedded target: p99 ≤ 50 ms at ${low} connections.`);
  return { markdown: lines.join('\n'), rows };
}

// ---------------------------------------------------------------------------------------------
// Profile (--profile <call>): where Tandem's CPU goes under load, from V8's sampling profiler

/** Who owns a profiled frame: a package under node_modules, the app's own source, Node, or V8. */
function owner(url, functionName) {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  const pkg = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (pkg) return pkg[1];
  const app = url.match(/(apps\/server\/src|packages\/contract\/src)\/(.*)$/);
  if (app) return `${app[1]}/${app[2]}`;
  return url.startsWith('node:') ? 'node' : url;
}

/**
 * Self time (ms) of a .cpuprofile by owner and by function, over its last `windowMs` (the load:
 * the server stops right after it, so startup stays out); idle left out.
 */
function selfTimes(profile, windowMs) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const from = profile.endTime - windowMs * 1000;
  const self = new Map();
  let at = profile.startTime;
  for (let i = 0; i < profile.samples.length; i += 1) {
    at += profile.timeDeltas[i] ?? 0;
    if (at < from) continue;
    self.set(profile.samples[i], (self.get(profile.samples[i]) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  }
  const byOwner = new Map();
  const byFunction = new Map();
  for (const [id, ms] of self) {
    const { callFrame } = byId.get(id);
    if (callFrame.functionName === '(idle)') continue;
    const who = owner(callFrame.url, callFrame.functionName);
    byOwner.set(who, (byOwner.get(who) ?? 0) + ms);
    const where = `${callFrame.functionName || '(anonymous)'} ${who}:${callFrame.lineNumber + 1}`;
    byFunction.set(where, (byFunction.get(where) ?? 0) + ms);
  }
  return { byOwner, byFunction };
}

/**
 * Runs a server (`start(nodeArgs)`) under `--cpu-prof` while autocannon drives `call` at
 * `connections` for `duration` seconds after a 1 s warm-up; the profile is copied to `keep`.
 * Returns the load's result and the CPU time per request (ms) by owner and by function, from the
 * samples of the measured load.
 */
async function profileServer({ start, ready, base, call, headers, connections, duration, keep }) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tandem-cpu-prof-'));
  const server = start(['--cpu-prof', '--cpu-prof-dir', dir]);
  try {
    await ready(base);
    await load(`${base}${call.url}`, call, headers, connections, 1);
    const result = await load(`${base}${call.url}`, call, headers, connections, duration);
    await server.stop();
    const file = readdirSync(dir).find((name) => name.endsWith('.cpuprofile'));
    cpSync(path.join(dir, file), keep);
    const { byOwner, byFunction } = selfTimes(JSON.parse(readFileSync(keep, 'utf8')), duration * 1000);
    const perRequest = (map) => new Map([...map].map(([name, ms]) => [name, ms / result.total]));
    return { result, byOwner: perRequest(byOwner), byFunction: perRequest(byFunction) };
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Tandem's and the floor's CPU per request side by side, by owner and Tandem's top functions. */
function profileReport(call, connections, tandem, floor, top = 20) {
  const sum = (map) => [...map.values()].reduce((a, b) => a + b, 0);
  const owners = [...new Set([...tandem.byOwner.keys(), ...floor.byOwner.keys()])].sort(
    (a, b) => (tandem.byOwner.get(b) ?? 0) - (tandem.byOwner.get(a) ?? 0),
  );
  const µs = (ms) => (ms === undefined ? '' : (ms * 1000).toFixed(0));
  return [
    `${call.name} at ${connections} connections under --cpu-prof: Tandem ${tandem.result.rps.toFixed(0)} req/s (p99 ${tandem.result.p99} ms), floor ${floor.result.rps.toFixed(0)} req/s (p99 ${floor.result.p99} ms)`,
    '',
    '| CPU per request by owner (µs) | Tandem | floor |',
    '|---|---|---|',
    `| **all** | ${µs(sum(tandem.byOwner))} | ${µs(sum(floor.byOwner))} |`,
    ...owners.slice(0, top).map((name) => `| ${name} | ${µs(tandem.byOwner.get(name))} | ${µs(floor.byOwner.get(name))} |`),
    '',
    "| Tandem's top functions (µs per request) | Tandem | floor |",
    '|---|---|---|',
    ...[...tandem.byFunction]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, ms]) => `| ${name} | ${µs(ms)} | ${µs(floor.byFunction.get(name))} |`),
  ].join('\n');
}

// ---------------------------------------------------------------------------------------------

async function main() {
  const args = process.argv.slice(2);
  const option = (name) => {
    const index = args.indexOf(name);
    return index >= 0 ? args[index + 1] : undefined;
  };
  const isPglite = args.includes('pglite');
  const scale = Number(option('--scale') ?? 0);
  if (scale && isPglite) throw new Error('--scale runs on PostgreSQL only');
  const asJson = args.includes('--json');
  // 15 s a run (since the eighteenth session; 5 s before): at 64 connections a 5 s run's p99 rests on
  // its slowest 50–100 requests, and one slow stretch of the host moved it by a third (bench/README).
  const duration = Number(option('--duration') ?? 15);
  const rounds = Number(option('--rounds') ?? 2);
  const warmup = Number(option('--warmup') ?? 3);
  const connectionsList = (option('--connections') ?? (isPglite ? '64,8' : '64,16')).split(',').map(Number);
  const serverUrl = args.find((arg) => arg.includes('://')) ?? process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';
  const out = option('--out') ?? path.join(os.tmpdir(), `tandem-api-floor-${isPglite ? 'pglite' : 'postgres'}.md`);
  const log = (line) => (asJson ? process.stderr : process.stdout).write(`${line}\n`);
  const tandemPort = 3295;
  const floorPort = 3296;
  const tandemBase = `http://127.0.0.1:${tandemPort}`;
  const floorBase = `http://127.0.0.1:${floorPort}`;
  const work = mkdtempSync(path.join(os.tmpdir(), 'tandem-api-floor-'));
  const captureFile = path.join(work, 'capture.jsonl');
  writeFileSync(captureFile, '');
  const preload = ['--import', path.join(path.dirname(here), 'lib/sql-capture.mjs')];
  const jwtSecret = randomBytes(32).toString('hex');
  const secrets = { JWT_SECRET: jwtSecret, CODE_PEPPER: randomBytes(32).toString('hex'), ACCESS_TOKEN_TTL_SECONDS: '3600' };
  const captureEnv = { BENCH_CAPTURE_FILE: captureFile };
  const stops = [];
  let dbName;
  let adminClient;
  try {
    let databaseEnv;
    let ctx;
    let version;
    let counts;
    if (isPglite) {
      databaseEnv = { DATA_DIR: path.join(work, 'tandem') };
      const migrating = startServer(tandemPort, { ...databaseEnv, ...secrets });
      await waitReady(tandemBase);
      await migrating.stop();
      const db = await openPglite(path.join(work, 'tandem', 'pgdata'));
      ctx = await seedOffice(db, { email, password });
      version = (await db.query('show server_version')).rows[0].server_version;
      await db.close();
    } else {
      const pg = (await import('pg')).default;
      dbName = `tandem_bench_${randomBytes(4).toString('hex')}`;
      adminClient = new pg.Client({ connectionString: serverUrl });
      await adminClient.connect();
      await adminClient.query(`create database ${dbName}`);
      const url = new URL(serverUrl);
      url.pathname = `/${dbName}`;
      databaseEnv = { DATABASE_URL: url.toString() };
      const migrating = startServer(tandemPort, { ...databaseEnv, ...secrets });
      await waitReady(tandemBase);
      await migrating.stop();
      const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
      ctx = await seedOffice(pool, { email, password });
      if (scale > 1) {
        log(`seeding ${scale - 1} more offices`);
        counts = await seedOffices(pool, scale - 1, log);
      }
      version = (await pool.query('show server_version')).rows[0].server_version;
      await pool.end();
    }
    log('seeded; capturing the SQL of each hot call');
    const only = option('--calls')?.split(',');
    const calls = hotCalls(ctx).filter((call) => !only || only.includes(call.name));
    const capturing = startServer(tandemPort, { ...databaseEnv, ...secrets, ...captureEnv }, preload);
    await waitReady(tandemBase);
    const authHeaders = await signIn(tandemBase, email, password);
    try {
      await capture(tandemBase, calls, authHeaders, captureFile);
    } finally {
      await capturing.stop();
    }
    for (const call of calls) {
      log(`${call.name}: ${call.statements.length} statements on ${call.connections} connection(s)`);
      if (args.includes('--sql')) for (const s of call.statements) log(`  ${s.text.replace(/\s+/g, ' ').slice(0, 400)}`);
    }

    const floorDataDir = path.join(work, 'floor-pgdata');
    if (isPglite) cpSync(path.join(work, 'tandem', 'pgdata'), floorDataDir, { recursive: true });
    const floorConfig = path.join(work, 'floor.json');
    writeFileSync(
      floorConfig,
      JSON.stringify({
        port: floorPort,
        jwtSecret,
        databaseUrl: databaseEnv.DATABASE_URL,
        dataDir: floorDataDir,
        routes: calls.map((call) => ({
          method: call.method,
          path: call.url.split('?')[0],
          auth: call.auth,
          statements: call.statements,
          fresh: call.statements.some((s) => /insert into/i.test(s.text)),
        })),
      }),
    );
    if (args.includes('--statement-times')) {
      log(
        `\n${await statementTimes(calls, isPglite ? { dataDir: floorDataDir } : { databaseUrl: databaseEnv.DATABASE_URL }, args.includes('--explain'))}`,
      );
      return;
    }
    const profiled = option('--profile');
    if (profiled) {
      const call = calls.find((c) => c.name === profiled);
      if (!call) throw new Error(`--profile: no hot call named "${profiled}" (${calls.map((c) => c.name).join(', ')})`);
      const headers = call.auth ? { ...authHeaders } : { 'x-client-id': 'tandem-web' };
      if (call.body) headers['content-type'] = 'application/json';
      const keep = (who) => path.join(path.dirname(out), `${who}-${call.name.replace(/\W+/g, '-')}.cpuprofile`);
      const common = { call, headers, connections: connectionsList[0], duration };
      const tandemProfile = await profileServer({
        ...common,
        start: (nodeArgs) => startServer(tandemPort, { ...databaseEnv, ...secrets }, nodeArgs),
        ready: waitReady,
        base: tandemBase,
        keep: keep('tandem'),
      });
      const floorProfile = await profileServer({
        ...common,
        start: (nodeArgs) => startFloor(floorConfig, nodeArgs),
        ready: waitListening,
        base: floorBase,
        keep: keep('floor'),
      });
      log(
        `\n${profileReport(call, connectionsList[0], tandemProfile, floorProfile)}\n\n(profiles kept as ${keep('tandem')} and ${keep('floor')}: open them in Chrome DevTools)`,
      );
      return;
    }
    const tandem = startServer(tandemPort, { ...databaseEnv, ...secrets });
    stops.push(tandem.stop);
    const floor = startFloor(floorConfig);
    stops.push(floor.stop);
    await waitReady(tandemBase);
    await waitListening(floorBase);
    for (const call of calls) {
      const headers = call.auth ? authHeaders : { 'x-client-id': 'tandem-web', 'content-type': 'application/json' };
      for (const base of [tandemBase, floorBase]) {
        const response = await fetch(`${base}${call.url}`, { method: call.method, headers, body: call.body });
        if (!response.ok) throw new Error(`${call.name} on ${base}: ${response.status} ${await response.text()}`);
        await response.arrayBuffer();
      }
    }
    if (scale > 1) {
      const total = Number(option('--requests') ?? 300);
      const rows = await measureLatency({ tandemBase, floorBase, calls, authHeaders, total, concurrency: 4, log });
      const markdown = [
        `PostgreSQL ${version}, ${new Date().toISOString().slice(0, 10)}: ${counts.workspaces} workspaces, ${counts.tasks} tasks, ${counts.answers} answers, ${counts.briefs} briefs, ${counts.recipients} recipients, ${counts.activity} activity items (${counts.size}); ${total} requests per call, 4 at a time`,
        '',
        '| call | statements | Tandem p50 / p95 | floor p50 / p95 |',
        '|---|---|---|---|',
        ...rows.map(
          ({ call, tandem, floor }) =>
            `| ${call.name} | ${call.statements.length} | ${tandem.p50.toFixed(1)} / ${tandem.p95.toFixed(1)} ms | ${floor.p50.toFixed(1)} / ${floor.p95.toFixed(1)} ms |`,
        ),
      ].join('\n');
      writeFileSync(out, `${markdown}\n`);
      console.log(`\n${markdown}\n\n(written to ${out})`);
      return;
    }
    log(
      `load: ${connectionsList.join(' and ')} connections, ${duration} s per run, Tandem and floor alternating, best of ${rounds}, after ${warmup} s of warm-up per call on each`,
    );
    const pids = { tandem: tandem.child.pid, floor: floor.child.pid };
    const results = await measure({ tandemBase, floorBase, calls, authHeaders, connectionsList, duration, rounds, warmup, log, pids });
    const date = new Date().toISOString().slice(0, 10);
    const title = `${isPglite ? `PGlite (embedded, PostgreSQL ${version})` : `PostgreSQL ${version}`}, ${date}, ${os.cpus().length} cores (load average ${os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(
        ' ',
      )} at the end): ${connectionsList[0]} connections unless stated, ${duration} s per run, best of ${rounds === 2 ? 'two' : rounds}, after ${warmup} s of warm-up per call on each server`;
    const report = table({ title, calls, results, connectionsList, embedded: isPglite });
    writeFileSync(out, `${report.markdown}\n`);
    if (asJson) {
      process.stdout.write(
        `${JSON.stringify({ database: isPglite ? 'pglite' : 'postgres', version, date, duration, connections: connectionsList, rows: report.rows, statements: Object.fromEntries(calls.map((c) => [c.name, c.statements])) }, null, 2)}\n`,
      );
    } else console.log(`\n${report.markdown}\n\n(written to ${out})`);
  } finally {
    for (const stop of stops.reverse()) await stop();
    if (adminClient) {
      await adminClient.query(`drop database if exists ${dbName} with (force)`);
      await adminClient.end();
    }
    rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--serve-floor') await serveFloor(JSON.parse(readFileSync(process.argv[3], 'utf8')));
else await main();
