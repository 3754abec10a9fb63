import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../apps/server/src/app.js';
import { ROUTES_MANIFEST_FILE } from '../../apps/server/src/plugins/web-app.js';
import { useEventStreams } from '../../apps/server/src/test/event-stream.js';
import { createSentRequest, type SentRequest } from '../../apps/server/src/test/question-fixtures.js';
import { CLIENT_ID, openTestDatabase, testConfig, useTestApp } from '../../apps/server/src/test/test-app.js';
import { signUpOwner, type SignedInMember } from '../../apps/server/src/test/workspace-fixtures.js';

/**
 * Issue #14, "headers of PRODUCT §5 on every response kind (app page, API, public page, SSE); a
 * 500 never carries a stack, SQL or a token". PRODUCT §5: a strict Content-Security-Policy
 * (script-src without 'unsafe-inline', object-src 'none', base-uri 'none', frame-ancestors
 * 'none'), nosniff, HSTS over HTTPS (the tests' PUBLIC_URL is https), Cache-Control: no-store on
 * API answers, and noindex plus Referrer-Policy: no-referrer on public pages (and reset pages).
 */

/** A built web app as the web build writes it (see plugins/web-app.test.ts). */
const webDist = mkdtempSync(path.join(tmpdir(), 'tandem-headers-dist-'));
mkdirSync(path.join(webDist, 'assets'));
writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Tandem</title><div id="root"></div>');
writeFileSync(path.join(webDist, 'assets', 'index-abc123.js'), 'export {};');
writeFileSync(
  path.join(webDist, ROUTES_MANIFEST_FILE),
  JSON.stringify({ patterns: ['/', '/auth/login', '/auth/reset-password', '/dashboard/home', '/q/:shortUrl', '/b/:id', '/s/:id'] }),
);
afterAll(() => rmSync(webDist, { recursive: true, force: true }));

type Headers = LightMyRequestResponse['headers'] | Record<string, string | undefined>;
const header = (headers: Headers, name: string) => {
  const value = headers[name];
  return Array.isArray(value) ? value.join(', ') : value === undefined ? undefined : String(value);
};

/** The headers every answer carries (PRODUCT §5). */
function expectBaseHeaders(headers: Headers, what: string): void {
  const csp = header(headers, 'content-security-policy') ?? '';
  const directives = new Map(
    csp
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .map(([name, ...values]) => [name!, values]),
  );
  expect(directives.get('script-src'), what).toBeDefined();
  expect(directives.get('script-src'), what).not.toContain("'unsafe-inline'");
  expect(directives.get('script-src'), what).not.toContain("'unsafe-eval'");
  expect(directives.get('object-src'), what).toEqual(["'none'"]);
  expect(directives.get('base-uri'), what).toEqual(["'none'"]);
  expect(directives.get('frame-ancestors'), what).toEqual(["'none'"]);
  expect(header(headers, 'x-content-type-options'), what).toBe('nosniff');
  expect(header(headers, 'referrer-policy'), what).toBe('no-referrer');
  expect(header(headers, 'strict-transport-security'), what).toMatch(/max-age=\d{7,}/);
  expect(header(headers, 'x-powered-by'), what).toBeUndefined();
}

/** An API answer: the base headers, no-store, JSON. */
function expectApiHeaders(response: LightMyRequestResponse, what: string): void {
  expectBaseHeaders(response.headers, what);
  expect(header(response.headers, 'cache-control'), what).toBe('no-store');
  expect(header(response.headers, 'content-type'), what).toMatch(/^application\/json/);
}

/** A public answer or page: also never indexed, never referred (PRODUCT §5). */
function expectPublicHeaders(headers: Headers, what: string): void {
  expect(header(headers, 'x-robots-tag'), what).toMatch(/noindex/);
  expect(header(headers, 'referrer-policy'), what).toBe('no-referrer');
}

