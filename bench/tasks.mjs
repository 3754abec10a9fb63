// p50/p95 of the main task list queries through the HTTP API (GET /api/v1/workspaces/{id}/tasks)
// next to the bare SQL query for the same page (the floor), with 100,000 tasks in one workspace.
// Usage:
//   node bench/tasks.mjs [postgresql://…] [requests=200] [concurrency=1]   PostgreSQL (or TEST_DATABASE_URL)
//   node bench/tasks.mjs pglite [requests=200] [concurrency=1]             embedded PGlite
// On PostgreSQL a database tandem_bench_* is created on that server and dropped afterwards.
// The server runs from source (tsx), so no build is needed.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  measureHttp,
  measureSql,
  openPglite,
  report,
  seedSignedInMember,
  signIn,
  startServer,
  waitReady,
  withScratchPostgres,
} from './lib/list-bench.mjs';
const args = process.argv.slice(2);
const isPglite = args[0] === 'pglite';
const serverUrl = isPglite ? undefined : args[0]?.includes('://') ? args[0] : process.env.TEST_DATABASE_URL;
const numbers = args.filter((arg) => /^\d+$/.test(arg)).map(Number);
const total = numbers[0] ?? 200;
const concurrency = numbers[1] ?? 1;
const TASKS = 100_000;
const port = 3291;
const base = `http://127.0.0.1:${port}`;
const password = 'bench tandem executive password';
const email = 'bench.executive@tandem.local';
if (!isPglite && !serverUrl) {
  console.error('Give a PostgreSQL URL (or set TEST_DATABASE_URL), or "pglite".');
  process.exit(1);
}

// ---------------------------------------------------------------------------------------------
// Seed: one workspace, five members, 100,000 tasks in one set-based insert

