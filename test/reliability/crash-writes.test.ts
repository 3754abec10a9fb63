import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startCluster, type Cluster } from './cluster.js';
import { send, type Fate, type Request } from './load.js';
import {
  buildServerIfNeeded,
  call,
  demoAccounts,
  payloadOf,
  prepareDatabase,
  signIn,
  startTandem,
  waitFor,
  type Session,
  type TandemServer,
} from './tandem.js';

/**
 * Issue #14: kill -9 of the server, and separately of PostgreSQL, during a stream of writes —
 * task creates and updates and brief saves with an Idempotency-Key, public answer PUTs. After the
 * restart every write answered 2xx is there exactly once, no transaction is half visible (each
 * created task has its activity item, each brief version its snapshot row), and replaying the
 * unanswered requests with their keys, once their lease (IDEMPOTENCY_LEASE_SECONDS, here 2 s) has
 * passed, creates nothing twice: a second replay changes nothing (same checksum).
 */

const LEASE_SECONDS = 2;
const DATABASE = 'tandem';

interface Sent {
  request: Request;
  fate: Fate;
}

let cluster: Cluster | undefined;
let server: TandemServer | undefined;

beforeAll(async () => {
  await buildServerIfNeeded();
});

afterEach(async () => {
  await server?.kill();
  await cluster?.remove();
  server = undefined;
  cluster = undefined;
});

const isOk = (fate: Fate) => fate.status !== undefined && fate.status >= 200 && fate.status < 300;

