import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/client.js';
import { findFreePort, startServer } from '../test/server-process.js';
import { CLIENT_ID, STRONG_PASSWORD, openTestDatabase, uniqueEmail } from '../test/test-app.js';
import { MAIL_QUEUE } from './mail-jobs.js';

/**
 * ARCHITECTURE "jobs" (delivered once, survives restarts): the real server, killed after the
 * sign-up committed and while its activation mail is being delivered, delivers that mail exactly
 * once after a restart on the same data. PGlite under a temporary DATA_DIR, or a new PostgreSQL
 * database when the project runs with TEST_DATABASE=postgres.
 */

const MAIL_JOB_TIMEOUT_SECONDS = 4;

interface Received {
  to: string[];
  messageId: string | undefined;
}

/** A promise with its resolve function, to await one event. */
function signal<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

/**
 * An SMTP server that never answers the first message (the delivery stays in flight until the
 * client dies) and accepts every later one.
 */
function startMailServer() {
  const firstAttempt = signal<Received>();
  const accepted: Received[] = [];
  const acceptedOne = signal<Received>();
  let attempts = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    closeTimeout: 100,
    onData(stream, session, callback) {
      attempts += 1;
      const attempt = attempts;
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const received: Received = {
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
          messageId: /^message-id:\s*(\S+)/im.exec(raw)?.[1],
        };
        if (attempt === 1) {
          firstAttempt.resolve(received);
          return; // never answered: the transport has not accepted it
        }
        accepted.push(received);
        acceptedOne.resolve(received);
        callback();
      });
    },
  });
  return {
    server,
    firstAttempt: firstAttempt.promise,
    acceptedOne: acceptedOne.promise,
    accepted,
    attempts: () => attempts,
  };
}

describe('mail across a server restart', () => {
  const mail = startMailServer();
  let smtpPort: number;
  let dataDir: string | undefined;
  let postgres: Awaited<ReturnType<typeof openTestDatabase>> | undefined;

  beforeAll(async () => {
    await new Promise<void>((resolve) => mail.server.listen(0, '127.0.0.1', resolve));
    smtpPort = (mail.server.server.address() as AddressInfo).port;
    if (process.env.TEST_DATABASE === 'postgres') postgres = await openTestDatabase();
    else dataDir = mkdtempSync(path.join(tmpdir(), 'tandem-restart-'));
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => mail.server.close(() => resolve()));
    await postgres?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  // Two cold starts of the server from source (tsx) plus the job's expiry: about 15 s on a quiet
  // machine, but each start can take 25 s while the 2-core CI box runs other suites. Every step
  // awaits a signal (the server's "running" line, the SMTP sink's events), so the budget only
  // bounds a hang.
  it('kill after commit and before delivery, start again: the mail arrives once', { timeout: 150_000 }, async () => {
    const port = await findFreePort();
    const env: Record<string, string> = {
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      TANDEM_DEMO: '0',
      MAIL_URL: `smtp://127.0.0.1:${smtpPort}`,
      MAIL_FROM: 'Tandem <no-reply@tandem.test>',
      MAIL_JOB_TIMEOUT_SECONDS: String(MAIL_JOB_TIMEOUT_SECONDS),
      ...(postgres
        ? {
            DATABASE_URL: postgres.databaseUrl!,
            JWT_SECRET: 'restart-test-jwt-secret-0123456789abcdef',
            CODE_PEPPER: 'restart-test-code-pepper-0123456789abcdef',
          }
        : { DATA_DIR: dataDir!, DATABASE_URL: '' }),
    };
    const email = uniqueEmail('restart');

    const first = await startServer(env);
    const signup = await fetch(`http://127.0.0.1:${port}/api/v1/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-client-id': CLIENT_ID },
      body: JSON.stringify({ firstName: 'Robin', lastName: 'Example', loginIdentifier: email, password: STRONG_PASSWORD }),
    });
    expect(signup.status).toBe(201);
    const inFlight = await mail.firstAttempt;
    expect(inFlight.to).toEqual([email]);
    first.child.kill('SIGKILL');
    await first.exited;
    expect(mail.accepted).toEqual([]);

    const second = await startServer(env);
    const delivered = await mail.acceptedOne;
    // The same message (same Message-ID), now accepted; then a clean stop.
    expect(delivered).toEqual({ to: [email], messageId: inFlight.messageId });
    expect(delivered.messageId).toMatch(/^<[0-9a-f-]{36}@tandem\.test>$/);
    second.child.kill('SIGTERM');
    await second.exited;

    expect(mail.accepted).toHaveLength(1);
    expect(mail.attempts()).toBe(2);
    let database: DatabaseHandle | undefined;
    try {
      database = postgres ? postgres.handle : await openDatabase({ dataDir: dataDir! });
      const deliveries = await database.executeSql('select message_id, recipient from mail_deliveries');
      expect(deliveries.rows).toEqual([{ message_id: inFlight.messageId!.slice(1).split('@')[0], recipient: email }]);
      const jobs = await database.executeSql('select state from pgboss.job where name = $1', [MAIL_QUEUE]);
      expect(jobs.rows).toEqual([{ state: 'completed' }]);
    } finally {
      if (!postgres) await database?.close();
    }
  });
});
