import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../apps/server/src/app.js';
import { people } from '../../apps/server/src/db/schema/index.js';
import { MAIL_QUEUE } from '../../apps/server/src/mail/mail-jobs.js';
import type { StoredMail } from '../../apps/server/src/mail/mailer.js';
import { redactUrl } from '../../apps/server/src/plugins/request-log.js';
import { CLIENT_ID, openTestDatabase, testConfig, uniqueEmail } from '../../apps/server/src/test/test-app.js';

/**
 * Issue #14, "logs never contain a password, code, token or reset link". The app is built as in
 * production — JSON log lines, MAIL_URL set (here a local SMTP sink; without it the development
 * mailbox writes codes and links to the log on purpose, issue #8) — at the most verbose level,
 * trace, writing into this test. Every flow that handles a secret runs: sign-up and activation,
 * a wrong and a right password, token refresh, passwordless, forgot password with the reset
 * page opened from its link, reset, password change, impersonation and sign-out. Then no line
 * may contain any of the passwords, codes, tokens, the reset link or its action code.
 */

const webDist = mkdtempSync(path.join(tmpdir(), 'tandem-logs-dist-'));
writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Tandem</title><div id="root"></div>');

const lines: string[] = [];
let pending = '';
const sink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    pending += chunk.toString();
    const complete = pending.split('\n');
    pending = complete.pop() ?? '';
    lines.push(...complete);
    done();
  },
});

let app: FastifyInstance;
let drop: () => Promise<void>;
let smtp: SMTPServer;
const mails: StoredMail[] = [];

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      stream.resume();
      stream.on('end', () => callback());
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as AddressInfo).port;
  const database = await openTestDatabase();
  drop = database.drop;
  app = await buildApp({
    config: testConfig({ logLevel: 'trace', mailUrl: `smtp://127.0.0.1:${port}`, webDistDir: webDist }),
    database: database.handle,
    logStream: sink,
  });
  app.mailer.on('sent', (mail) => mails.push(mail));
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await drop?.();
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
  rmSync(webDist, { recursive: true, force: true });
});

