// p50/p95 of the brief list through the HTTP API (GET /api/v1/workspaces/{id}/briefs) next to the
// bare SQL of the same page run through `pg` (the floor), with 10,000 briefs in one workspace
// (issue #9 "brief list p95 with 10,000 briefs in a workspace next to its bare SQL").
// Usage:
//   node bench/brief-list.mjs [postgresql://…] [requests=200] [concurrency=1]
// The URL defaults to TEST_DATABASE_URL, then DATABASE_URL; a database tandem_bench_* is created on
// that server and dropped afterwards. The server runs from source (tsx), so no build is needed.
// autocannon is not installed in this repository; requests are timed one by one with fetch, as
// bench/tasks.mjs does.
import { measureHttp, measureSql, report, seedSignedInMember, signIn, withScratchPostgres } from './lib/list-bench.mjs';

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
// Seed: one workspace, the assistant who signs in, 10,000 briefs of 5 sections
// each (about 1 KB of markdown per brief, some sections marked) in one set-based insert

async function seed(db) {
  const { workspaceId, memberId } = await seedSignedInMember(db, { email, password, lastName: 'Assistant', type: 'EXECUTIVEASSISTANT' });
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
    [workspaceId, memberId],
  );
  await db.query(
    `update briefs set need_more_count = (select count(*) from jsonb_array_elements(sections) e where e->>'mark' = 'NEED_MORE')`,
  );
  await db.query(`update briefs set need_more_at = now() where need_more_count > 0`);
  await db.query('analyze briefs');
  console.log(`seeded ${BRIEFS} briefs in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return { workspaceId, memberId };
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

async function prepareHttp(ctx) {
  const authHeaders = await signIn(base, email, password);
  const url = (query) => `${base}/api/v1/workspaces/${ctx.workspaceId}/briefs?${new URLSearchParams(query)}`;
  const first = await (await fetch(url({}), { headers: authHeaders })).json();
  ctx.cursor = first.payload.nextCursor;
  const last = first.payload.items.at(-1);
  ctx.cursorKey = last.updatedAt;
  ctx.cursorId = last.id;
  return { authHeaders, url };
}

// ---------------------------------------------------------------------------------------------

const load = { total, concurrency };
await withScratchPostgres(serverUrl, port, async (url, pg) => {
  const pool = new pg.Pool({ connectionString: url, max: Math.max(1, concurrency) });
  try {
    const ctx = await seed(pool);
    const http = await prepareHttp(ctx);
    const httpResults = await measureHttp(http.url, http.authHeaders, scenarios(ctx), load);
    const sqlResults = await measureSql(pool, ctx.workspaceId, scenarios(ctx), load);
    const version = (await pool.query('show server_version')).rows[0].server_version;
    report(
      `PostgreSQL ${version}: ${BRIEFS} briefs, ${total} requests per line, concurrency ${concurrency}, limit 25`,
      httpResults,
      sqlResults,
    );
  } finally {
    await pool.end();
  }
});
