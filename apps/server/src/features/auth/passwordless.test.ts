import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { oneTimeCodes, people } from '../../db/schema/index.js';
import { CLIENT_ID, createPerson, passResendDelay, uniqueEmail, useTestApp, type TestApp } from '../../test/test-app.js';

const t = useTestApp();

const requestCode = (test: TestApp, email: string) => test.post('/api/auth/passwordless', { loginIdentifier: email, clientId: CLIENT_ID });
const verify = (test: TestApp, email: string, code: string, originalTimestamp: number) =>
  test.post('/api/auth/passwordless/verify', { verificationToken: code, loginIdentifier: email, originalTimestamp, clientId: CLIENT_ID });
const otherCode = (code: string) => (code === '000000' ? '111111' : '000000');

async function sendCode(test: TestApp, email: string): Promise<{ code: string; timestamp: number }> {
  const response = await requestCode(test, email);
  expect(response.statusCode).toBe(200);
  return { code: await test.latestCode(email), timestamp: response.json().payload.timestamp };
}

describe('POST auth/passwordless', () => {
  it('answers payload.timestamp and mails a 6-digit code that signs in', async () => {
    const { email, personId } = await createPerson(t);
    const before = Date.now();
    const response = await requestCode(t, email);
    expect(response.statusCode).toBe(200);
    const { timestamp } = response.json().payload;
    expect(Object.keys(response.json().payload)).toEqual(['timestamp']);
    expect(typeof timestamp).toBe('number');
    expect(timestamp).toBeGreaterThanOrEqual(before - 1000);
    expect(timestamp).toBeLessThanOrEqual(Date.now() + 1000);
    const code = await t.latestCode(email);
    expect(code).toMatch(/^\d{6}$/);
    expect((await t.latestMail(email))?.subject).toContain('sign-in code');

    const signedIn = await verify(t, email, code, timestamp);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().payload).toMatchObject({
      user_id: personId,
      token_type: 'Bearer',
      expires_in: 900,
      refresh_token: expect.any(String),
    });
    expect((await t.get('/api/v1/profile', { token: signedIn.json().payload.access_token })).statusCode).toBe(200);
  });

  it('answers an unknown email with the same shape and sends no mail', async () => {
    const email = uniqueEmail('ghost');
    const response = await requestCode(t, email);
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json().payload)).toEqual(['timestamp']);
    expect(typeof response.json().payload.timestamp).toBe('number');
    expect(await t.mailCount(email)).toBe(0);
    const attempt = await verify(t, email, '123456', response.json().payload.timestamp);
    expect(attempt.statusCode).toBe(400);
    expect(attempt.json().errorCode).toBe('INVALID_CODE');
  });

  it('stores the code as a keyed hash, never in the clear', async () => {
    const { email, personId } = await createPerson(t);
    const { code } = await sendCode(t, email);
    const [row] = await t.db
      .select()
      .from(oneTimeCodes)
      .where(and(eq(oneTimeCodes.personId, personId), eq(oneTimeCodes.purpose, 'PASSWORDLESS')));
    expect(row!.codeHash).not.toContain(code);
    expect(row!.codeHash).toMatch(/^[\w-]{43}$/);
    const expiresInMinutes = (row!.expiresAt.getTime() - row!.createdAt.getTime()) / 60_000;
    expect(expiresInMinutes).toBe(10);
  });
});

