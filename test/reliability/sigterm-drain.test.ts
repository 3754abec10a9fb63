import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCluster, type Cluster } from './cluster.js';
import { openStream, startLoad, type Fate, type Request } from './load.js';
import {
  buildServerIfNeeded,
  demoAccounts,
  prepareDatabase,
  signIn,
  startTandem,
  waitFor,
  type Session,
  type TandemServer,
} from './tandem.js';

/**
 * Issue #14, "SIGTERM under load": a client records every request's fate while the server gets
 * SIGTERM. Every request sent before the signal gets its real answer (none is reset by the server;
 * one still unread on its socket when the signal is handled may be refused cleanly, and one on a
 * connection still in the listener's backlog is reset as the port closes), later ones
 * get 503 with `Connection: close` or find the port closed (refused, or reset in the listener's
 * backlog as it closes); the open event stream ends cleanly;
 * the process exits 0 within 30 s; and every create that answered 2xx is stored once, every one
 * refused with 503 not at all.
 */

const DATABASE = 'tandem';
/**
 * How soon after SIGTERM the drain has closed the listening socket: it does so first, within a few
 * milliseconds of a quiet machine — the bound leaves room for a loaded one and stays far below the
 * 1 s grace after which idle connections are closed.
 */
const LISTENER_CLOSE_WINDOW_MS = 250;
/**
 * The server tells "before" from "after" by when it reads a request, the client by when it wrote
 * it: a request written just before the signal may still sit unread on its keep-alive socket when
 * the signal is handled (on a loaded machine the event loop runs late), and is then refused
 * cleanly, as one sent after. Within this bound of the signal such a request may get the clean
 * refusal (503 with `Connection: close`, a create not stored); anything sent earlier must get its
 * real answer. Seen once in a full run on a loaded machine: a read sent less than 50 ms before the signal
 * answered 503 with `Connection: close`.
 */
const SIGNAL_DELIVERY_WINDOW_MS = 250;
let cluster: Cluster | undefined;
let server: TandemServer | undefined;
let assistant: Session;
let executive: Session;
let databaseUrl: string;

beforeAll(async () => {
  await buildServerIfNeeded();
  cluster = await startCluster();
  databaseUrl = await cluster.createDatabase(DATABASE);
  await prepareDatabase(databaseUrl);
  server = await startTandem(databaseUrl);
  assistant = await signIn(server.baseUrl, demoAccounts.assistant);
  executive = await signIn(server.baseUrl, demoAccounts.executive);
});

afterAll(async () => {
  await server?.kill();
  await cluster?.remove();
});

const isOk = (fate: Fate) => fate.status !== undefined && fate.status >= 200 && fate.status < 300;
const describeFates = (fates: Fate[]) =>
  fates
    .slice(0, 10)
    .map(
      (fate) =>
        `${fate.label} sent at ${Math.round(fate.sentAt)} ms: ${fate.status ?? fate.error} after ${Math.round(fate.endedAt - fate.sentAt)} ms`,
    );
/** A 503 that closes its connection: how the drain refuses a request it has not begun. */
const isCleanRefusal = (fate: Fate) => fate.status === 503 && fate.connection === 'close';

