import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import pretty from 'pino-pretty';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import { prettyLogOptions } from './config/logger.js';
import { MAIL_QUEUE } from './mail/mail-jobs.js';
import { CLIENT_ID, STRONG_PASSWORD, openTestDatabase, testConfig, uniqueEmail } from './test/test-app.js';

/**
 * Issue #8: the development log wrote every request over several lines, static files included.
 * The app is built with its development logger (pino-pretty, the options app.ts uses) writing into
 * this test; each request must be one line, a static asset no info line, and each mail one marker.
 */
let app: FastifyInstance;
let drop: () => Promise<void>;
let webDist: string;
const lines: string[] = [];
let pending = '';

beforeAll(async () => {
  webDist = mkdtempSync(path.join(tmpdir(), 'tandem-web-'));
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Tandem</title>');
  writeFileSync(path.join(webDist, 'assets', 'app-1234.js'), 'console.log(1)');
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      pending += chunk.toString();
      const complete = pending.split('\n');
      pending = complete.pop() ?? '';
      lines.push(...complete);
      done();
    },
  });
  const logStream = pretty({ ...prettyLogOptions, colorize: false, sync: true, destination: sink });
  const database = await openTestDatabase();
  drop = database.drop;
  app = await buildApp({ config: testConfig({ logLevel: 'info', webDistDir: webDist }), database: database.handle, logStream });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await drop?.();
  rmSync(webDist, { recursive: true, force: true });
});

/** Sends a request with its own request id; returns that id. */
async function send(method: 'GET' | 'POST', url: string, payload?: object): Promise<string> {
  const requestId = crypto.randomUUID();
  await app.inject({ method, url, payload, headers: { 'x-client-id': CLIENT_ID, 'x-request-id': requestId } });
  return requestId;
}

/** The log lines that mention `text`, once at least one has been written. */
async function linesWith(text: string): Promise<string[]> {
  await expect.poll(() => lines.filter((line) => line.includes(text)).length).toBeGreaterThan(0);
  return lines.filter((line) => line.includes(text));
}

describe('the development log (issue #8)', () => {
  it('writes each request as one line: method, url, status, ms and request id', async () => {
    const ok = await send('GET', '/api/v1/client-config');
    const [line, ...more] = await linesWith(ok);
    expect(more).toEqual([]);
    expect(line).toMatch(/INFO.*GET \/api\/v1\/client-config 200 \d+ms/);
    expect(line).toContain(`"reqId":"${ok}"`);

    const refused = await send('GET', '/api/v1/profile');
    const refusedLines = await linesWith(refused);
    expect(refusedLines).toHaveLength(1);
    expect(refusedLines[0]).toMatch(/GET \/api\/v1\/profile 401 \d+ms/);
    expect(refusedLines[0]).toContain('"errorCode":"UNAUTHENTICATED"');
  });

  it('writes no info line for a static asset or a health probe', async () => {
    const asset = await send('GET', '/assets/app-1234.js');
    const probe = await send('GET', '/healthz');
    const page = await send('GET', '/tasks');
    // Lines are written in order: once the page's line is there, the asset's would be too.
    expect(await linesWith(page)).toHaveLength(1);
    expect(lines.filter((line) => line.includes(asset) || line.includes(probe))).toEqual([]);
  });

  it('marks each mail with one MAIL line naming recipient and subject', async () => {
    const email = uniqueEmail('log');
    await send('POST', '/api/v1/signup', { firstName: 'Lou', lastName: 'Logger', loginIdentifier: email, password: STRONG_PASSWORD });
    await app.jobs.waitUntilIdle([MAIL_QUEUE]);
    const marked = await linesWith(`MAIL to=${email} `);
    expect(marked).toHaveLength(1);
    expect(marked[0]).toMatch(/INFO.*MAIL to=\S+ subject="\d{6} is your Tandem activation code"/);
  });
});
