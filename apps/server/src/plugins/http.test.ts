import { createHash } from 'node:crypto';
import { eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { idempotencyKeys, people } from '../db/schema/index.js';
import { CLIENT_ID, STRONG_PASSWORD, createPerson, uniqueEmail, useTestApp } from '../test/test-app.js';

const t = useTestApp();

/** The directives of a Content-Security-Policy header, by name. */
function parseCsp(header: string | string[] | number | undefined): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of String(header ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) directives.set(name.toLowerCase(), values);
  }
  return directives;
}

describe('security headers', () => {
  it('a strict CSP, nosniff, no-referrer and no-store on API answers', async () => {
    const response = await t.get('/api/v1/client-config');
    expect(response.statusCode).toBe(200);
    const header = response.headers['content-security-policy'];
    expect(header).toContain("script-src 'self'");
    const csp = parseCsp(header);
    expect(csp.get('script-src')).toBeDefined();
    expect(csp.get('script-src')).not.toContain("'unsafe-inline'");
    expect(csp.get('script-src')).not.toContain("'unsafe-eval'");
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['cache-control']).toBe('no-store');
    // PUBLIC_URL is https in the tests, so HSTS is on.
    expect(response.headers['strict-transport-security']).toMatch(/max-age=\d+/);
  });

  it('error answers carry the same headers', async () => {
    const response = await t.get('/api/v1/profile');
    expect(response.statusCode).toBe(401);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(parseCsp(response.headers['content-security-policy']).get('frame-ancestors')).toEqual(["'none'"]);
  });
});

describe('system routes', () => {
  it('GET /healthz and /readyz answer ok without a client id', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok' });
  });

  it('GET /api/openapi.json answers the document without a client id', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    const paths = Object.keys(document.paths);
    for (const path of [
      '/api/auth/password',
      '/api/auth/token/refresh',
      '/api/v1/signup',
      '/api/v1/profile',
      '/api/v1/workspaces/{id}/subscription',
    ]) {
      expect(paths, path).toContain(path);
    }
    expect(paths).not.toContain('/healthz');
  });

  it('GET /api/docs serves the browsable reference without a client id', async () => {
    let response = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(response.statusCode);
    if (response.statusCode === 302) {
      const location = new URL(String(response.headers.location), 'http://localhost/api/docs');
      response = await t.app.inject({ method: 'GET', url: location.pathname });
    }
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.body.toLowerCase()).toContain('swagger');
  });

  it('only the open paths and what is under them skip the client id; a path that merely begins like one does not', async () => {
    for (const url of ['/api/openapi.json', '/api/openapi.json?x=1', '/api/docs/static/index.html']) {
      const response = await t.app.inject({ method: 'GET', url });
      // INVALID_CLIENT is a 400; these answer 200, a redirect or a 404, never that.
      expect(response.statusCode, url).not.toBe(400);
    }
    for (const url of ['/api/docsx', '/api/openapi.jsonx', '/api/slack/eventsx', '/api/v1/profile?next=/api/docs']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().errorCode, url).toBe('INVALID_CLIENT');
    }
  });

  it('an unknown /api path is a 404 JSON envelope; a missing client id there is 400', async () => {
    const response = await t.get('/api/v1/no-such-thing');
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({ errorCode: 'NOT_FOUND', errorDisplayMessage: expect.any(String) });
    expect(response.headers['cache-control']).toBe('no-store');
    const post = await t.post('/api/v1/no-such-thing', { a: 1 });
    expect(post.statusCode).toBe(404);
    const withoutClient = await t.app.inject({ method: 'GET', url: '/api/v1/no-such-thing' });
    expect(withoutClient.statusCode).toBe(400);
    expect(withoutClient.json().errorCode).toBe('INVALID_CLIENT');
  });

  it('a path that is not valid percent-encoding is a 400 MALFORMED_REQUEST envelope, not Fastify’s own body', async () => {
    for (const url of ['/api/v1/workspaces/%FF/tasks', '/api/v1/profile/%E2%82', '/q/%C3%28']) {
      const response = await t.get(url);
      expect(response.statusCode, url).toBe(400);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toEqual({ errorCode: 'MALFORMED_REQUEST', errorDisplayMessage: 'The address of this request is not valid.' });
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['content-security-policy']).toContain("default-src 'self'");
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });
});