describe('SIGTERM under load (issue #14)', () => {
  it('drains: answers before the signal kept, 503 or refused after, the stream ends cleanly, exit 0 within 30 s', async () => {
    const base = server!.baseUrl;
    const workspace = `/api/v1/workspaces/${assistant.workspaceId}`;
    const titles = new Map<string, Fate>();
    // Creates with Idempotency-Key, reads, and sign-ins (an Argon2 hash: long enough to be in
    // flight when the signal comes).
    const requestOf = (worker: number, sequence: number): Request => {
      if (worker % 4 === 0) {
        const title = `Drain task ${worker}-${sequence}`;
        return {
          label: `create ${title}`,
          method: 'POST',
          url: `${workspace}/tasks`,
          body: { title, assigneeMemberId: executive.memberId },
          headers: { 'idempotency-key': randomUUID() },
        };
      }
      if (worker % 4 === 1) {
        return {
          label: 'sign in',
          method: 'POST',
          url: '/api/auth/password',
          body: {
            loginIdentifier: demoAccounts.executive.email,
            password: demoAccounts.executive.password,
            grant_type: 'password',
            client_id: 'tandem-web',
          },
        };
      }
      return { label: 'task list', method: 'GET', url: `${workspace}/tasks?limit=50` };
    };
    const stream = await openStream(base, executive);
    expect(stream.status).toBe(200);
    const load = startLoad(base, assistant, 12, requestOf);
    await waitFor('a steady load before the signal', 20_000, async () => load.fates.filter(isOk).length >= 100);

    const signalAt = performance.now() - load.origin;
    server!.child.kill('SIGTERM');
    const exit = await Promise.race([server!.exited, new Promise<'hung'>((resolve) => setTimeout(() => resolve('hung'), 35_000))]);
    const drainMs = performance.now() - load.origin - signalAt;
    // A few more requests after the exit: the port is closed.
    await new Promise((resolve) => setTimeout(resolve, 100));
    await load.stop();
    const streamEnd = await Promise.race([stream.ended, new Promise<string>((resolve) => setTimeout(() => resolve('still open'), 1_000))]);

    expect(exit, `the process exits 0 within 30 s\n${server!.output().slice(-3000)}`).toEqual({ code: 0, signal: null });
    expect(drainMs).toBeLessThan(30_000);
    expect(streamEnd, 'the event stream ends cleanly').toBe('end');

    const before = load.fates.filter((fate) => fate.sentAt < signalAt);
    const after = load.fates.filter((fate) => fate.sentAt >= signalAt);
    // Sent just before the signal but not yet read by the server: refused cleanly, as if sent after.
    const unreadAtSignal = (fate: Fate) => isCleanRefusal(fate) && signalAt - fate.sentAt < SIGNAL_DELIVERY_WINDOW_MS;
    // "The port closed" has two faces: a connection attempted after the listening socket closed is
    // refused; one the kernel had already accepted for it, in the backlog Node had not taken yet,
    // is reset when it closes (RST: the server never read a byte of it). The listener closes as
    // the drain starts, so such a reset meets a request sent right after the signal, or one sent
    // on a new connection just before it (seen once in a full run: two reads sent 10–22 ms before
    // the signal, reset 7–10 ms after it); a reset later would be the server dropping a connection
    // it was serving. Creates reset this way must not be stored (checked below with the 503s).
    const resetByListenerClose = (fate: Fate) =>
      fate.error === 'ECONNRESET' &&
      (fate.sentAt >= signalAt
        ? fate.sentAt - signalAt < LISTENER_CLOSE_WINDOW_MS
        : signalAt - fate.sentAt < SIGNAL_DELIVERY_WINDOW_MS && fate.endedAt - signalAt < LISTENER_CLOSE_WINDOW_MS);
    expect(
      describeFates(before.filter((fate) => !isOk(fate) && !unreadAtSignal(fate) && !resetByListenerClose(fate))),
      `every request sent before the signal gets its real answer (signal at ${Math.round(signalAt)} ms)\n${server!.output().slice(-3000)}`,
    ).toEqual([]);
    const inFlight = before.filter((fate) => fate.endedAt > signalAt);
    expect(inFlight.length, 'requests were in flight when the signal came').toBeGreaterThan(0);
    const badLater = after.filter(
      (fate) => !isCleanRefusal(fate) && fate.error !== 'ECONNREFUSED' && !resetByListenerClose(fate) && !isOk(fate),
    );
    expect(describeFates(badLater), 'later requests: 503 with Connection: close, or the port closed').toEqual([]);

    // Every create answered 2xx is stored exactly once; one refused with 503 is not stored.
    for (const fate of load.fates) if (fate.label.startsWith('create ')) titles.set(fate.label.slice('create '.length), fate);
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const { rows } = await client
      .query<{ title: string; copies: string }>(
        `select title, count(*) as copies from tasks where title like 'Drain task %' group by title`,
      )
      .finally(() => client.end());
    const stored = new Map(rows.map((row) => [row.title, Number(row.copies)]));
    const wrong = [...titles].filter(([title, fate]) =>
      isOk(fate) ? stored.get(title) !== 1 : (isCleanRefusal(fate) || resetByListenerClose(fate)) && stored.has(title),
    );
    expect(wrong.map(([title, fate]) => `${title}: ${fate.status ?? fate.error}, stored ${stored.get(title) ?? 0}`)).toEqual([]);

    console.info('SIGTERM under load:', {
      drainMs: Math.round(drainMs),
      sentBeforeSignal: before.length,
      inFlightAtSignal: inFlight.length,
      slowestInFlightMs: Math.round(Math.max(...inFlight.map((fate) => fate.endedAt - signalAt))),
      refusedUnreadAtSignal: before.filter(unreadAtSignal).length,
      resetInBacklogAtSignal: before.filter(resetByListenerClose).length,
      after503: after.filter((fate) => fate.status === 503).length,
      afterRefused: after.filter((fate) => fate.error === 'ECONNREFUSED').length,
      afterResetByListenerClose: after.filter(resetByListenerClose).length,
      afterOk: after.filter(isOk).length,
      createsStored: rows.length,
    });
  });
});