/** An error answer: exactly the envelope (errorCode, errorDisplayMessage, maybe errorData). */
function expectEnvelope(response: LightMyRequestResponse, status: number, what: string): void {
  expect(response.statusCode, what).toBe(status);
  const body = response.json<Record<string, unknown>>();
  expect(
    Object.keys(body).every((key) => ['errorCode', 'errorDisplayMessage', 'errorData'].includes(key)),
    what,
  ).toBe(true);
  expect(typeof body['errorCode'], what).toBe('string');
  expect(typeof body['errorDisplayMessage'], what).toBe('string');
  expect(response.body, what).not.toMatch(/\n\s+at |"stack"/);
}

describe('every response kind of the real app (PRODUCT §5)', () => {
  const t = useTestApp({ webDistDir: webDist });
  const openStream = useEventStreams();
  let owner: SignedInMember;
  let sent: SentRequest;
  let baseUrl = '';

  beforeAll(async () => {
    owner = await signUpOwner(t);
    sent = await createSentRequest(t, owner, { recipients: [{ firstName: 'Ada' }] });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });

  it.each(['/', '/auth/login', '/auth/reset-password?actionCode=abc', '/dashboard/home', '/no-such-page', '/assets/index-abc123.js'])(
    'the app page or asset %s',
    async (url) => {
      const response = await t.app.inject({ method: 'GET', url });
      expect([200, 404]).toContain(response.statusCode);
      expectBaseHeaders(response.headers, url);
    },
  );

  it.each(['/q/AAAAAAAAAAAAAAAAAAAAAA', '/b/AAAAAAAAAAAAAAAAAAAAAA', '/s/AAAAAAAAAAAAAAAAAAAAAA'])('the public page %s', async (url) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(header(response.headers, 'content-type')).toMatch(/^text\/html/);
    expectBaseHeaders(response.headers, url);
    expectPublicHeaders(response.headers, url);
  });

  it('API answers: 200, 201, and the OpenAPI document', async () => {
    expectApiHeaders(await t.get('/api/v1/profile', { token: owner.token }), 'GET profile');
    const created = await t.post(`/api/v1/workspaces/${owner.workspaceId}/tasks`, { title: 'Headers' }, { token: owner.token });
    expect(created.statusCode).toBe(201);
    expectApiHeaders(created, 'POST task');
    expectApiHeaders(await t.get('/api/v1/client-config'), 'client-config');
  });

  it('public API answers: 200, 404, 400 on /q, /b and /s', async () => {
    const ok = await t.request({ method: 'GET', url: sent.recipients[0]!.url, remoteAddress: '192.0.2.1' });
    expect(ok.statusCode).toBe(200);
    expectApiHeaders(ok, 'public question 200');
    expectPublicHeaders(ok.headers, 'public question 200');
    for (const kind of ['questions', 'briefs', 'summaries']) {
      for (const [id, status] of [
        ['AAAAAAAAAAAAAAAAAAAAAA', 404],
        ['not-an-id', 400],
      ] as const) {
        const response = await t.request({ method: 'GET', url: `/api/v1/public/${kind}/${id}`, remoteAddress: '192.0.2.2' });
        expectEnvelope(response, status, `${kind} ${id}`);
        expectApiHeaders(response, `${kind} ${id}`);
        expectPublicHeaders(response.headers, `${kind} ${id}`);
      }
    }
  });

  it('the event stream (SSE)', async () => {
    const stream = await openStream(`${baseUrl}/api/v1/workspaces/${owner.workspaceId}/events`, {
      authorization: `Bearer ${owner.token}`,
      'x-client-id': CLIENT_ID,
    });
    expect(stream.response.status).toBe(200);
    const headers = Object.fromEntries(stream.response.headers.entries());
    expect(headers['content-type']).toMatch(/^text\/event-stream/);
    expect(headers['cache-control']).toBe('no-store');
    expectBaseHeaders(headers, 'SSE');
    stream.close();
  });

  it('error answers: 400, 401, 404, 405-as-404, 413, 415 and 429', async () => {
    const cases: [string, LightMyRequestResponse, number][] = [
      ['400 validation', await t.post(`/api/v1/workspaces/${owner.workspaceId}/tasks`, { title: '' }, { token: owner.token }), 400],
      [
        '400 malformed JSON',
        await t.request({
          method: 'POST',
          url: '/api/v1/signup',
          payload: '{"firstName":',
          headers: { 'content-type': 'application/json' },
        }),
        400,
      ],
      ['401', await t.get('/api/v1/profile', { token: 'not-a-token' }), 401],
      ['404 unknown path', await t.get('/api/v1/no-such-thing'), 404],
      ['404 another workspace', await t.get(`/api/v1/workspaces/${crypto.randomUUID()}/tasks`, { token: owner.token }), 404],
      ['404 wrong method', await t.request({ method: 'DELETE', url: '/api/v1/profile', token: owner.token }), 404],
      [
        '413',
        await t.post(`/api/v1/workspaces/${owner.workspaceId}/tasks`, { title: 'x', notes: 'x'.repeat(1_100_000) }, { token: owner.token }),
        413,
      ],
      [
        '415',
        await t.request({
          method: 'POST',
          url: `/api/v1/workspaces/${owner.workspaceId}/tasks`,
          payload: '<task/>',
          headers: { 'content-type': 'application/xml' },
          token: owner.token,
        }),
        415,
      ],
    ];
    // 429: the public miss limiter (more than 60 misses a minute from one IP).
    let limited: LightMyRequestResponse | undefined;
    for (let attempt = 0; attempt < 62 && limited?.statusCode !== 429; attempt += 1) {
      limited = await t.request({ method: 'GET', url: '/api/v1/public/questions/AAAAAAAAAAAAAAAAAAAAAA', remoteAddress: '198.51.100.99' });
    }
    cases.push(['429', limited!, 429]);
    for (const [what, response, status] of cases) {
      expectEnvelope(response, status, what);
      expectApiHeaders(response, what);
    }
    expect(header(limited!.headers, 'retry-after')).toMatch(/^\d+$/);
    expectPublicHeaders(limited!.headers, '429');
  });
});

