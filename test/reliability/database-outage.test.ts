import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCluster, type Cluster } from './cluster.js';
import { openStream, send, startLoad, type Fate, type LiveStream, type Request } from './load.js';
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
 * Issue #14, "faults survived": PostgreSQL restarted in immediate mode, and every connection of
 * Tandem terminated (`pg_terminate_backend`), while a client keeps reading and writing. Every
 * request answers within 5 s — its real answer or 503 UNAVAILABLE with Retry-After, never a hang,
 * a 500 or a reset —, /readyz says 503 while the database is away, service comes back within 10 s
 * of PostgreSQL without restarting Tandem, and an open event stream is ended, reconnects with
 * Last-Event-ID and catches up on every activity item written meanwhile.
 */

const DATABASE = 'tandem';
const ANSWER_WITHIN_MS = 5_000;
const RECOVER_WITHIN_MS = 10_000;

let cluster: Cluster | undefined;
let server: TandemServer | undefined;
let assistant: Session;
let executive: Session;

beforeAll(async () => {
  await buildServerIfNeeded();
  cluster = await startCluster();
  const url = await cluster.createDatabase(DATABASE);
  await prepareDatabase(url);
  server = await startTandem(url);
  assistant = await signIn(server.baseUrl, demoAccounts.assistant);
  executive = await signIn(server.baseUrl, demoAccounts.executive);
});

afterAll(async () => {
  await server?.kill();
  await cluster?.remove();
});

/**
 * The client's mix: worker 0 creates tasks for the executive (each an activity item she may see,
 * with an Idempotency-Key), workers 1–3 read, worker 4 asks /readyz.
 */
function requestOf(worker: number, sequence: number): Request {
  const workspace = `/api/v1/workspaces/${assistant.workspaceId}`;
  if (worker === 0) {
    return {
      label: 'create task',
      method: 'POST',
      url: `${workspace}/tasks`,
      body: { title: `Outage task ${sequence}`, assigneeMemberId: executive.memberId },
      headers: { 'idempotency-key': randomUUID() },
    };
  }
  if (worker === 4) return { label: 'readyz', method: 'GET', url: '/readyz' };
  const reads: Request[] = [
    { label: 'task list', method: 'GET', url: `${workspace}/tasks` },
    { label: 'profile', method: 'GET', url: '/api/v1/profile' },
    { label: 'activity', method: 'GET', url: `${workspace}/activity` },
  ];
  return reads[(worker + sequence) % reads.length]!;
}

const isOk = (fate: Fate) => fate.status !== undefined && fate.status >= 200 && fate.status < 300;

/** Lines naming the fates that break a rule, for a readable failure. */
const describeFates = (fates: Fate[]) =>
  fates
    .slice(0, 10)
    .map(
      (fate) =>
        `${fate.label} at ${Math.round(fate.sentAt)} ms: ${fate.status ?? fate.error} in ${Math.round(fate.endedAt - fate.sentAt)} ms ${JSON.stringify(fate.body ?? '').slice(0, 200)}`,
    );

/**
 * Runs `fault` under load and checks everything the issue asks. `fault` resolves when PostgreSQL
 * is back (accepting connections again). Returns the figures.
 */
