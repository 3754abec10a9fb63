import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authThrottles, people } from '../../db/schema/index.js';
import { CLIENT_ID, STRONG_PASSWORD, createPerson, uniqueEmail, useTestApp, type TestApp } from '../../test/test-app.js';
import { throttleKeys } from '../../lib/throttle.js';

const t = useTestApp();
const WRONG_PASSWORD = 'definitely not the right password';

function signInRequest(
  test: TestApp,
  email: string,
  password: string,
  options: { remoteAddress?: string; extra?: Record<string, unknown> } = {},
) {
  return test.request({
    method: 'POST',
    url: '/api/auth/password',
    payload: { loginIdentifier: email, password, grant_type: 'password', client_id: CLIENT_ID, ...options.extra },
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  });
}

describe('POST auth/password', () => {
  it('answers the seed token response for the right password', async () => {
    const { email, personId } = await createPerson(t);
    const response = await signInRequest(t, email.toUpperCase(), STRONG_PASSWORD);
    expect(response.statusCode).toBe(200);
    const payload = response.json().payload;
    expect(payload).toEqual({
      access_token: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/),
      refresh_token: expect.stringMatching(/^[\w-]{43}$/),
      user_id: personId,
      token_type: 'Bearer',
      expires_in: 900,
    });
    const profile = await t.get('/api/v1/profile', { token: payload.access_token });
    expect(profile.statusCode).toBe(200);
    expect(profile.json().payload.id).toBe(personId);
  });

  it('answers a wrong password and an unknown email identically (no enumeration)', async () => {
    const { email } = await createPerson(t);
    const wrong = await signInRequest(t, email, WRONG_PASSWORD);
    const unknown = await signInRequest(t, uniqueEmail('nobody'), WRONG_PASSWORD);
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ errorCode: 'INVALID_CREDENTIALS', errorDisplayMessage: expect.any(String) });
    expect(unknown.statusCode).toBe(wrong.statusCode);
    expect(unknown.json()).toEqual(wrong.json());
    expect(unknown.headers['retry-after']).toBeUndefined();
  });

  it('refuses a body client_id that differs from X-Client-Id', async () => {
    const { email } = await createPerson(t);
    const response = await signInRequest(t, email, STRONG_PASSWORD, { extra: { client_id: 'tandem-ios' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errorCode: 'INVALID_CLIENT', errorData: { client_id: expect.any(String) } });
  });

  it('refuses a missing or unknown X-Client-Id with 400 INVALID_CLIENT', async () => {
    const body = { loginIdentifier: uniqueEmail(), password: WRONG_PASSWORD, grant_type: 'password', client_id: CLIENT_ID };
    const missing = await t.app.inject({ method: 'POST', url: '/api/auth/password', payload: body });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errorCode).toBe('INVALID_CLIENT');
    const unknown = await t.post(
      '/api/auth/password',
      { ...body, client_id: 'evil-client' },
      { headers: { 'x-client-id': 'evil-client' } },
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errorCode).toBe('INVALID_CLIENT');
  });

  it('refuses a disabled account with 403 ACCOUNT_DISABLED after the right password', async () => {
    const { email, personId } = await createPerson(t);
    await t.db.update(people).set({ status: 'DISABLED' }).where(eq(people.id, personId));
    const right = await signInRequest(t, email, STRONG_PASSWORD);
    expect(right.statusCode).toBe(403);
    expect(right.json().errorCode).toBe('ACCOUNT_DISABLED');
    const wrong = await signInRequest(t, email, WRONG_PASSWORD);
    expect(wrong.statusCode).toBe(401);
  });
});