describe('a 500 and the global rate limit (PRODUCT §5, issue #14)', () => {
  /** Secrets a failing route holds in its error: none may reach the answer. */
  const secretToken = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJsZWFrIn0.c2VjcmV0LXNpZ25hdHVyZQ';
  let app: FastifyInstance;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const database = await openTestDatabase();
    drop = database.drop;
    app = await buildApp({ config: testConfig({ rateLimitPerMinute: 5 }), database: database.handle, logger: false });
    // Registered before ready, under /api like every API route: one throws with internals in its
    // message, one runs a query PostgreSQL refuses (a real driver error with the SQL in it).
    app.get('/api/v1/test-throws', async () => {
      throw new Error(`token ${secretToken} failed: select password_hash from people where email = 'a@b.c'`);
    });
    app.get('/api/v1/test-bad-query', async () => {
      await app.database.executeSql("select password_hash from no_such_table where token = 'Bearer " + secretToken + "'");
      return { payload: true };
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await drop?.();
  });

  it.each(['/api/v1/test-throws', '/api/v1/test-bad-query'])('%s answers 500 without stack, SQL or token', async (url) => {
    const response = await app.inject({
      method: 'GET',
      url,
      headers: { 'x-client-id': CLIENT_ID, authorization: `Bearer ${secretToken}` },
    });
    expectEnvelope(response, 500, url);
    expect(response.json()).toEqual({ errorCode: 'INTERNAL', errorDisplayMessage: 'Something went wrong on our side. Please try again.' });
    for (const leak of [secretToken, 'select', 'password_hash', 'no_such_table', 'people', '.ts', '/work/', 'Error']) {
      expect(response.body, leak).not.toContain(leak);
    }
    for (const value of Object.values(response.headers)) expect(String(value)).not.toContain(secretToken);
    expectApiHeaders(response, url);
  });

  it('the global limiter answers 429 with Retry-After and the headers', async () => {
    let limited: LightMyRequestResponse | undefined;
    for (let attempt = 0; attempt < 10 && limited?.statusCode !== 429; attempt += 1) {
      limited = await app.inject({ method: 'GET', url: '/api/v1/client-config', headers: { 'x-client-id': CLIENT_ID } });
    }
    expectEnvelope(limited!, 429, 'global 429');
    expectApiHeaders(limited!, 'global 429');
    expect(header(limited!.headers, 'retry-after')).toMatch(/^\d+$/);
  });
});