async function surviveFault(fault: () => Promise<void>, expectReadyzOutage: boolean) {
  const base = server!.baseUrl;
  let streamOpenedAt = new Date();
  let firstStreamEnded = false;
  /** Opens the stream the fault is watched on; `streamOpenedAt` is where its activity starts. */
  const openFirstStream = async () => {
    streamOpenedAt = new Date();
    const stream = await openStream(base, executive);
    expect(stream.status).toBe(200);
    firstStreamEnded = false;
    void stream.ended.then(() => (firstStreamEnded = true));
    return stream;
  };
  let firstStream = await openFirstStream();
  const hasActivity = () => firstStream.events.some((event) => event.id !== undefined);
  const load = startLoad(base, assistant, 5, requestOf, { pauseMs: (worker) => (worker === 0 ? 100 : worker === 4 ? 50 : 0) });
  const now = () => performance.now() - load.origin;
  try {
    // Steady, and the stream has delivered activity (its id is where the reopened stream resumes):
    // thirty quick reads can come before the first create's event reaches the stream. A stream
    // that ends before its first activity is reopened, as a client would: the previous fault's
    // LISTEN connection can come back after that fault's checks passed, and ends every open
    // stream to resynchronise.
    await waitFor('a steady load before the fault, its activity on the stream', 10_000, async () => {
      if (firstStreamEnded && !hasActivity()) {
        firstStream.close();
        firstStream = await openFirstStream();
      }
      return load.fates.filter(isOk).length >= 30 && hasActivity();
    });
    const faultAt = now();
    await fault();
    const backAt = now();
    // Recovered: /readyz says 200 and a write succeeds again.
    const recoveredAt = await waitFor('service back after the fault', RECOVER_WITHIN_MS, async () => {
      const ready = await send(base, undefined, { label: 'probe readyz', method: 'GET', url: '/readyz' }, load.origin);
      if (ready.status !== 200) return false;
      const write = await send(base, assistant, requestOf(0, -1), load.origin);
      return isOk(write) ? now() : false;
    });
    const recoveryMs = recoveredAt - backAt;
    const okBefore = load.fates.length;
    await waitFor('a steady load after recovery', 10_000, async () => load.fates.slice(okBefore).filter(isOk).length >= 30);
    await load.stop();

    const fates = load.fates;
    const slow = fates.filter((fate) => fate.endedAt - fate.sentAt > ANSWER_WITHIN_MS || fate.error !== undefined);
    expect(describeFates(slow), 'every request answers within 5 s').toEqual([]);
    const unexpected = fates.filter((fate) => !isOk(fate) && fate.status !== 503);
    expect(describeFates(unexpected), 'answers are 2xx or 503').toEqual([]);
    const badUnavailable = fates.filter(
      (fate) =>
        fate.status === 503 &&
        (fate.label === 'readyz'
          ? (fate.body as { status?: string }).status !== 'unavailable'
          : (fate.body as { errorCode?: string }).errorCode !== 'UNAVAILABLE' || !fate.retryAfter),
    );
    expect(describeFates(badUnavailable), 'a 503 carries the error envelope and Retry-After').toEqual([]);
    const during = fates.filter((fate) => fate.sentAt >= faultAt && fate.endedAt <= backAt + 500);
    const api503 = during.filter((fate) => fate.label !== 'readyz' && fate.status === 503).length;
    const readyz503 = during.filter((fate) => fate.label === 'readyz' && fate.status === 503).length;
    if (expectReadyzOutage) {
      expect(readyz503, '/readyz reports the outage').toBeGreaterThan(0);
      expect(api503, 'the API answers 503 during the outage').toBeGreaterThan(0);
    }
    const afterRecovery = fates.filter((fate) => fate.sentAt > recoveredAt + 1_000);
    expect(describeFates(afterRecovery.filter((fate) => !isOk(fate))), 'all is well after recovery').toEqual([]);
    expect(recoveryMs).toBeLessThan(RECOVER_WITHIN_MS);

    // The stream: ended by the server once its LISTEN connection came back (resync), reopened
    // with Last-Event-ID, it delivers every item the executive may see that was written since.
    const firstEnd = await Promise.race([
      firstStream.ended,
      new Promise<string>((resolve) => setTimeout(() => resolve('still open'), 15_000)),
    ]);
    expect(firstEnd, 'the server ends the stream to resynchronise').toBe('end');
    const lastId = firstStream.events.filter((event) => event.id).at(-1)?.id;
    expect(lastId, 'the stream delivered activity before the fault').toBeDefined();
    const secondStream: LiveStream = await openStream(base, executive, lastId);
    try {
      expect(secondStream.status).toBe(200);
      const feed = payloadOf<{ items: { id: string; createdAt: string }[] }>(
        await call(base, 'GET', `v1/workspaces/${executive.workspaceId}/activity?limit=100`, { token: executive.token }),
        'activity',
      ).items.filter((item) => new Date(item.createdAt) >= streamOpenedAt);
      const missing = await waitFor('the stream catches up', 5_000, async () => {
        const received = new Set([...firstStream.events, ...secondStream.events].map((event) => event.id));
        const left = feed.filter((item) => !received.has(item.id));
        return left.length === 0 ? [] : false;
      }).catch(() => {
        const received = new Set([...firstStream.events, ...secondStream.events].map((event) => event.id));
        return feed.filter((item) => !received.has(item.id)).map((item) => item.id);
      });
      expect(missing, 'activity written meanwhile reaches the reopened stream').toEqual([]);
      return {
        requests: fates.length,
        api503,
        readyz503,
        slowestMs: Math.round(Math.max(...fates.map((fate) => fate.endedAt - fate.sentAt))),
        slowest503Ms: Math.round(Math.max(0, ...fates.filter((fate) => fate.status === 503).map((fate) => fate.endedAt - fate.sentAt))),
        recoveryMs: Math.round(recoveryMs),
        activityCaughtUp: feed.length,
      };
    } finally {
      secondStream.close();
    }
  } finally {
    await load.stop();
    firstStream.close();
  }
}

describe('a database outage under load (issue #14)', () => {
  it('PostgreSQL restarted in immediate mode: 503 within 5 s, /readyz reports it, back within 10 s, the stream catches up', async () => {
    const figures = await surviveFault(async () => {
      await cluster!.stopImmediate();
      // Down until the outage has been seen (by /readyz), then a while longer under load.
      await waitFor('/readyz reports the outage', 5_000, async () => (await fetch(`${server!.baseUrl}/readyz`)).status === 503);
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      await cluster!.start();
    }, true);
    console.info('PostgreSQL restarted in immediate mode:', figures);
  });

  it("every one of Tandem's connections terminated, again and again for 2 s: the same", async () => {
    let terminated = 0;
    const figures = await surviveFault(async () => {
      const until = Date.now() + 2_000;
      while (Date.now() < until) {
        terminated += await cluster!.terminateConnections(DATABASE);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }, false);
    expect(terminated).toBeGreaterThan(0);
    console.info('pg_terminate_backend of every connection:', { terminated, ...figures });
  });
});