const call = (method: 'GET' | 'POST', url: string, payload?: object, token?: string): Promise<LightMyRequestResponse> =>
  app.inject({
    method,
    url,
    payload,
    headers: { 'x-client-id': CLIENT_ID, 'user-agent': 'logs-test', ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });

/** The newest mail to `to` once the mail queue has drained. */
async function mailTo(to: string): Promise<StoredMail> {
  await app.jobs.waitUntilIdle([MAIL_QUEUE]);
  const mail = mails.filter((entry) => entry.to === to.toLowerCase()).at(-1);
  if (!mail) throw new Error(`no mail to ${to}`);
  return mail;
}
const codeOf = (mail: StoredMail) => mail.subject.match(/\b(\d{6})\b/)?.[1] ?? '';

function expectOk(response: LightMyRequestResponse, status = 200): LightMyRequestResponse {
  expect(response.statusCode, response.body).toBe(status);
  return response;
}

/** Every secret the flows handled: what no log line may hold. */
const secrets = new Map<string, string>();
const keep = (name: string, value: string | undefined) => {
  expect(value, name).toBeTruthy();
  secrets.set(name, value!);
};

describe('the log of the flows that handle secrets (issue #14)', () => {
  it('runs every secret-handling flow at trace level', async () => {
    const email = uniqueEmail('logs');
    const passwords = {
      first: 'Correct horse battery staple, violet 1',
      wrong: 'Wrong horse battery staple, crimson 2',
      reset: 'Another horse battery staple, amber 3',
      changed: 'Third horse battery staple, indigo 4',
    };
    for (const [name, value] of Object.entries(passwords)) keep(`password ${name}`, value);

    expectOk(
      await call('POST', '/api/v1/signup', { firstName: 'Lou', lastName: 'Logs', loginIdentifier: email, password: passwords.first }),
      201,
    );
    const activation = codeOf(await mailTo(email));
    keep('activation code', activation);
    expectOk(await call('POST', '/api/v1/signup/activate', { loginIdentifier: email, activationCode: activation }));

    const grant = (password: string, extra: object = {}) =>
      call('POST', '/api/auth/password', { loginIdentifier: email, password, grant_type: 'password', client_id: CLIENT_ID, ...extra });
    expect((await grant(passwords.wrong)).statusCode).toBe(401);
    const first = expectOk(await grant(passwords.first)).json().payload;
    keep('access token (password)', first.access_token);
    keep('refresh token (password)', first.refresh_token);
    expectOk(await call('GET', '/api/v1/profile', undefined, first.access_token));

    const refreshed = expectOk(
      await call('POST', '/api/auth/token/refresh', {
        refresh_token: first.refresh_token,
        grant_type: 'refresh_token',
        client_id: CLIENT_ID,
      }),
    ).json().payload;
    keep('access token (refresh)', refreshed.access_token);
    keep('refresh token (refresh)', refreshed.refresh_token);

    const sent = expectOk(await call('POST', '/api/auth/passwordless', { loginIdentifier: email, clientId: CLIENT_ID })).json().payload;
    const signInCode = codeOf(await mailTo(email));
    keep('passwordless code', signInCode);
    const byCode = expectOk(
      await call('POST', '/api/auth/passwordless/verify', {
        verificationToken: signInCode,
        loginIdentifier: email,
        originalTimestamp: sent.timestamp,
        clientId: CLIENT_ID,
      }),
    ).json().payload;
    keep('access token (passwordless)', byCode.access_token);
    keep('refresh token (passwordless)', byCode.refresh_token);

    expectOk(await call('POST', '/api/auth/password/forgot', { loginIdentifier: email }));
    const resetMail = await mailTo(email);
    const resetLink = resetMail.text.match(/https?:\/\/\S+new-password\S*/)?.[0];
    keep('reset link', resetLink);
    const link = new URL(resetLink!);
    const actionCode = link.searchParams.get('code') ?? undefined;
    keep('reset action code', actionCode);
    keep('reset link path and query', `${link.pathname}${link.search}`);
    // The browser opens the link: the server that serves the web app answers the page.
    expectOk(await call('GET', `${link.pathname}${link.search}`));
    expect(expectOk(await call('POST', '/api/auth/password/reset/validate-code', { actionCode })).json().payload).toEqual({
      isActive: true,
    });
    expectOk(await call('POST', '/api/auth/password/reset', { actionCode, password: passwords.reset }));

    const afterReset = expectOk(await grant(passwords.reset)).json().payload;
    keep('access token (after reset)', afterReset.access_token);
    keep('refresh token (after reset)', afterReset.refresh_token);
    expectOk(
      await call(
        'POST',
        '/api/auth/password/update',
        { currentPassword: passwords.reset, password: passwords.changed },
        afterReset.access_token,
      ),
    );

    // Impersonation: a platform admin signs in with their own password as someone else.
    const adminEmail = uniqueEmail('logs-admin');
    expectOk(
      await call('POST', '/api/v1/signup', { firstName: 'Ada', lastName: 'Admin', loginIdentifier: adminEmail, password: passwords.first }),
      201,
    );
    const adminCode = codeOf(await mailTo(adminEmail));
    keep('admin activation code', adminCode);
    expectOk(await call('POST', '/api/v1/signup/activate', { loginIdentifier: adminEmail, activationCode: adminCode }));
    await app.db.update(people).set({ isPlatformAdmin: true }).where(eq(people.email, adminEmail));
    const acting = expectOk(
      await call('POST', '/api/auth/password', {
        loginIdentifier: adminEmail,
        password: passwords.first,
        grant_type: 'password',
        client_id: CLIENT_ID,
        impersonation_identifier: email,
      }),
    ).json().payload;
    keep('access token (impersonation)', acting.access_token);
    keep('refresh token (impersonation)', acting.refresh_token);
    expectOk(await call('GET', '/api/v1/profile', undefined, acting.access_token));

    expectOk(await call('POST', '/api/auth/token/revoke', { token: byCode.refresh_token }));
    await app.jobs.waitUntilIdle([MAIL_QUEUE]);
  });

  it('wrote the log at trace level, a line per request (the control: the log is really captured)', () => {
    const entries = lines.map((line) => JSON.parse(line) as { level: number; msg?: string; url?: string });
    expect(entries.some((entry) => entry.level === 10 || entry.level === 20)).toBe(true);
    for (const url of [
      '/api/v1/signup',
      '/api/auth/password',
      '/api/auth/token/refresh',
      '/api/auth/password/reset',
      '/auth/new-password?code=[redacted]',
    ]) {
      expect(
        entries.some((entry) => entry.url === url),
        url,
      ).toBe(true);
    }
    // Activation (twice), sign-in code and reset link went out over SMTP, not into the log.
    expect(mails.length).toBeGreaterThanOrEqual(4);
  });

  it('no line contains a password, code, token or the reset link', () => {
    expect(secrets.size).toBeGreaterThanOrEqual(20);
    const leaks: string[] = [];
    for (const [name, value] of secrets) {
      for (const line of lines) if (line.includes(value)) leaks.push(`${name} in ${line.slice(0, 300)}`);
    }
    expect(leaks).toEqual([]);
  });
});

describe('redactUrl (plugins/request-log.ts)', () => {
  it('redacts secret query values and keeps the rest', () => {
    expect(redactUrl('/auth/new-password?code=abc123')).toBe('/auth/new-password?code=[redacted]');
    expect(redactUrl('/x?cursor=c1&access_token=t&limit=5&Passcode=p&apiKey=k')).toBe(
      '/x?cursor=c1&access_token=[redacted]&limit=5&Passcode=[redacted]&apiKey=[redacted]',
    );
    expect(redactUrl('/api/v1/workspaces/1/tasks?status=TODO')).toBe('/api/v1/workspaces/1/tasks?status=TODO');
    expect(redactUrl('/a?%63ode=secret&flag')).toBe('/a?%63ode=[redacted]&flag');
    expect(redactUrl('/plain')).toBe('/plain');
  });

  it("redacts a public link's id in the pages' and their data's paths", () => {
    const id = 'Ab3dEfGhIjKlMnOpQrStUv';
    expect(redactUrl(`/q/${id}`)).toBe('/q/[redacted]');
    expect(redactUrl(`/b/${id}?x=1`)).toBe('/b/[redacted]?x=1');
    expect(redactUrl(`/s/${id}`)).toBe('/s/[redacted]');
    expect(redactUrl(`/api/v1/public/questions/${id}/answers/item-1`)).toBe('/api/v1/public/questions/[redacted]/answers/item-1');
    expect(redactUrl(`/api/v1/public/briefs/${id}/unlock`)).toBe('/api/v1/public/briefs/[redacted]/unlock');
    expect(redactUrl(`/api/v1/workspaces/w1/briefs/${id}`)).toBe(`/api/v1/workspaces/w1/briefs/${id}`);
    expect(redactUrl('/questions/x')).toBe('/questions/x');
  });
});
