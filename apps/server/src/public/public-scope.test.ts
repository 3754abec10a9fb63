import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invalidField, notFound } from '../lib/errors.js';
import errorsPlugin from '../plugins/errors.js';
import { useTestApp } from '../test/test-app.js';
import { createPublicId, hashPublicId, isPublicId, PUBLIC_ID_LENGTH } from './public-ids.js';
import { LINK_INACTIVE_MESSAGE, linkInactive, publicScope } from './public-scope.js';

const t = useTestApp();
const live = createPublicId();
const revoked = createPublicId();

/** A feature's public routes as the scope receives them: one link lookup. */
const linkRoutes: FastifyPluginAsync = async (scope) => {
  scope.get('/links/:id', async (request) => {
    const { id } = request.params as { id: string };
    if (!isPublicId(id)) throw invalidField('id', 'This is not a link.');
    if (id === revoked) throw linkInactive();
    if (id !== live) throw notFound('That link');
    return { payload: { id } };
  });
};

/** A bare server with the scope and one feature route, on the test database (two = two processes). */
async function buildPublicServer(): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  app.decorate('db', t.db);
  await app.register(errorsPlugin);
  await app.register(publicScope, { prefix: '/api/v1/public', routes: [linkRoutes] });
  await app.ready();
  return app;
}

let first: FastifyInstance;
let second: FastifyInstance;
beforeAll(async () => {
  first = await buildPublicServer();
  second = await buildPublicServer();
});
afterAll(async () => {
  await first.close();
  await second.close();
});

let ipCounter = 0;
/** A fresh client address, so each test starts with no misses. */
const newIp = () => `198.51.100.${(ipCounter += 1)}`;
const open = (app: FastifyInstance, id: string, ip: string) =>
  app.inject({ method: 'GET', url: `/api/v1/public/links/${id}`, remoteAddress: ip });

describe('public identifiers (PRODUCT §5)', () => {
  it('are 22 base62 characters, unique, and hash to a stable stored form', () => {
    const ids = Array.from({ length: 2000 }, () => createPublicId());
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids.slice(0, 50)) {
      expect(id).toMatch(/^[0-9A-Za-z]{22}$/);
      expect(isPublicId(id)).toBe(true);
    }
    expect(PUBLIC_ID_LENGTH).toBe(22);
    // Every character of the alphabet shows up: the ids use all 62 symbols (≈131 bits in 22 characters).
    expect(new Set(ids.join('')).size).toBe(62);
    expect(hashPublicId(live)).toBe(hashPublicId(live));
    expect(hashPublicId(live)).not.toBe(hashPublicId(revoked));
    expect(hashPublicId(live)).not.toContain(live);
  });

  it('refuses other shapes', () => {
    for (const value of ['', 'short', `${live}x`, live.slice(1), `${live.slice(0, 21)}-`, `${live.slice(0, 21)}é`]) {
      expect(isPublicId(value), value).toBe(false);
    }
  });
});

describe('the /api/v1/public scope', () => {
  it('answers without authentication, with noindex and no-referrer', async () => {
    const response = await open(first, live, newIp());
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ payload: { id: live } });
    expect(response.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
  });

  it('answers 410 "This link is no longer active" for a revoked or expired link, with the same headers', async () => {
    const response = await open(first, revoked, newIp());
    expect(response.statusCode).toBe(410);
    expect(response.json()).toEqual({ errorCode: 'GONE', errorDisplayMessage: LINK_INACTIVE_MESSAGE });
    expect(response.headers['x-robots-tag']).toBe('noindex, nofollow');
  });

  it('refuses an IP with more than 60 misses a minute (429 with Retry-After), across processes, and no other IP', async () => {
    const ip = newIp();
    for (let miss = 0; miss < 60; miss += 1) {
      const app = miss % 2 === 0 ? first : second;
      const response = await open(app, miss % 3 === 0 ? 'malformed' : createPublicId(), ip);
      expect([400, 404]).toContain(response.statusCode);
    }
    const refused = await open(second, live, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().errorCode).toBe('TOO_MANY_REQUESTS');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect((await open(first, live, newIp())).statusCode).toBe(200);
  });

  it('does not count hits or inactive links as misses', async () => {
    const ip = newIp();
    for (let visit = 0; visit < 70; visit += 1) {
      expect((await open(first, visit % 2 === 0 ? live : revoked, ip)).statusCode).toBe(visit % 2 === 0 ? 200 : 410);
    }
  });
});
