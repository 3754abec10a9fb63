// p50/p95 of the brief list through the HTTP API (GET /api/v1/workspaces/{id}/briefs) next to the
// bare SQL of the same page run through `pg` (the floor), with 10,000 briefs in one workspace
// (issue #9 "brief list p95 with 10,000 briefs in a workspace next to its bare SQL").
// Usage:
//   node bench/brief-list.mjs [postgresql://…] [requests=200] [concurrency=1]
// The URL defaults to TEST_DATABASE_URL, then DATABASE_URL; a database tandem_bench_* is created on
// that server and dropped afterwards. The server runs from source (tsx), so no build is needed.
// autocannon is not installed in this repository; requests are timed one by one with fetch, as
// bench/tasks.mjs does.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { hash } from '@node-rs/argon2';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const serverUrl = args[0]?.includes('://') ? args[0] : (process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL);
const numbers = args.filter((arg) => /^\d+$/.test(arg)).map(Number);
const total = numbers[0] ?? 200;
const concurrency = numbers[1] ?? 1;
const BRIEFS = 10_000;
const port = 3292;
const base = `http://127.0.0.1:${port}`;
const password = 'bench tandem assistant password';
const email = 'bench.assistant@tandem.local';
if (!serverUrl) {
  console.error('Give a PostgreSQL URL (or set TEST_DATABASE_URL or DATABASE_URL).');
  process.exit(1);
}

// ---------------------------------------------------------------------------------------------
// The server, from source

function startServer(env) {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/server.ts')], {
    cwd: path.join(root, 'apps/server'),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      TANDEM_DEMO: '0',
      RATE_LIMIT_PER_MINUTE: '1000000',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return { child, stop: async () => (child.kill('SIGTERM'), await exited) };
}

