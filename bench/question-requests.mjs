// p50/p95 of the question-request list through the HTTP API (GET /api/v1/workspaces/{id}/question-requests)
// next to the bare SQL of the same page run through `pg` (the floor), with 10,000 requests in one
// workspace (issue #10 "the request list at 10,000 requests … next to its bare SQL"). Each page
// counts its requests' recipients per state in the same statement, as the API does.
// Usage:
//   node bench/question-requests.mjs [postgresql://…] [requests=200] [concurrency=1]
// The URL defaults to TEST_DATABASE_URL, then DATABASE_URL; a database tandem_bench_* is created on
// that server and dropped afterwards. The server runs from source (tsx), so no build is needed.
import { measureHttp, measureSql, report, seedSignedInMember, signIn, withScratchPostgres } from './lib/list-bench.mjs';

const args = process.argv.slice(2);
const serverUrl = args[0]?.includes('://') ? args[0] : (process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL);
const numbers = args.filter((arg) => /^\d+$/.test(arg)).map(Number);
const total = numbers[0] ?? 200;
const concurrency = numbers[1] ?? 1;
const REQUESTS = 10_000;
const CONTACTS = 100;
const port = 3293;
const base = `http://127.0.0.1:${port}`;
const password = 'bench tandem assistant password';
const email = 'bench.questions@tandem.local';
if (!serverUrl) {
  console.error('Give a PostgreSQL URL (or set TEST_DATABASE_URL or DATABASE_URL).');
  process.exit(1);
}

// ---------------------------------------------------------------------------------------------
// Seed: one workspace, the assistant who signs in, 100 contacts, 10,000 requests of 3 items
// (a third DRAFT, a third SENT, a third CLOSED), 5 recipients per sent or closed request (about
// 33,000 recipients in mixed states), set-based inserts

