import { randomBytes } from 'node:crypto';
import { openAsBlob } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { like, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp } from '../app.js';
import type { AppConfig } from '../config/env.js';
import { fromPglite, openDatabase, type Database, type DatabaseHandle } from '../db/client.js';
import { withPgliteSettings } from '../db/pglite-options.js';
import { authThrottles } from '../db/schema/index.js';
import { MAIL_QUEUE } from '../mail/mail-jobs.js';
import type { StoredMail } from '../mail/mailer.js';
// The names global-setup.ts provides (its ProvidedContext augmentation), for every workspace that compiles this file.
import type {} from './global-setup.js';

export const CLIENT_ID = 'tandem-web';
export const PUBLIC_URL = 'https://tandem.example.test';

/** The configuration the API tests run with: production's, with fixed secrets. */
export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  const config: AppConfig = {
    env: 'test',
    port: 0,
    host: '127.0.0.1',
    publicUrl: PUBLIC_URL,
    databaseUrl: undefined,
    dataDir: 'memory://',
    mailUrl: undefined,
    mailFrom: 'Tandem <no-reply@tandem.test>',
    mailJobTimeoutSeconds: 60,
    idempotencyLeaseSeconds: 30,
    jwtSecret: 'test-jwt-secret-that-is-long-enough-0123456789',
    codePepper: 'test-code-pepper-that-is-long-enough-0123456789',
    accessTokenTtlSeconds: 900,
    clientIds: [CLIENT_ID, 'tandem-ios'],
    rateLimitPerMinute: 10_000,
    trustProxy: false,
    seedDemo: false,
    posthogKey: undefined,
    posthogHost: undefined,
    logLevel: 'silent',
    webDistDir: undefined,
    ai: null,
    encryptionKey: 'test-encryption-key-that-is-long-enough-0123456789',
    slack: null,
    slackMissingSettings: [],
    ...overrides,
  };
  if (!overrides.slackMissingSettings)
    config.slackMissingSettings = config.slack ? [] : ['SLACK_CLIENT_ID', 'SLACK_CLIENT_SECRET', 'SLACK_SIGNING_SECRET'];
  return config;
}

/**
 * A database of its own for one test file (STYLE §8): PGlite in memory, or — when the project
 * runs with TEST_DATABASE=postgres — a new database on TEST_DATABASE_URL's server, dropped after.
 * Each is a fresh copy of a migrated template (global-setup.ts, decision 024): PGlite
 * loads the migrated data directory, PostgreSQL copies the template database; without a template
 * (a project without the globalSetup) it is created empty and migrated here. An unreachable
 * TEST_DATABASE_URL fails the tests; it never skips them. `databaseUrl` is the new PostgreSQL
 * database's URL (undefined on PGlite), for a child server process.
 */
