import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents, oneTimeCodes } from '../../db/schema/index.js';
import {
  CLIENT_ID,
  PUBLIC_URL,
  STRONG_PASSWORD,
  createPerson,
  passResendDelay,
  signIn,
  uniqueEmail,
  useTestApp,
  type TestApp,
} from '../../test/test-app.js';

const t = useTestApp();

const NEW_PASSWORD = 'marble lantern orchard quietly drifting';
const WEAK_PASSWORD = 'aaaaaaaaaaaaaaaaaaaa';
const LINK_PREFIX = `${PUBLIC_URL}/auth/new-password?code=`;

const forgot = (test: TestApp, email: string, headers: Record<string, string> = {}) =>
  test.post('/api/auth/password/forgot', { loginIdentifier: email }, { headers });
const validate = async (test: TestApp, actionCode: string) => {
  const response = await test.post('/api/auth/password/reset/validate-code', { actionCode });
  expect(response.statusCode).toBe(200);
  return response.json().payload.isActive as boolean;
};
const reset = (test: TestApp, actionCode: string, password: string) => test.post('/api/auth/password/reset', { actionCode, password });
const signInStatus = async (test: TestApp, email: string, password: string) =>
  (await test.post('/api/auth/password', { loginIdentifier: email, password, grant_type: 'password', client_id: CLIENT_ID })).statusCode;
const refreshStatus = async (test: TestApp, refreshToken: string) =>
  (await test.post('/api/auth/token/refresh', { refresh_token: refreshToken, grant_type: 'refresh_token', client_id: CLIENT_ID }))
    .statusCode;

/** The action code of the newest reset mail to `email`. */
async function latestActionCode(test: TestApp, email: string): Promise<string> {
  const mail = await test.latestMail(email);
  const link = mail?.text.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error(`no reset link mailed to ${email}`);
  return new URL(link).searchParams.get('code')!;
}

/** An active person with a fresh reset link in their mailbox. */
async function personWithResetLink(test: TestApp) {
  const person = await createPerson(test);
  await passResendDelay(test, person.email);
  const response = await forgot(test, person.email);
  expect(response.statusCode).toBe(200);
  return { ...person, actionCode: await latestActionCode(test, person.email) };
}

describe('POST auth/password/forgot', () => {
  it('mails a link built from PUBLIC_URL, whatever Host and X-Forwarded-Host say', async () => {
    const { email } = await createPerson(t);
    await passResendDelay(t, email);
    const response = await forgot(t, email, { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ payload: true });
    const mail = (await t.latestMail(email))!;
    expect(mail.subject).toBe('Reset your Tandem password');
    const links = [...mail.text.matchAll(/https?:\/\/\S+/g), ...mail.html.matchAll(/href="([^"]+)"/g)].map((m) => m[1] ?? m[0]);
    expect(links.length).toBeGreaterThanOrEqual(2);
    for (const link of links) expect(link.replaceAll('&amp;', '&').startsWith(LINK_PREFIX), link).toBe(true);
    expect(mail.text + mail.html).not.toContain('evil.example');
  });

  it('answers an unknown email the same, without a mail', async () => {
    const email = uniqueEmail('ghost');
    const response = await forgot(t, email);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ payload: true });
    expect(await t.mailCount(email)).toBe(0);
  });

  it('issues an action code of at least 128 random bits, stored hashed, valid 60 minutes', async () => {
    const { personId, actionCode } = await personWithResetLink(t);
    expect(actionCode).toMatch(/^[\w-]{22,}$/);
    const [row] = await t.db
      .select()
      .from(oneTimeCodes)
      .where(and(eq(oneTimeCodes.personId, personId), eq(oneTimeCodes.purpose, 'PASSWORD_RESET')));
    expect(row!.codeHash).not.toBe(actionCode);
    expect(row!.codeHash).not.toContain(actionCode);
    expect((row!.expiresAt.getTime() - row!.createdAt.getTime()) / 60_000).toBe(60);
  });

  it('sends reset and validation answers with Referrer-Policy no-referrer', async () => {
    const response = await t.post('/api/auth/password/reset/validate-code', { actionCode: 'whatever' });
    expect(response.headers['referrer-policy']).toBe('no-referrer');
  });
});