describe('Idempotency-Key', () => {
  const signupBody = (email: string) => ({ firstName: 'Idem', lastName: 'Potent', loginIdentifier: email, password: STRONG_PASSWORD });

  it('replays the first answer for the same key and body; only one person is created', async () => {
    const email = uniqueEmail('idem');
    const key = crypto.randomUUID();
    const first = await t.post('/api/v1/signup', signupBody(email), { headers: { 'idempotency-key': key } });
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const second = await t.post('/api/v1/signup', signupBody(email), { headers: { 'idempotency-key': key } });
    expect(second.statusCode).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json()).toEqual(first.json());
    expect(second.headers['cache-control']).toBe('no-store');
    const rows = await t.db.select().from(people).where(eq(people.email, email));
    expect(rows).toHaveLength(1);
    expect(await t.mailCount(email)).toBe(1);

    // Without the key, the same body runs again (and meets the duplicate email).
    const unkeyed = await t.post('/api/v1/signup', signupBody(email));
    expect(unkeyed.statusCode).toBe(409);
  });

  it('refuses the same key with a different body: 422 IDEMPOTENCY_KEY_REUSED', async () => {
    const key = crypto.randomUUID();
    const first = await t.post('/api/v1/signup', signupBody(uniqueEmail('idem')), { headers: { 'idempotency-key': key } });
    expect(first.statusCode).toBe(201);
    const otherEmail = uniqueEmail('idem');
    const reused = await t.post('/api/v1/signup', signupBody(otherEmail), { headers: { 'idempotency-key': key } });
    expect(reused.statusCode).toBe(422);
    expect(reused.json().errorCode).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await t.db.select().from(people).where(eq(people.email, otherEmail))).toHaveLength(0);
  });

  it('refuses a duplicate while the first is still in flight: 409 IDEMPOTENCY_IN_FLIGHT', async () => {
    const key = crypto.randomUUID();
    const email = uniqueEmail('inflight');
    const body = signupBody(email);
    // The plugin hashes the validated body (trimmed, lower-cased), which this body already is.
    const requestHash = createHash('sha256').update(JSON.stringify(body)).digest('base64url');
    await t.db
      .insert(idempotencyKeys)
      .values({ scopedKey: `anonymous:${CLIENT_ID}:${key}`, method: 'POST', path: '/api/v1/signup', requestHash });
    const response = await t.post('/api/v1/signup', body, { headers: { 'idempotency-key': key } });
    expect(response.statusCode).toBe(409);
    expect(response.json().errorCode).toBe('IDEMPOTENCY_IN_FLIGHT');
    expect(await t.db.select().from(people).where(eq(people.email, email))).toHaveLength(0);
  });

  it('scopes keys by client: the same key from another client runs anew', async () => {
    const key = crypto.randomUUID();
    const first = await t.post('/api/v1/signup', signupBody(uniqueEmail('scope')), { headers: { 'idempotency-key': key } });
    expect(first.statusCode).toBe(201);
    const email = uniqueEmail('scope');
    const other = await t.post('/api/v1/signup', signupBody(email), { headers: { 'idempotency-key': key, 'x-client-id': 'tandem-ios' } });
    expect(other.statusCode).toBe(201);
    expect(other.headers['idempotent-replayed']).toBeUndefined();
  });

  it('never stores the answer of a call that mints tokens', async () => {
    const { email } = await createPerson(t);
    const key = crypto.randomUUID();
    const body = { loginIdentifier: email, password: STRONG_PASSWORD, grant_type: 'password', client_id: CLIENT_ID };
    const first = await t.post('/api/auth/password', body, { headers: { 'idempotency-key': key } });
    expect(first.statusCode).toBe(200);
    const second = await t.post('/api/auth/password', body, { headers: { 'idempotency-key': key } });
    expect(second.statusCode).toBe(200);
    expect(second.headers['idempotent-replayed']).toBeUndefined();
    expect(second.json().payload.refresh_token).not.toBe(first.json().payload.refresh_token);
    expect(
      await t.db
        .select()
        .from(idempotencyKeys)
        .where(like(idempotencyKeys.scopedKey, `%${key}`)),
    ).toHaveLength(0);
  });
});