describe('account lockout (10 consecutive failures, 15 minutes)', () => {
  it('locks after 10 failures with Retry-After ≤ 900 s, even for the right password', async () => {
    const { email } = await createPerson(t);
    for (let i = 0; i < 10; i += 1) {
      const response = await signInRequest(t, email, WRONG_PASSWORD);
      expect(response.statusCode, `attempt ${i + 1}`).toBe(401);
    }
    const locked = await signInRequest(t, email, STRONG_PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().errorCode).toBe('TOO_MANY_REQUESTS');
    const retryAfter = Number(locked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(900);
    // The lock answers the same for a wrong password: it does not reveal which one is right.
    const lockedWrong = await signInRequest(t, email, WRONG_PASSWORD);
    expect(lockedWrong.statusCode).toBe(429);
  });

  it('counts exactly under parallel attempts: 15 at once → 10 × 401 and 5 × 429', async () => {
    const { email } = await createPerson(t);
    const responses = await Promise.all(Array.from({ length: 15 }, () => signInRequest(t, email, WRONG_PASSWORD)));
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
    const [row] = await t.db
      .select()
      .from(authThrottles)
      .where(eq(authThrottles.key, throttleKeys.signInAccount(email)));
    expect(row?.count).toBe(10);
  });

  it('unlocks once the 15-minute window has passed', async () => {
    const { email } = await createPerson(t);
    for (let i = 0; i < 10; i += 1) await signInRequest(t, email, WRONG_PASSWORD);
    expect((await signInRequest(t, email, STRONG_PASSWORD)).statusCode).toBe(429);

    await t.db
      .update(authThrottles)
      .set({ lastAt: sql`now() - interval '16 minutes'` })
      .where(eq(authThrottles.key, throttleKeys.signInAccount(email)));
    const response = await signInRequest(t, email, STRONG_PASSWORD);
    expect(response.statusCode).toBe(200);
  });

  it('a successful sign-in resets the account counter', async () => {
    const { email } = await createPerson(t);
    for (let i = 0; i < 9; i += 1) expect((await signInRequest(t, email, WRONG_PASSWORD)).statusCode).toBe(401);
    expect((await signInRequest(t, email, STRONG_PASSWORD)).statusCode).toBe(200);
    const rows = await t.db
      .select()
      .from(authThrottles)
      .where(eq(authThrottles.key, throttleKeys.signInAccount(email)));
    expect(rows).toHaveLength(0);
    for (let i = 0; i < 9; i += 1) {
      expect((await signInRequest(t, email, WRONG_PASSWORD)).statusCode, `attempt ${i + 1} after success`).toBe(401);
    }
    expect((await signInRequest(t, email, STRONG_PASSWORD)).statusCode).toBe(200);
  });
});

describe('IP limit (100 failures in 24 hours)', () => {
  it('refuses the 101st failure from one IP; another IP is not limited', async () => {
    const { email } = await createPerson(t);
    const ip = '203.0.113.7';
    for (let batch = 0; batch < 10; batch += 1) {
      const responses = await Promise.all(
        Array.from({ length: 10 }, () => signInRequest(t, uniqueEmail('unknown'), WRONG_PASSWORD, { remoteAddress: ip })),
      );
      expect(responses.map((r) => r.statusCode)).toEqual(Array(10).fill(401));
    }
    const [row] = await t.db
      .select()
      .from(authThrottles)
      .where(eq(authThrottles.key, throttleKeys.signInIp(ip)));
    expect(row?.count).toBe(100);

    const limited = await signInRequest(t, uniqueEmail('unknown'), WRONG_PASSWORD, { remoteAddress: ip });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(24 * 60 * 60);
    // The IP limit holds for a real account with the right password too.
    expect((await signInRequest(t, email, STRONG_PASSWORD, { remoteAddress: ip })).statusCode).toBe(429);

    // X-Forwarded-For is not trusted (TRUST_PROXY off): it cannot dodge the limit.
    const spoofed = await t.request({
      method: 'POST',
      url: '/api/auth/password',
      payload: { loginIdentifier: uniqueEmail('unknown'), password: WRONG_PASSWORD, grant_type: 'password', client_id: CLIENT_ID },
      headers: { 'x-forwarded-for': '192.0.2.99' },
      remoteAddress: ip,
    });
    expect(spoofed.statusCode).toBe(429);

    const otherIp = '198.51.100.23';
    expect((await signInRequest(t, uniqueEmail('unknown'), WRONG_PASSWORD, { remoteAddress: otherIp })).statusCode).toBe(401);
    expect((await signInRequest(t, email, STRONG_PASSWORD, { remoteAddress: otherIp })).statusCode).toBe(200);
  });
});