async function query<T extends pg.QueryResultRow>(url: string, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/**
 * Four writers, one request at a time each, until `stop()`: task creates, updates of one task,
 * saves of one brief (each with an Idempotency-Key), and PUTs of one public answer.
 */
async function startWriters(base: string, assistant: Session, databaseUrl: string) {
  const workspace = `/api/v1/workspaces/${assistant.workspaceId}`;
  const task = payloadOf<{ id: string; version: number }>(
    await call(base, 'POST', `v1/workspaces/${assistant.workspaceId}/tasks`, { token: assistant.token, body: { title: 'Crash update 0' } }),
    'task',
  );
  const brief = payloadOf<{ id: string; version: number }>(
    await call(base, 'POST', `v1/workspaces/${assistant.workspaceId}/briefs`, { token: assistant.token, body: { title: 'Crash brief 0' } }),
    'brief',
  );
  const [recipient] = await query<{ link_id: string; item_id: string }>(
    databaseUrl,
    `select r.link_id, q.items->0->>'id' as item_id from question_recipients r join question_requests q on q.id = r.request_id
      where q.title like 'Board meeting prep%' order by r.link_id limit 1`,
  );
  if (!recipient) throw new Error('the demo seed has no recipient to answer as');
  const sent: Sent[][] = [[], [], [], []];
  let running = true;
  const origin = performance.now();
  const versions = { task: task.version, brief: brief.version };
  const keyed = (request: Omit<Request, 'headers'>): Request => ({ ...request, headers: { 'idempotency-key': randomUUID() } });
  const writers = [
    (n: number) =>
      keyed({ label: 'create', method: 'POST', url: `${workspace}/tasks`, body: { title: `Crash create ${n}`, assigneeMemberId: null } }),
    (n: number) =>
      keyed({
        label: 'task update',
        method: 'PATCH',
        url: `${workspace}/tasks/${task.id}`,
        body: { version: versions.task, title: `Crash update ${n}` },
      }),
    (n: number) =>
      keyed({
        label: 'brief save',
        method: 'PATCH',
        url: `${workspace}/briefs/${brief.id}`,
        body: { version: versions.brief, title: `Crash brief ${n}` },
      }),
    (n: number): Request => ({
      label: 'answer',
      method: 'PUT',
      url: `/api/v1/public/questions/${recipient.link_id}/answers/${recipient.item_id}`,
      body: { value: `Answer ${n}` },
    }),
  ];
  const loops = writers.map(async (next, writer) => {
    for (let n = 1; running; n += 1) {
      const request = next(n);
      const fate = await send(base, writer === 3 ? undefined : assistant, request, origin, 10_000);
      sent[writer]!.push({ request, fate });
      const version = (fate.body as { payload?: { version?: number } } | undefined)?.payload?.version;
      if (isOk(fate) && writer === 1 && version) versions.task = version;
      if (isOk(fate) && writer === 2 && version) versions.brief = version;
      // After a failure the next write waits for the service: a writer never has two writes open.
      if (!isOk(fate)) await new Promise((resolve) => setTimeout(resolve, 200));
    }
  });
  return {
    sent,
    task,
    brief,
    recipient,
    acknowledged: () => sent.flat().filter((entry) => isOk(entry.fate)).length,
    stop: async () => {
      running = false;
      await Promise.all(loops);
    },
  };
}

type Writers = Awaited<ReturnType<typeof startWriters>>;

/** A value stored for a sequence of writes must be the last acknowledged one or one sent after it. */
function allowedValues(entries: Sent[], valueOf: (request: Request) => string): string[] {
  const lastOk = entries.map((entry) => isOk(entry.fate)).lastIndexOf(true);
  return entries.slice(Math.max(0, lastOk)).map((entry) => valueOf(entry.request));
}

/** Checks the database against what the writers were told; returns a checksum of the written rows. */
async function checkWrites(url: string, writers: Writers, workspaceId: string): Promise<{ checksum: string; tasks: number }> {
  const [creates, updates, saves, answers] = writers.sent as [Sent[], Sent[], Sent[], Sent[]];
  const titleOf = (request: Request) => (request.body as { title: string }).title;
  const rows = await query<{ title: string; copies: number; activities: number }>(
    url,
    `select t.title, count(*)::int as copies,
            (select count(*)::int from activity_items a where a.task_id = any(array_agg(t.id))) as activities
       from tasks t where t.workspace_id = $1 and t.title like 'Crash create %' group by t.title`,
    [workspaceId],
  );
  const stored = new Map(rows.map((row) => [row.title, row]));
  const duplicated = rows.filter((row) => row.copies !== 1).map((row) => `${row.title} × ${row.copies}`);
  expect(duplicated, 'no task created twice').toEqual([]);
  const lost = creates.filter((entry) => isOk(entry.fate) && !stored.has(titleOf(entry.request))).map((entry) => titleOf(entry.request));
  expect(lost, 'every acknowledged create is stored').toEqual([]);
  const partial = rows.filter((row) => row.activities !== row.copies).map((row) => `${row.title}: ${row.activities} activity items`);
  expect(partial, 'each created task has its activity item (one transaction)').toEqual([]);

  const [task] = await query<{ title: string }>(url, 'select title from tasks where id = $1', [writers.task.id]);
  expect(allowedValues(updates, titleOf), 'the task holds its last acknowledged update or a later one').toContain(task?.title);
  const [brief] = await query<{ title: string; version: number; versions: number; newest: number }>(
    url,
    `select b.title, b.version, (select count(*)::int from brief_versions v where v.brief_id = b.id) as versions,
            (select max(v.version) from brief_versions v where v.brief_id = b.id) as newest from briefs b where b.id = $1`,
    [writers.brief.id],
  );
  expect(allowedValues(saves, titleOf), 'the brief holds its last acknowledged save or a later one').toContain(brief?.title);
  expect(brief?.newest, 'the brief and its newest version row were written together').toBe(brief?.version);
  const [answer] = await query<{ value: string }>(
    url,
    `select a.value #>> '{}' as value from question_answers a join question_recipients r on r.id = a.recipient_id
      where r.link_id = $1 and a.item_id = $2`,
    [writers.recipient.link_id, writers.recipient.item_id],
  );
  const answerOf = (request: Request) => (request.body as { value: string }).value;
  expect(allowedValues(answers, answerOf), 'the answer holds its last acknowledged value or a later one').toContain(answer?.value);

  const [sum] = await query<{ checksum: string; tasks: number }>(
    url,
    `select md5(coalesce(string_agg(t.id::text || t.title || t.version, ',' order by t.id), '')) ||
            md5((select coalesce(string_agg(b.id::text || b.version, ','), '') from briefs b where b.workspace_id = $1)) as checksum,
            count(*)::int as tasks
       from tasks t where t.workspace_id = $1`,
    [workspaceId],
  );
  return sum!;
}

/** Replays every keyed request that got no answer (or a 5xx) with its key; each must now succeed. */
async function replayUnanswered(base: string, assistant: Session, writers: Writers): Promise<Fate[]> {
  const unanswered = writers.sent
    .slice(0, 3)
    .flat()
    .filter((entry) => !isOk(entry.fate));
  const fates: Fate[] = [];
  for (const entry of unanswered) fates.push(await send(base, assistant, entry.request, performance.now(), 10_000));
  return fates;
}

async function scenario(crash: (context: { base: string; databaseUrl: string }) => Promise<void>) {
  cluster = await startCluster();
  const databaseUrl = await cluster.createDatabase(DATABASE);
  await prepareDatabase(databaseUrl);
  const env = { IDEMPOTENCY_LEASE_SECONDS: String(LEASE_SECONDS) };
  server = await startTandem(databaseUrl, env);
  const assistant = await signIn(server.baseUrl, demoAccounts.assistant);
  const writers = await startWriters(server.baseUrl, assistant, databaseUrl);
  await waitFor('acknowledged writes before the crash', 20_000, async () => writers.acknowledged() >= 60);
  await crash({ base: server.baseUrl, databaseUrl });
  await writers.stop();
  const base = server.baseUrl;
  await waitFor('the service after the crash', 15_000, async () => (await fetch(`${base}/readyz`)).status === 200);

  const afterCrash = await checkWrites(databaseUrl, writers, assistant.workspaceId);
  // Past the lease, replay what was never answered: the stored result if it committed, else once.
  await new Promise((resolve) => setTimeout(resolve, (LEASE_SECONDS + 1) * 1000));
  const session = await signIn(base, demoAccounts.assistant);
  const replays = await replayUnanswered(base, session, writers);
  const failedReplays = replays.filter((fate) => !isOk(fate) && fate.status !== 409);
  expect(failedReplays.map((fate) => `${fate.label}: ${fate.status ?? fate.error} ${JSON.stringify(fate.body)}`)).toEqual([]);
  for (const [index, fate] of replays.entries()) {
    // A replayed update whose first attempt had committed is answered from the key, never run again.
    if (fate.status === 409) expect((fate.body as { errorCode?: string }).errorCode, `replay ${index}`).not.toBe('IDEMPOTENCY_IN_FLIGHT');
  }
  const unanswered = writers.sent
    .slice(0, 3)
    .flat()
    .filter((entry) => !isOk(entry.fate));
  for (const [index, entry] of unanswered.entries()) entry.fate = replays[index]!;
  const afterReplay = await checkWrites(databaseUrl, writers, assistant.workspaceId);
  const again = await replayUnanswered(base, session, {
    ...writers,
    sent: [unanswered.filter((entry) => entry.request.label === 'create'), [], [], []],
  });
  const afterSecondReplay = await checkWrites(databaseUrl, writers, assistant.workspaceId);
  expect(afterSecondReplay.checksum, 'a second replay changes nothing').toBe(afterReplay.checksum);
  expect(again.every((fate) => isOk(fate))).toBe(true);
  return {
    acknowledged: writers.acknowledged(),
    unanswered: unanswered.length,
    replayed: replays.length,
    tasksAfterCrash: afterCrash.tasks,
    tasksAfterReplay: afterReplay.tasks,
  };
}

describe('kill -9 during acknowledged writes (issue #14)', () => {
  it('of the server: after a restart every acknowledged write is there once, replays create nothing twice', async () => {
    const figures = await scenario(async ({ databaseUrl }) => {
      await server!.kill();
      const port = server!.port;
      server = await startTandem(databaseUrl, { IDEMPOTENCY_LEASE_SECONDS: String(LEASE_SECONDS) }, port);
    });
    console.info('kill -9 of the server:', figures);
  });

  it('of PostgreSQL: the same, and Tandem recovers without a restart', async () => {
    const figures = await scenario(async () => {
      await cluster!.killHard();
      await cluster!.start();
    });
    console.info('kill -9 of PostgreSQL:', figures);
  });
});