export async function openTestDatabase(): Promise<{ handle: DatabaseHandle; drop: () => Promise<void>; databaseUrl?: string }> {
  if (process.env.TEST_DATABASE !== 'postgres') {
    const template = inject('pgliteTemplate');
    let handle: DatabaseHandle;
    if (template) {
      const loadDataDir = await openAsBlob(template, { type: 'application/x-tar' });
      handle = fromPglite(await PGlite.create(withPgliteSettings({ loadDataDir })));
    } else {
      handle = await openDatabase({ dataDir: 'memory://' });
      await handle.migrate();
    }
    return { handle, drop: () => handle.close() };
  }
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DATABASE=postgres needs TEST_DATABASE_URL');
  const template = inject('postgresTemplate');
  const name = `tandem_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), dataDir: 'unused' });
  if (!template) await handle.migrate();
  return {
    handle,
    databaseUrl: url.toString(),
    drop: async () => {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      // pool.end() resolves before its sockets have closed; dropping then would kill them mid-exit.
      for (let attempt = 0; attempt < 50; attempt += 1) {
        const { rows } = await cleanup.query<{ count: string }>('select count(*) from pg_stat_activity where datname = $1', [name]);
        if (rows[0]?.count === '0') break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  /** Sends a request with X-Client-Id (unless overridden) and JSON; `token` adds the Bearer. */
  request(options: InjectOptions & { token?: string }): Promise<LightMyRequestResponse>;
  post(url: string, body: unknown, options?: { token?: string; headers?: Record<string, string> }): Promise<LightMyRequestResponse>;
  get(url: string, options?: { token?: string; headers?: Record<string, string> }): Promise<LightMyRequestResponse>;
  /**
   * Waits until the mail queue has no created, retry or active job (each job's end is the
   * signal, bounded by `timeoutMs`, default 10 s). Mail is delivered by the job queue after the
   * commit (decision 011): call this before asserting that a mail was, or was not, sent.
   */
  drainJobs(queues?: string[], timeoutMs?: number): Promise<void>;
  /**
   * The newest mail to `to` in the development mailbox, once the mail queue has drained. Newest
   * means enqueued last (message ids are UUIDv7): two workers may deliver in another order.
   */
  latestMail(to: string): Promise<StoredMail | undefined>;
  /** The 6-digit code of the newest mail to `to`, once the mail queue has drained. */
  latestCode(to: string): Promise<string>;
  /** How many mails `to` received, once the mail queue has drained. */
  mailCount(to: string): Promise<number>;
}

/**
 * Boots the real app on a fresh database for the current test file; closes both afterwards.
 * Use inside a describe block or at the top of a file.
 */
export function useTestApp(overrides: Partial<AppConfig> = {}): TestApp {
  let app: FastifyInstance | undefined;
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const database = await openTestDatabase();
    drop = database.drop;
    app = await buildApp({ config: testConfig(overrides), database: database.handle, logger: false });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await drop?.();
  });
  const current = () => {
    if (!app) throw new Error('the test app is not ready yet');
    return app;
  };
  const newestMailTo = (to: string) =>
    current()
      .mailer.mailbox.filter((mail) => mail.to === to.toLowerCase())
      .sort((a, b) => (a.messageId ?? '').localeCompare(b.messageId ?? ''))
      .at(-1);
  const drainJobs: TestApp['drainJobs'] = (queues = [MAIL_QUEUE], timeoutMs) => current().jobs.waitUntilIdle(queues, timeoutMs);
  const request: TestApp['request'] = ({ token, headers, ...options }) =>
    current().inject({
      ...options,
      headers: {
        'x-client-id': CLIENT_ID,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
    });
  return {
    get app() {
      return current();
    },
    get db() {
      return current().db;
    },
    request,
    post: (url, body, options = {}) => request({ method: 'POST', url, payload: body as InjectOptions['payload'], ...options }),
    get: (url, options = {}) => request({ method: 'GET', url, ...options }),
    drainJobs,
    async latestMail(to) {
      await drainJobs();
      return newestMailTo(to);
    },
    async latestCode(to) {
      await drainJobs();
      const mail = newestMailTo(to);
      const code = mail?.subject.match(/\b(\d{6})\b/)?.[1];
      if (!code) throw new Error(`no code mailed to ${to}`);
      return code;
    },
    async mailCount(to) {
      await drainJobs();
      return current().mailer.mailbox.filter((mail) => mail.to === to.toLowerCase()).length;
    },
  };
}

/** A password that passes the policy (PRODUCT §5). */
export const STRONG_PASSWORD = 'correct horse battery staple velvet';

let counter = 0;
/** A unique email for this run. */
export function uniqueEmail(prefix = 'person'): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}.${counter}@example.test`;
}

/** Signs up (and by default activates) a person; returns their email and ids. */
export async function createPerson(
  t: TestApp,
  options: { email?: string; password?: string; firstName?: string; lastName?: string; activate?: boolean } = {},
): Promise<{ email: string; password: string; personId: string }> {
  const email = options.email ?? uniqueEmail();
  const password = options.password ?? STRONG_PASSWORD;
  const signup = await t.post('/api/v1/signup', {
    firstName: options.firstName ?? 'Robin',
    lastName: options.lastName ?? 'Example',
    loginIdentifier: email,
    password,
  });
  if (signup.statusCode !== 201) throw new Error(`signup failed: ${signup.body}`);
  const personId = signup.json<{ payload: { id: string } }>().payload.id;
  if (options.activate !== false) {
    const activation = await t.post('/api/v1/signup/activate', { loginIdentifier: email, activationCode: await t.latestCode(email) });
    if (activation.statusCode !== 200) throw new Error(`activation failed: ${activation.body}`);
  }
  return { email, password, personId };
}

/** Moves the 60-second resend windows of every code kind for `email` back, as if a minute had passed. */
export async function passResendDelay(t: TestApp, email: string): Promise<void> {
  await t.db
    .update(authThrottles)
    .set({ windowStartedAt: sql`now() - interval '61 seconds'`, lastAt: sql`now() - interval '61 seconds'` })
    .where(like(authThrottles.key, `mail:${email}:%`));
}

export interface Tokens {
  access_token: string;
  refresh_token: string;
  user_id: string;
  expires_in: number;
}

/** Signs in by password and returns the token payload. */
export async function signIn(t: TestApp, email: string, password = STRONG_PASSWORD, extra: Record<string, unknown> = {}): Promise<Tokens> {
  const response = await t.post('/api/auth/password', {
    loginIdentifier: email,
    password,
    grant_type: 'password',
    client_id: CLIENT_ID,
    ...extra,
  });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.body}`);
  return response.json<{ payload: Tokens }>().payload;
}