describe('POST auth/passwordless/verify', () => {
  it('a code works once', async () => {
    const { email } = await createPerson(t);
    const { code, timestamp } = await sendCode(t, email);
    expect((await verify(t, email, code, timestamp)).statusCode).toBe(200);
    const again = await verify(t, email, code, timestamp);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ errorCode: 'INVALID_CODE', errorData: { verificationToken: expect.any(String) } });
  });

  it('5 wrong tries burn the code', async () => {
    const { email } = await createPerson(t);
    const { code, timestamp } = await sendCode(t, email);
    for (let i = 0; i < 5; i += 1) {
      const wrong = await verify(t, email, otherCode(code), timestamp);
      expect(wrong.statusCode, `try ${i + 1}`).toBe(400);
      expect(wrong.json().errorCode).toBe('INVALID_CODE');
    }
    expect((await verify(t, email, code, timestamp)).statusCode).toBe(400);
  });

  it('4 wrong tries leave the code usable', async () => {
    const { email } = await createPerson(t);
    const { code, timestamp } = await sendCode(t, email);
    for (let i = 0; i < 4; i += 1) expect((await verify(t, email, otherCode(code), timestamp)).statusCode).toBe(400);
    expect((await verify(t, email, code, timestamp)).statusCode).toBe(200);
  });

  it('refuses an expired code', async () => {
    const { email, personId } = await createPerson(t);
    const { code, timestamp } = await sendCode(t, email);
    await t.db
      .update(oneTimeCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeCodes.personId, personId));
    const response = await verify(t, email, code, timestamp);
    expect(response.statusCode).toBe(400);
    expect(response.json().errorCode).toBe('INVALID_CODE');
  });

  it('refuses a wrong originalTimestamp', async () => {
    const { email } = await createPerson(t);
    const { code, timestamp } = await sendCode(t, email);
    expect((await verify(t, email, code, timestamp - 1)).statusCode).toBe(400);
    expect((await verify(t, email, code, timestamp + 60_000)).statusCode).toBe(400);
    // The refusals did not spend the code.
    expect((await verify(t, email, code, timestamp)).statusCode).toBe(200);
  });

  it('a new code voids the previous one', async () => {
    const { email, personId } = await createPerson(t);
    const first = await sendCode(t, email);
    await passResendDelay(t, email);
    const second = await sendCode(t, email);
    expect(second.timestamp).toBeGreaterThan(first.timestamp);

    const codes = await t.db
      .select()
      .from(oneTimeCodes)
      .where(and(eq(oneTimeCodes.personId, personId), eq(oneTimeCodes.purpose, 'PASSWORDLESS')));
    expect(codes).toHaveLength(2);
    expect(codes.filter((c) => c.consumedAt === null)).toHaveLength(1);
    expect((await verify(t, email, first.code, first.timestamp)).statusCode).toBe(400);
    if (first.code !== second.code) expect((await verify(t, email, first.code, second.timestamp)).statusCode).toBe(400);
    expect((await verify(t, email, second.code, second.timestamp)).statusCode).toBe(200);
  });

  it('a first code sign-in activates a pending account', async () => {
    const { email, personId } = await createPerson(t, { activate: false });
    const { code, timestamp } = await sendCode(t, email);
    const response = await verify(t, email, code, timestamp);
    expect(response.statusCode).toBe(200);
    expect(response.json().payload.user_id).toBe(personId);
    const [person] = await t.db.select().from(people).where(eq(people.id, personId));
    expect(person?.status).toBe('ACTIVE');
    const profile = await t.get('/api/v1/profile', { token: response.json().payload.access_token });
    expect(profile.json().payload.status).toBe('ACTIVE');
  });

  it('refuses a disabled account', async () => {
    const { email, personId } = await createPerson(t);
    const { code, timestamp } = await sendCode(t, email);
    await t.db.update(people).set({ status: 'DISABLED' }).where(eq(people.id, personId));
    const response = await verify(t, email, code, timestamp);
    expect(response.statusCode).toBe(403);
    expect(response.json().errorCode).toBe('ACCOUNT_DISABLED');
  });
});

describe('mail limits (60 s apart per kind of code, 5 per hour)', () => {
  it('sends a sign-in code right after the activation mail: the 60 s rule is per kind of code', async () => {
    const { email } = await createPerson(t);
    expect((await requestCode(t, email)).statusCode).toBe(200);
    expect(await t.mailCount(email)).toBe(2);
    expect((await t.post('/api/auth/password/forgot', { loginIdentifier: email })).statusCode).toBe(200);
    expect(await t.mailCount(email)).toBe(3);
    expect((await requestCode(t, email)).statusCode).toBe(429);
  });

  it('refuses a second request within 60 s with Retry-After ≤ 60', async () => {
    const { email } = await createPerson(t);
    await sendCode(t, email);
    const tooSoon = await requestCode(t, email);
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json().errorCode).toBe('TOO_MANY_REQUESTS');
    const retryAfter = Number(tooSoon.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await t.mailCount(email)).toBe(2); // the activation mail and the one code
  });

  it('limits an unknown email the same way (no enumeration)', async () => {
    const email = uniqueEmail('ghost');
    expect((await requestCode(t, email)).statusCode).toBe(200);
    const tooSoon = await requestCode(t, email);
    expect(tooSoon.statusCode).toBe(429);
    expect(Number(tooSoon.headers['retry-after'])).toBeLessThanOrEqual(60);
  });

  it('sends at most 5 mails per address per hour', async () => {
    const email = uniqueEmail('hourly');
    for (let i = 0; i < 5; i += 1) {
      await passResendDelay(t, email);
      expect((await requestCode(t, email)).statusCode, `mail ${i + 1}`).toBe(200);
    }
    await passResendDelay(t, email);
    const sixth = await requestCode(t, email);
    expect(sixth.statusCode).toBe(429);
    const retryAfter = Number(sixth.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(60);
    expect(retryAfter).toBeLessThanOrEqual(3600);
  });

  it('counts the activation mail of a sign-up towards the hourly limit', async () => {
    const { email } = await createPerson(t);
    for (let i = 0; i < 4; i += 1) {
      await passResendDelay(t, email);
      expect((await requestCode(t, email)).statusCode, `code ${i + 1}`).toBe(200);
    }
    await passResendDelay(t, email);
    expect((await requestCode(t, email)).statusCode).toBe(429);
    expect(await t.mailCount(email)).toBe(5);
  });
});
