// p50/p95 of a recipient saving one answer on the public page (PUT
// /api/v1/public/questions/{shortUrl}/answers/{itemId}) with 50 recipients saving at once, next to
// the bare SQL of the same upsert run through `pg` with the same concurrency (the floor)
// (issue #10 "public answer save p95 under 50 concurrent recipients").
// Usage:
//   node bench/public-answers.mjs [postgresql://…] [requests=1000] [concurrency=50]
// The URL defaults to TEST_DATABASE_URL, then DATABASE_URL; a database tandem_bench_* is created on
// that server and dropped afterwards. The server runs from source (tsx), so no build is needed.
// Each worker is one recipient (its own link), alternating its answer so every save is a change.
import { randomBytes, randomUUID } from 'node:crypto';
import { seedSignedInMember, timeAll, withScratchPostgres } from './lib/list-bench.mjs';

const args = process.argv.slice(2);
const serverUrl = args[0]?.includes('://') ? args[0] : (process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL);
const numbers = args.filter((arg) => /^\d+$/.test(arg)).map(Number);
const total = numbers[0] ?? 1000;
const concurrency = numbers[1] ?? 50;
const port = 3293;
const base = `http://127.0.0.1:${port}`;
if (!serverUrl) {
  console.error('Give a PostgreSQL URL (or set TEST_DATABASE_URL or DATABASE_URL).');
  process.exit(1);
}

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** A 22-character base62 link id, as public-ids.ts makes them. */
const publicId = () => [...randomBytes(22)].map((byte) => BASE62[byte % 62]).join('');

// ---------------------------------------------------------------------------------------------
// Seed: one workspace, a SENT request of 5 items, `concurrency` recipients with their links

async function seed(db) {
  const { workspaceId, memberId } = await seedSignedInMember(db, {
    email: 'bench.answers@tandem.local',
    password: 'bench tandem answers password',
    lastName: 'Assistant',
    type: 'EXECUTIVEASSISTANT',
  });
  const items = [
    { id: randomUUID(), prompt: 'What went well?', kind: 'OPEN_TEXT', options: [], required: true },
    { id: randomUUID(), prompt: 'How confident are you?', kind: 'SCALE_1_5', options: [], required: true },
    { id: randomUUID(), prompt: 'Which market?', kind: 'SINGLE_CHOICE', options: ['Europe', 'Asia', 'Americas'], required: true },
    { id: randomUUID(), prompt: 'Can you attend?', kind: 'YES_NO', options: [], required: false },
    { id: randomUUID(), prompt: 'When?', kind: 'DATE', options: [], required: false },
  ];
  const {
    rows: [request],
  } = await db.query(
    `insert into question_requests (id, workspace_id, title, items, due_date, time_zone, remind_after_days, status, sent_at, created_by_member_id)
     values (gen_random_uuid(), $1, 'Board prep', $2, current_date + 7, 'Europe/Paris', 2, 'SENT', now(), $3) returning id`,
    [workspaceId, JSON.stringify(items), memberId],
  );
  const recipients = [];
  for (let i = 0; i < concurrency; i += 1) {
    const {
      rows: [contact],
    } = await db.query(
      `insert into contacts (id, workspace_id, first_name, last_name, email, working_hours)
       values (gen_random_uuid(), $1, 'Person', $2, $3, '{"start":"09:00","end":"17:00","days":[1,2,3,4,5]}') returning id`,
      [workspaceId, `No ${i}`, `person.${i}@bench.local`],
    );
    const recipientId = randomUUID();
    const linkId = publicId();
    await db.query(
      `insert into public_links (id, workspace_id, subject_type, subject_id, label, created_by_member_id) values ($1, $2, 'RECIPIENT', $3, 'bench', $4)`,
      [linkId, workspaceId, recipientId, memberId],
    );
    await db.query(
      `insert into question_recipients (id, workspace_id, request_id, contact_id, channel, link_id) values ($1, $2, $3, $4, 'LINK', $5)`,
      [recipientId, workspaceId, request.id, contact.id, linkId],
    );
    recipients.push({ id: recipientId, linkId });
  }
  return { workspaceId, requestId: request.id, itemId: items[0].id, recipients };
}

/** Hands each concurrent worker its own recipient (round robin over calls). */
function perWorker(recipients) {
  let call = 0;
  return () => {
    call += 1;
    return { recipient: recipients[call % recipients.length], value: `Answer number ${call}: we shipped on time.` };
  };
}

// The floor: what a save must do at least — the answer upsert of answers-repository.ts.
const upsertSql = `insert into question_answers (id, workspace_id, request_id, recipient_id, item_id, value, late, via, submitted_at, updated_at)
  values (gen_random_uuid(), $1, $2, $3, $4, $5, false, 'LINK', now(), now())
  on conflict (workspace_id, recipient_id, item_id) do update
    set value = excluded.value, late = excluded.late, via = excluded.via, updated_at = excluded.updated_at
    where question_answers.value is distinct from excluded.value
  returning id`;

const load = { total, concurrency };
await withScratchPostgres(serverUrl, port, async (url, pg) => {
  const pool = new pg.Pool({ connectionString: url, max: concurrency });
  try {
    const ctx = await seed(pool);
    const nextHttp = perWorker(ctx.recipients);
    const save = async () => {
      const { recipient, value } = nextHttp();
      const response = await fetch(`${base}/api/v1/public/questions/${recipient.linkId}/answers/${ctx.itemId}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', 'x-client-id': 'tandem-web' },
        body: JSON.stringify({ value }),
      });
      if (!response.ok) throw new Error(`save: ${response.status} ${await response.text()}`);
      await response.arrayBuffer();
    };
    await save();
    const http = await timeAll(save, load);
    const nextSql = perWorker(ctx.recipients);
    const upsert = () => {
      const { recipient, value } = nextSql();
      return pool.query(upsertSql, [ctx.workspaceId, ctx.requestId, recipient.id, ctx.itemId, JSON.stringify(value)]);
    };
    await upsert();
    const floor = await timeAll(upsert, load);
    const version = (await pool.query('show server_version')).rows[0].server_version;
    console.log(`\nPostgreSQL ${version}: ${total} saves, ${concurrency} recipients at once`);
    console.log(`${'scenario'.padEnd(28)} ${'p50'.padStart(9)} ${'p95'.padStart(9)}`);
    console.log(`${'API PUT answer'.padEnd(28)} ${`${http.p50.toFixed(2)} ms`.padStart(9)} ${`${http.p95.toFixed(2)} ms`.padStart(9)}`);
    console.log(`${'bare SQL upsert'.padEnd(28)} ${`${floor.p50.toFixed(2)} ms`.padStart(9)} ${`${floor.p95.toFixed(2)} ms`.padStart(9)}`);
  } finally {
    await pool.end();
  }
});