async function seed(db) {
  const { workspaceId, memberId } = await seedSignedInMember(db, { email, password, lastName: 'Executive', type: 'EXECUTIVE' });
  const others = [];
  for (const [index, type] of ['EXECUTIVEASSISTANT', 'USER', 'USER', 'GUEST'].entries()) {
    const {
      rows: [other],
    } = await db.query(
      `insert into people (id, first_name, last_name, email, status) values (gen_random_uuid(), 'Member', $1, $2, 'ACTIVE') returning id`,
      [String(index), `bench.member.${index}@tandem.local`],
    );
    const {
      rows: [member],
    } = await db.query(
      `insert into workspace_members (id, workspace_id, person_id, workspace_member_type) values (gen_random_uuid(), $1, $2, $3) returning id`,
      [workspaceId, other.id, type],
    );
    others.push(member.id);
  }
  const members = [memberId, ...others];
  const started = performance.now();
  await db.query(
    `insert into tasks (id, workspace_id, title, notes, status, priority, due_date, assignee_member_id, created_by_member_id, version, completed_at, created_at, updated_at)
     select gen_random_uuid(), $1,
       (array['Budget','Review','Call','Draft','Book','Prepare','Send','Plan'])[1 + i % 8] || ' ' ||
         (array['board deck','contract','flights','agenda','offsite','speech','invoice','report'])[1 + (i / 8) % 8] || ' #' || i,
       case when i % 3 = 0 then 'Notes for task ' || i || ' about the quarterly numbers' else '' end,
       s.status, (array['LOW','MEDIUM','HIGH','URGENT'])[1 + (i * 7) % 4]::task_priority,
       case when i % 5 = 0 then null else current_date + ((i * 37) % 400 - 200) end,
       -- assignee by (i / 3), not by i: "by i" put every task of the bench's member on the undated
       -- rows (i % 5 = 0), so the floor of "mine" read an empty range (issue #9 found it).
       case when i % 6 = 0 then null else ($2::uuid[])[1 + (i / 3) % 5] end,
       ($2::uuid[])[1 + (i * 3) % 2],
       1 + i % 4,
       case when s.status = 'DONE' then now() - ((i % 90) || ' days')::interval end,
       now() - ((i % 365) || ' days')::interval,
       now() - ((i * 17 % 525600) || ' minutes')::interval
     from generate_series(1, ${TASKS}) as i
     cross join lateral (select (array['TODO','IN_PROGRESS','WAITING','DONE'])[1 + (i * 11) % 4]::task_status as status) s`,
    [workspaceId, `{${members.join(',')}}`],
  );
  await db.query('analyze tasks');
  console.log(`seeded ${TASKS} tasks in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return { workspaceId, memberId };
}

// ---------------------------------------------------------------------------------------------
// The scenarios: the API query and the bare SQL of the same page (what tasks-repository runs)

const selectPage = `select t.id, t.title, t.notes, t.status, t.priority, t.due_date, t.assignee_member_id, t.created_by_member_id,
    t.links, t.version, t.completed_at, t.created_at, t.updated_at, ap.first_name, ap.last_name, cp.first_name, cp.last_name
  from tasks t
  left join workspace_members a on a.id = t.assignee_member_id left join people ap on ap.id = a.person_id
  left join workspace_members c on c.id = t.created_by_member_id left join people cp on cp.id = c.person_id
  where t.workspace_id = $1`;

function scenarios(ctx) {
  const today = new Date().toISOString().slice(0, 10);
  const dated = 'and t.due_date is not null';
  const byDue = 'order by t.due_date asc, t.id asc limit 26';
  return [
    { name: 'default (dueDate asc)', query: {}, sql: `${selectPage} ${dated} ${byDue}`, params: [] },
    { name: 'mine', query: { mine: 'true' }, sql: `${selectPage} and t.assignee_member_id = $2 ${dated} ${byDue}`, params: [ctx.memberId] },
    {
      name: 'overdue',
      query: { overdue: 'true' },
      sql: `${selectPage} and t.due_date < $2 and t.status <> 'DONE' ${dated} ${byDue}`,
      params: [today],
    },
    {
      name: 'status=TODO,WAITING',
      query: { status: 'TODO,WAITING' },
      sql: `${selectPage} and t.status in ('TODO', 'WAITING') ${dated} ${byDue}`,
      params: [],
    },
    {
      name: 'q=contract',
      query: { q: 'contract' },
      sql: `${selectPage} and t.search @@ to_tsquery('simple', 'contract:*') ${dated} ${byDue}`,
      params: [],
    },
    {
      name: 'sort=priority desc',
      query: { sort: 'priority' },
      sql: `${selectPage} order by t.priority desc, t.id desc limit 26`,
      params: [],
    },
    {
      name: 'sort=updatedAt desc',
      query: { sort: 'updatedAt' },
      sql: `${selectPage} order by t.updated_at desc, t.id desc limit 26`,
      params: [],
    },
    {
      name: '2nd page (cursor)',
      query: { cursor: ctx.cursor },
      sql: `${selectPage} ${dated} and (t.due_date, t.id) > ($2::date, $3::uuid) ${byDue}`,
      params: [ctx.cursorKey, ctx.cursorId],
    },
  ];
}

async function prepareHttp(ctx) {
  const authHeaders = await signIn(base, email, password);
  const url = (query) => `${base}/api/v1/workspaces/${ctx.workspaceId}/tasks?${new URLSearchParams(query)}`;
  const first = await (await fetch(url({}), { headers: authHeaders })).json();
  ctx.cursor = first.payload.nextCursor;
  const last = first.payload.items.at(-1);
  ctx.cursorKey = last.dueDate;
  ctx.cursorId = last.id;
  return { authHeaders, url };
}

const title = (database) => `${database}: ${TASKS} tasks, ${total} requests per line, concurrency ${concurrency}, limit 25`;

// ---------------------------------------------------------------------------------------------

const load = { total, concurrency };
if (isPglite) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tandem-bench-tasks-'));
  try {
    // The first start migrates; PGlite has one owner at a time, so the server stops while seeding.
    let server = startServer(port, { DATA_DIR: dataDir });
    await waitReady(base);
    await server.stop();
    const db = await openPglite(path.join(dataDir, 'pgdata'));
    const ctx = await seed(db);
    await db.close();
    server = startServer(port, { DATA_DIR: dataDir });
    try {
      await waitReady(base);
      const http = await prepareHttp(ctx);
      const httpResults = await measureHttp(http.url, http.authHeaders, scenarios(ctx), load);
      await server.stop();
      server = undefined;
      const floorDb = await openPglite(path.join(dataDir, 'pgdata'));
      const sqlResults = await measureSql(floorDb, ctx.workspaceId, scenarios(ctx), load);
      await floorDb.close();
      report(title('PGlite (embedded)'), httpResults, sqlResults);
    } finally {
      await server?.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
} else {
  await withScratchPostgres(serverUrl, port, async (url, pg) => {
    const pool = new pg.Pool({ connectionString: url, max: Math.max(1, concurrency) });
    try {
      const ctx = await seed(pool);
      const http = await prepareHttp(ctx);
      const httpResults = await measureHttp(http.url, http.authHeaders, scenarios(ctx), load);
      const sqlResults = await measureSql(pool, ctx.workspaceId, scenarios(ctx), load);
      report(title(`PostgreSQL ${(await pool.query('show server_version')).rows[0].server_version}`), httpResults, sqlResults);
    } finally {
      await pool.end();
    }
  });
}