async function seed(db) {
  const { workspaceId, memberId } = await seedSignedInMember(db, { email, password, lastName: 'Assistant', type: 'EXECUTIVEASSISTANT' });
  const started = performance.now();
  await db.query(
    `insert into contacts (id, workspace_id, first_name, last_name, email, company, working_hours)
     select gen_random_uuid(), $1, 'Vera' || i, 'Palmer', 'vp' || i || '@example.test', 'Acme',
       '{"start":"09:00","end":"17:00","days":[1,2,3,4,5]}'::jsonb
     from generate_series(1, ${CONTACTS}) as i`,
    [workspaceId],
  );
  await db.query(
    `insert into question_requests (id, workspace_id, title, context, items, due_date, time_zone, channel, contact_ids, status, version,
       sent_at, closed_at, created_by_member_id, updated_by_member_id, created_at, updated_at)
     select gen_random_uuid(), $1,
       (array['Board meeting prep','Investor update','Offsite logistics','Hiring check-in','Budget review','Customer feedback','Town hall','Quarterly numbers'])[1 + i % 8]
         || ' ' || (array['Q1','Q2','Q3','Q4','Berlin','Tokyo','New York','Paris'])[1 + (i / 8) % 8] || ' #' || i,
       'Context for the recipients.',
       (select jsonb_agg(jsonb_build_object('id', gen_random_uuid(), 'prompt', 'Question ' || s, 'kind', 'OPEN_TEXT', 'options', '[]'::jsonb, 'required', true))
        from generate_series(1, 3) as s),
       case when i % 5 = 0 then null else current_date + (i * 37 % 400 - 200) end,
       'America/New_York', 'LINK', '[]'::jsonb,
       (array['DRAFT','SENT','CLOSED'])[1 + i % 3]::question_request_status, 1 + i % 5,
       case when i % 3 <> 0 then now() - ((i % 300) || ' days')::interval end,
       case when i % 3 = 2 then now() - ((i % 100) || ' days')::interval end,
       $2, $2,
       now() - ((i % 365) || ' days')::interval,
       now() - ((i * 17 % 525600) || ' minutes')::interval
     from generate_series(1, ${REQUESTS}) as i`,
    [workspaceId, memberId],
  );
  await db.query(
    `insert into question_recipients (id, workspace_id, request_id, contact_id, channel, link_id, state, sent_at)
     select gen_random_uuid(), r.workspace_id, r.id, c.id, 'LINK', md5(r.id::text || c.id::text),
       (array['PENDING','OPENED','PARTIAL','ANSWERED'])[1 + (abs(hashtext(r.id::text || c.id::text)) % 4)]::recipient_state, r.sent_at
     from question_requests r
     cross join lateral (select id from contacts where workspace_id = r.workspace_id
       order by md5(id::text || r.id::text) limit 5) c
     where r.workspace_id = $1 and r.status <> 'DRAFT'`,
    [workspaceId],
  );
  await db.query(
    `update question_requests r set contact_ids = (select jsonb_agg(contact_id) from question_recipients q where q.request_id = r.id)
     where r.workspace_id = $1 and r.status <> 'DRAFT'`,
    [workspaceId],
  );
  await db.query('analyze question_requests');
  await db.query('analyze question_recipients');
  const { rows } = await db.query('select count(*)::int as n from question_recipients where workspace_id = $1', [workspaceId]);
  console.log(`seeded ${REQUESTS} requests and ${rows[0].n} recipients in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return { workspaceId, memberId };
}

// ---------------------------------------------------------------------------------------------
// The scenarios: the API query and the bare SQL of the same page (what requests-repository runs)

const progress = `(select jsonb_build_object('total', count(*)::int,
    'PENDING', (count(*) filter (where qr.state = 'PENDING'))::int, 'OPENED', (count(*) filter (where qr.state = 'OPENED'))::int,
    'PARTIAL', (count(*) filter (where qr.state = 'PARTIAL'))::int, 'ANSWERED', (count(*) filter (where qr.state = 'ANSWERED'))::int)
  from question_recipients qr where qr.workspace_id = r.workspace_id and qr.request_id = r.id)`;
const selectPage = `select r.id, r.title, r.status, r.due_date, jsonb_array_length(r.items), ${progress}, r.channel, r.sent_at, r.closed_at,
    c.id, cp.first_name, cp.last_name, r.created_at, r.updated_at
  from question_requests r
  left join workspace_members c on c.id = r.created_by_member_id left join people cp on cp.id = c.person_id
  where r.workspace_id = $1`;

function scenarios(ctx) {
  const newest = 'order by r.updated_at desc, r.id desc limit 26';
  return [
    { name: 'first page (updatedAt)', query: {}, sql: `${selectPage} ${newest}`, params: [] },
    { name: 'status=SENT', query: { status: 'SENT' }, sql: `${selectPage} and r.status in ('SENT') ${newest}`, params: [] },
    {
      name: 'q=board',
      query: { q: 'board' },
      sql: `${selectPage} and r.search @@ to_tsquery('simple'::regconfig, 'board:*') ${newest}`,
      params: [],
    },
    {
      name: 'contactId',
      query: { contactId: ctx.contactId },
      sql: `${selectPage} and r.contact_ids @> $2::jsonb ${newest}`,
      params: [JSON.stringify([ctx.contactId])],
    },
    {
      name: 'sort=dueDate',
      query: { sort: 'dueDate' },
      sql: `${selectPage} and r.due_date is not null order by r.due_date asc, r.id asc limit 26`,
      params: [],
    },
    { name: 'sort=title', query: { sort: 'title' }, sql: `${selectPage} order by r.title asc, r.id asc limit 26`, params: [] },
    {
      name: '2nd page (cursor)',
      query: { cursor: ctx.cursor },
      sql: `${selectPage} and (r.updated_at, r.id) < ($2::timestamptz, $3::uuid) ${newest}`,
      params: [ctx.cursorKey, ctx.cursorId],
    },
  ];
}

async function prepareHttp(ctx, db) {
  const authHeaders = await signIn(base, email, password);
  const url = (query) => `${base}/api/v1/workspaces/${ctx.workspaceId}/question-requests?${new URLSearchParams(query)}`;
  const first = await (await fetch(url({}), { headers: authHeaders })).json();
  ctx.cursor = first.payload.nextCursor;
  const last = first.payload.items.at(-1);
  ctx.cursorKey = last.updatedAt;
  ctx.cursorId = last.id;
  ctx.contactId = (await db.query('select id from contacts where workspace_id = $1 limit 1', [ctx.workspaceId])).rows[0].id;
  return { authHeaders, url };
}

// ---------------------------------------------------------------------------------------------

const load = { total, concurrency };
await withScratchPostgres(serverUrl, port, async (url, pg) => {
  const pool = new pg.Pool({ connectionString: url, max: Math.max(1, concurrency) });
  try {
    const ctx = await seed(pool);
    const http = await prepareHttp(ctx, pool);
    const httpResults = await measureHttp(http.url, http.authHeaders, scenarios(ctx), load);
    const sqlResults = await measureSql(pool, ctx.workspaceId, scenarios(ctx), load);
    const version = (await pool.query('show server_version')).rows[0].server_version;
    report(
      `PostgreSQL ${version}: ${REQUESTS} question requests, ${total} requests per line, concurrency ${concurrency}, limit 25`,
      httpResults,
      sqlResults,
    );
  } finally {
    await pool.end();
  }
});