describe('POST auth/password/reset', () => {
  it('sets the new password, signs every session out, and works once', async () => {
    const { email, personId } = await createPerson(t);
    const earlier = await signIn(t, email);
    await passResendDelay(t, email);
    await forgot(t, email);
    const actionCode = await latestActionCode(t, email);
    expect(await validate(t, actionCode)).toBe(true);

    const response = await reset(t, actionCode, NEW_PASSWORD);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ payload: true });
    expect(await signInStatus(t, email, STRONG_PASSWORD)).toBe(401);
    expect(await signInStatus(t, email, NEW_PASSWORD)).toBe(200);
    expect(await refreshStatus(t, earlier.refresh_token)).toBe(401);
    expect((await t.get('/api/v1/profile', { token: earlier.access_token })).statusCode).toBe(401);

    const second = await reset(t, actionCode, 'another entirely different passphrase');
    expect(second.statusCode).toBe(410);
    expect(second.json().errorCode).toBe('GONE');
    expect(await validate(t, actionCode)).toBe(false);
    expect(await signInStatus(t, email, NEW_PASSWORD)).toBe(200);
    const events = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'PASSWORD_RESET'), eq(auditEvents.actorPersonId, personId)));
    expect(events).toHaveLength(1);
  });

  it('refuses an unknown code with 410 and validate-code says inactive', async () => {
    expect(await validate(t, 'A'.repeat(43))).toBe(false);
    const response = await reset(t, 'A'.repeat(43), NEW_PASSWORD);
    expect(response.statusCode).toBe(410);
  });

  it('expires after 60 minutes', async () => {
    const { email, personId, actionCode } = await personWithResetLink(t);
    await t.db
      .update(oneTimeCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(oneTimeCodes.personId, personId), eq(oneTimeCodes.purpose, 'PASSWORD_RESET')));
    expect(await validate(t, actionCode)).toBe(false);
    expect((await reset(t, actionCode, NEW_PASSWORD)).statusCode).toBe(410);
    expect(await signInStatus(t, email, STRONG_PASSWORD)).toBe(200);
  });

  it('refuses a weak new password with WEAK_PASSWORD and keeps the code active', async () => {
    const { email, actionCode } = await personWithResetLink(t);
    const weak = await reset(t, actionCode, WEAK_PASSWORD);
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toMatchObject({ errorCode: 'WEAK_PASSWORD', errorData: { password: expect.any(String) } });
    const short = await reset(t, actionCode, 'short');
    expect(short.statusCode).toBe(400);
    expect(short.json().errorData.password).toMatch(/at least 15 characters/);
    expect(await validate(t, actionCode)).toBe(true);
    expect((await reset(t, actionCode, NEW_PASSWORD)).statusCode).toBe(200);
    expect(await signInStatus(t, email, NEW_PASSWORD)).toBe(200);
  });

  it('a new link voids the older one', async () => {
    const { email, actionCode: older } = await personWithResetLink(t);
    await passResendDelay(t, email);
    await forgot(t, email);
    const newer = await latestActionCode(t, email);
    expect(newer).not.toBe(older);
    expect(await validate(t, older)).toBe(false);
    expect((await reset(t, older, NEW_PASSWORD)).statusCode).toBe(410);
    expect(await validate(t, newer)).toBe(true);
    expect((await reset(t, newer, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('a password change voids an outstanding link', async () => {
    const { email, actionCode } = await personWithResetLink(t);
    const tokens = await signIn(t, email);
    const update = await t.post(
      '/api/auth/password/update',
      { currentPassword: STRONG_PASSWORD, password: NEW_PASSWORD },
      { token: tokens.access_token },
    );
    expect(update.statusCode).toBe(200);
    expect(await validate(t, actionCode)).toBe(false);
  });
});

describe('POST auth/password/update', () => {
  const update = (test: TestApp, token: string | undefined, currentPassword: string, password: string) =>
    test.post('/api/auth/password/update', { currentPassword, password }, token ? { token } : {});

  it('refuses a wrong current password with 401 and errorData.currentPassword', async () => {
    const { email } = await createPerson(t);
    const tokens = await signIn(t, email);
    const response = await update(t, tokens.access_token, 'not my current password', NEW_PASSWORD);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ errorCode: 'INVALID_CREDENTIALS', errorData: { currentPassword: expect.any(String) } });
    expect(await signInStatus(t, email, STRONG_PASSWORD)).toBe(200);
  });

  it('refuses a weak new password with 400', async () => {
    const { email } = await createPerson(t);
    const tokens = await signIn(t, email);
    const weak = await update(t, tokens.access_token, STRONG_PASSWORD, WEAK_PASSWORD);
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toMatchObject({ errorCode: 'WEAK_PASSWORD', errorData: { password: expect.any(String) } });
    const short = await update(t, tokens.access_token, STRONG_PASSWORD, 'short');
    expect(short.statusCode).toBe(400);
    expect(await signInStatus(t, email, STRONG_PASSWORD)).toBe(200);
  });

  it('changes the password; this session keeps working, other sessions are signed out', async () => {
    const { email } = await createPerson(t);
    const current = await signIn(t, email);
    const other = await signIn(t, email);
    const response = await update(t, current.access_token, STRONG_PASSWORD, NEW_PASSWORD);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ payload: true });

    expect((await t.get('/api/v1/profile', { token: current.access_token })).statusCode).toBe(200);
    expect(await refreshStatus(t, current.refresh_token)).toBe(200);
    expect(await refreshStatus(t, other.refresh_token)).toBe(401);
    expect((await t.get('/api/v1/profile', { token: other.access_token })).statusCode).toBe(401);
    expect(await signInStatus(t, email, STRONG_PASSWORD)).toBe(401);
    expect(await signInStatus(t, email, NEW_PASSWORD)).toBe(200);
  });

  it('refuses an unauthenticated call with 401', async () => {
    const response = await update(t, undefined, STRONG_PASSWORD, NEW_PASSWORD);
    expect(response.statusCode).toBe(401);
    expect(response.json().errorCode).toBe('UNAUTHENTICATED');
  });
});
