import { eq, sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.js';
import type { DrizzleInternals } from '../db/prepared.js';
import { questionAnswers, refreshTokens } from '../db/schema/index.js';
import { AppError } from '../lib/errors.js';
import { createSentRequest, type SentRequest } from '../test/question-fixtures.js';
import { useTestApp } from '../test/test-app.js';
import { signUpOwner, type SignedInMember } from '../test/workspace-fixtures.js';
import deferredChecksPlugin, { checkNowOrOnConnection, onRequestConnection } from './deferred-checks.js';
import errorsPlugin from './errors.js';

const t = useTestApp();
let owner: SignedInMember;
let sent: SentRequest;

beforeAll(async () => {
  owner = await signUpOwner(t);
  sent = await createSentRequest(t, owner);
});

/** The signed-in hot reads (issue #13), each with `config.oneConnection`. */
const hotReads = () => {
  const w = `/api/v1/workspaces/${owner.workspaceId}`;
  return [
    '/api/v1/profile',
    `${w}/tasks`,
    `${w}/dashboard`,
    `${w}/briefs`,
    `${w}/question-requests`,
    `${w}/question-requests/${sent.requestId}`,
    `${w}/activity`,
  ];
};

/**
 * Counts the checkouts of the app's pool while `run` runs: on PostgreSQL, each `connect` (a
 * statement run on the pool takes one too); PGlite has no pool, and the count stays 0.
 */
async function poolCheckouts(run: () => Promise<void>): Promise<number> {
  const pool = (t.db as unknown as DrizzleInternals)._.session.client;
  if (!(pool instanceof pg.Pool)) {
    await run();
    return 0;
  }
  let checkouts = 0;
  const connect = pool.connect;
  pool.connect = function countedConnect(this: pg.Pool, ...args: unknown[]) {
    checkouts += 1;
    return (connect as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof pool.connect;
  try {
    await run();
  } finally {
    pool.connect = connect;
  }
  return checkouts;
}

const onPostgres = () => (t.db as unknown as DrizzleInternals)._.session.client instanceof pg.Pool;

describe('checks deferred to the handler’s connection (decision 042)', () => {
  it('a hot read takes one pool connection, its session check included', async () => {
    for (const url of hotReads()) {
      let status = 0;
      const checkouts = await poolCheckouts(async () => {
        status = (await t.get(url, { token: owner.token })).statusCode;
      });
      expect(status, url).toBe(200);
      expect(checkouts, url).toBe(onPostgres() ? 1 : 0);
    }
    const publicPage = sent.recipients[0]!.url;
    let status = 0;
    const checkouts = await poolCheckouts(async () => {
      status = (await t.request({ method: 'GET', url: publicPage, remoteAddress: '192.0.2.77' })).statusCode;
    });
    expect(status).toBe(200);
    expect(checkouts).toBe(onPostgres() ? 1 : 0);
  });

  it('a signed-out session gets 401 on every hot read, also where its query would have been a 400', async () => {
    const member = await signUpOwner(t);
    const w = `/api/v1/workspaces/${member.workspaceId}`;
    expect((await t.get(`${w}/tasks?limit=0`, { token: member.token })).statusCode).toBe(400);
    expect((await t.get(`${w}/tasks`, { token: member.token })).statusCode).toBe(200);
    await t.db.update(refreshTokens).set({ status: 'REVOKED' }).where(eq(refreshTokens.personId, member.personId));
    const urls = ['/api/v1/profile', `${w}/tasks`, `${w}/dashboard`, `${w}/briefs`, `${w}/question-requests`, `${w}/activity`];
    for (const url of [...urls, `${w}/tasks?limit=0`, `${w}/briefs?sort=nonsense`]) {
      const response = await t.get(url, { token: member.token });
      expect(response.statusCode, url).toBe(401);
      expect(response.json().errorCode, url).toBe('UNAUTHENTICATED');
    }
  });

  it('an IP over the public misses limit gets 429 on the answer page, a malformed link and an answer, which is not saved', async () => {
    const ip = '198.51.100.200';
    for (let miss = 0; miss < 60; miss += 1) {
      const response = await t.request({ method: 'GET', url: `/api/v1/public/questions/${'x'.repeat(22)}${miss}`, remoteAddress: ip });
      expect([400, 404]).toContain(response.statusCode);
    }
    const recipient = sent.recipients[1]!;
    const item = sent.items.find((candidate) => candidate.kind === 'OPEN_TEXT')!;
    const refused = [
      await t.request({ method: 'GET', url: recipient.url, remoteAddress: ip }),
      await t.request({ method: 'GET', url: '/api/v1/public/questions/not-a-link', remoteAddress: ip }),
      await t.request({ method: 'PUT', url: `${recipient.url}/answers/${item.id}`, payload: { value: 'Saved?' }, remoteAddress: ip }),
    ];
    for (const response of refused) {
      expect(response.statusCode).toBe(429);
      expect(response.json().errorCode).toBe('TOO_MANY_REQUESTS');
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(await t.db.select().from(questionAnswers).where(eq(questionAnswers.recipientId, recipient.id))).toEqual([]);
    // Another address is served, and saves.
    const saved = await t.request({
      method: 'PUT',
      url: `${recipient.url}/answers/${item.id}`,
      payload: { value: 'Saved.' },
      remoteAddress: '198.51.100.201',
    });
    expect(saved.statusCode).toBe(200);
  });
});

describe('the deferred-checks plugin', () => {
  let app: FastifyInstance;
  const ran: string[] = [];

  beforeAll(async () => {
    app = Fastify({ logger: false });
    app.decorate('db', t.db);
    await app.register(errorsPlugin);
    await app.register(deferredChecksPlugin);
    app.addHook('onRequest', async (request) => {
      await checkNowOrOnConnection(request, app.db, async (db: Database) => {
        await db.execute(sql`select 1`);
        ran.push(`check ${request.url}`);
        if (request.headers['x-refuse']) throw new AppError('FORBIDDEN', 'Refused by the check.');
      });
    });
    app.get('/now', async () => ({ ran: [...ran] }));
    app.get('/deferred', { config: { oneConnection: true } }, async (request) =>
      onRequestConnection(request, app.db, async () => {
        ran.push('work');
        return { ran: [...ran] };
      }),
    );
    app.get('/forgotten', { config: { oneConnection: true } }, async () => ({ secret: 'unchecked data' }));
    app.get('/validated', {
      config: { oneConnection: true },
      schema: { querystring: { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] } },
      handler: async (request) => onRequestConnection(request, app.db, async () => ({ ok: true })),
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
  });

  it('runs the check in the hook on a route without config.oneConnection', async () => {
    ran.length = 0;
    expect((await app.inject({ url: '/now' })).json()).toEqual({ ran: ['check /now'] });
  });

  it('runs the check once on the handler’s connection, before its work', async () => {
    ran.length = 0;
    expect((await app.inject({ url: '/deferred' })).json()).toEqual({ ran: ['check /deferred', 'work'] });
  });

  it('never runs the work of a request its check refuses', async () => {
    ran.length = 0;
    const response = await app.inject({ url: '/deferred', headers: { 'x-refuse': '1' } });
    expect(response.statusCode).toBe(403);
    expect(ran).toEqual(['check /deferred']);
  });

  it('answers the check’s refusal before a validation error, and the validation error when the check passes', async () => {
    ran.length = 0;
    const refused = await app.inject({ url: '/validated', headers: { 'x-refuse': '1' } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errorCode).toBe('FORBIDDEN');
    const invalid = await app.inject({ url: '/validated' });
    expect(invalid.statusCode).toBe(400);
    expect(ran).toEqual(['check /validated', 'check /validated']);
  });

  it('answers 500, not the data, when a handler with config.oneConnection never ran its checks', async () => {
    ran.length = 0;
    const response = await app.inject({ url: '/forgotten' });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('unchecked data');
  });
});