async function waitReady() {
  for (let i = 0; i < 300; i += 1) {
    try {
      if ((await fetch(`${base}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not start');
}

// ---------------------------------------------------------------------------------------------
// Seed: one workspace, an executive and the assistant who signs in, 10,000 briefs of 5 sections
// each (about 1 KB of markdown per brief, some sections marked) in one set-based insert

async function seed(db) {
  const passwordHash = await hash(password);
  const {
    rows: [person],
  } = await db.query(
    `insert into people (id, first_name, last_name, email, password_hash, status) values (gen_random_uuid(), 'Bench', 'Assistant', $1, $2, 'ACTIVE') returning id`,
    [email, passwordHash],
  );
  const {
    rows: [workspace],
  } = await db.query(`insert into workspaces (id, name) values (gen_random_uuid(), 'Bench workspace') returning id`);
  await db.query(`insert into subscriptions (workspace_id, subscription_type) values ($1, 'PRO')`, [workspace.id]);
  const {
    rows: [me],
  } = await db.query(
    `insert into workspace_members (id, workspace_id, person_id, workspace_member_type) values (gen_random_uuid(), $1, $2, 'EXECUTIVEASSISTANT') returning id`,
    [workspace.id, person.id],
  );
  const started = performance.now();
  await db.query(
    `insert into briefs (id, workspace_id, title, meeting_at, meeting_time_zone, sections, status, ready_at, confidential, version,
       need_more_count, need_more_at, created_by_member_id, updated_by_member_id, created_at, updated_at)
     select gen_random_uuid(), $1,
       (array['Board prep','Investor call','Supplier negotiation','Offsite planning','Daily brief','Travel brief','Town hall','1:1 prep'])[1 + i % 8]
         || ' ' || (array['Q1','Q2','Q3','Q4','Berlin','Tokyo','New York','Paris'])[1 + (i / 8) % 8] || ' #' || i,
       case when i % 4 = 0 then null else now() + ((i * 37 % 4000 - 2000) || ' hours')::interval end,
       case when i % 4 = 0 then null else 'Europe/Paris' end,
       (select jsonb_agg(jsonb_build_object(
          'id', gen_random_uuid(), 'heading', 'Section ' || s, 'body', repeat('Some **markdown** about the meeting. ', 6),
          'guidance', '', 'mark', case when (i + s) % 7 = 0 then 'NEED_MORE' when (i + s) % 3 = 0 then 'READ' end,
          'markNote', null, 'markedAt', case when (i + s) % 7 = 0 or (i + s) % 3 = 0 then to_char(now(), 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') end,
          'markedByMemberId', null))
        from generate_series(1, 5) as s),
       (array['DRAFT','READY','ACKNOWLEDGED'])[1 + i % 3]::brief_status,
       case when i % 3 <> 0 then now() end,
       i % 10 = 0, 1 + i % 5,
       0, null, $2, $2,
       now() - ((i % 365) || ' days')::interval,
       now() - ((i * 17 % 525600) || ' minutes')::interval
     from generate_series(1, ${BRIEFS}) as i`,
    [workspace.id, me.id],
  );
  await db.query(
    `update briefs set need_more_count = (select count(*) from jsonb_array_elements(sections) e where e->>'mark' = 'NEED_MORE')`,
  );
  await db.query(`update briefs set need_more_at = now() where need_more_count > 0`);
  await db.query('analyze briefs');
  console.log(`seeded ${BRIEFS} briefs in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return { workspaceId: workspace.id, memberId: me.id };
}

// ---------------------------------------------------------------------------------------------
// The scenarios: the API query and the bare SQL of the same page (what briefs-repository runs)

const mark = (name) => `(select count(*)::int from jsonb_array_elements(b.sections) as section where section->>'mark' = '${name}')`;
const selectPage = `select b.id, b.title, b.status, b.meeting_at, b.meeting_time_zone, jsonb_array_length(b.sections),
    ${mark('READ')}, ${mark('DECIDED')}, ${mark('NEED_MORE')}, b.confidential, b.version, c.id, cp.first_name, cp.last_name, b.updated_at
  from briefs b
  left join workspace_members c on c.id = b.created_by_member_id left join people cp on cp.id = c.person_id
  where b.workspace_id = $1`;

function scenarios(ctx) {
  const newest = 'order by b.updated_at desc, b.id desc limit 26';
  return [
    { name: 'first page (updatedAt)', query: {}, sql: `${selectPage} ${newest}`, params: [] },
    {
      name: 'q=board',
      query: { q: 'board' },
      sql: `${selectPage} and b.search @@ to_tsquery('simple'::regconfig, 'board:*') ${newest}`,
      params: [],
    },
    {
      name: 'q=inv tok (2 words)',
      query: { q: 'inv tok' },
      sql: `${selectPage} and b.search @@ to_tsquery('simple'::regconfig, 'inv:* & tok:*') ${newest}`,
      params: [],
    },
    { name: 'status=READY', query: { status: 'READY' }, sql: `${selectPage} and b.status in ('READY') ${newest}`, params: [] },
    {
      name: 'sort=meetingAt',
      query: { sort: 'meetingAt' },
      sql: `${selectPage} and b.meeting_at is not null order by b.meeting_at asc, b.id asc limit 26`,
      params: [],
    },
    {
      name: '2nd page (cursor)',
      query: { cursor: ctx.cursor },
      sql: `${selectPage} and (b.updated_at, b.id) < ($2::timestamptz, $3::uuid) ${newest}`,
      params: [ctx.cursorKey, ctx.cursorId],
    },
  ];
}

async function timeAll(run) {
  const latencies = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        next += 1;
        const t0 = performance.now();
        await run();
        latencies.push(performance.now() - t0);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
  return { p50: at(0.5), p95: at(0.95) };
}

async function measureSql(db, ctx) {
  const results = {};
  for (const scenario of scenarios(ctx)) {
    const params = [ctx.workspaceId, ...scenario.params];
    const { rows } = await db.query(scenario.sql, params); // warm
    if (rows.length === 0) throw new Error(`${scenario.name}: the bare SQL found nothing`);
    results[scenario.name] = await timeAll(() => db.query(scenario.sql, params));
  }
  return results;
}

async function prepareHttp(ctx) {
  const headers = { 'x-client-id': 'tandem-web', 'content-type': 'application/json' };
  const signIn = await fetch(`${base}/api/auth/password`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ loginIdentifier: email, password, grant_type: 'password', client_id: 'tandem-web' }),
  });
  if (!signIn.ok) throw new Error(`sign-in failed: ${signIn.status} ${await signIn.text()}`);
  const { payload } = await signIn.json();
  const authHeaders = { ...headers, authorization: `Bearer ${payload.access_token}` };
  const url = (query) => `${base}/api/v1/workspaces/${ctx.workspaceId}/briefs?${new URLSearchParams(query)}`;
  const first = await (await fetch(url({}), { headers: authHeaders })).json();
  ctx.cursor = first.payload.nextCursor;
  const last = first.payload.items.at(-1);
  ctx.cursorKey = last.updatedAt;
  ctx.cursorId = last.id;
  return { authHeaders, url };
}

async function measureHttp(ctx, http) {
  const results = {};
  for (const scenario of scenarios(ctx)) {
    const run = async () => {
      const response = await fetch(http.url(scenario.query), { headers: http.authHeaders });
      const body = await response.json();
      if (!response.ok || body.payload.items.length === 0) throw new Error(`${scenario.name}: ${response.status} ${JSON.stringify(body)}`);
    };
    await run();
    results[scenario.name] = await timeAll(run);
  }
  return results;
}

function report(label, http, sql) {
  console.log(`\n${label}: ${BRIEFS} briefs, ${total} requests per line, concurrency ${concurrency}, limit 25`);
  console.log(`${'query'.padEnd(24)} ${'API p50'.padStart(9)} ${'API p95'.padStart(9)} ${'SQL p50'.padStart(9)} ${'SQL p95'.padStart(9)}`);
  for (const name of Object.keys(http)) {
    const cells = [http[name].p50, http[name].p95, sql[name].p50, sql[name].p95].map((ms) => `${ms.toFixed(2)} ms`.padStart(9));
    console.log(`${name.padEnd(24)} ${cells.join(' ')}`);
  }
}

// ---------------------------------------------------------------------------------------------

const pg = (await import('pg')).default;
const name = `tandem_bench_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
await admin.query(`create database ${name}`);
const url = new URL(serverUrl);
url.pathname = `/${name}`;
const server = startServer({
  DATABASE_URL: url.toString(),
  JWT_SECRET: randomBytes(32).toString('hex'),
  CODE_PEPPER: randomBytes(32).toString('hex'),
});
const pool = new pg.Pool({ connectionString: url.toString(), max: Math.max(1, concurrency) });
try {
  await waitReady();
  const ctx = await seed(pool);
  const http = await prepareHttp(ctx);
  const httpResults = await measureHttp(ctx, http);
  const sqlResults = await measureSql(pool, ctx);
  report(`PostgreSQL ${(await pool.query('show server_version')).rows[0].server_version}`, httpResults, sqlResults);
} finally {
  await pool.end();
  await server.stop();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}
