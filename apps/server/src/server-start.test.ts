import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { demoAccounts } from './seed/demo.js';
import { findFreePort, startServer, type ServerProcess } from './test/server-process.js';
import { CLIENT_ID } from './test/test-app.js';

/**
 * Issue #13 (cold start): a new embedded installation's server listens before the demo workspace
 * is written (server.ts) and holds API requests until it is (plugins/startup-gate.ts). Asked the
 * moment the server says it is running, the API answers with the whole demo, never a part of it.
 * Embedded only: the demo is seeded on an embedded database alone (config/env.ts).
 */
describe('the first start of a new embedded installation', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tandem-first-start-'));
  let server: ServerProcess | undefined;
  afterAll(async () => {
    server?.child.kill('SIGTERM');
    await server?.exited;
    rmSync(dataDir, { recursive: true, force: true });
  });

  // One cold start from source (tsx) on a new cluster: about 10 s on a quiet machine; the budget
  // only bounds a hang (every step awaits the server's own signal or answer).
  it('answers the API from the moment it runs, with the whole demo', { timeout: 120_000 }, async () => {
    const port = await findFreePort();
    const base = `http://127.0.0.1:${port}`;
    server = await startServer({
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      LOG_LEVEL: 'warn',
      TANDEM_DEMO: '1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      // Production insists on a mail server; nothing here sends mail (password sign-in).
      MAIL_URL: 'smtp://127.0.0.1:9',
    });
    /** One API call; `T` is the payload's shape. */
    const api = async <T>(method: string, url: string, options: { token?: string; body?: unknown } = {}) => {
      const response = await fetch(`${base}/api/${url}`, {
        method,
        headers: {
          'x-client-id': CLIENT_ID,
          ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        },
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
      });
      return { status: response.status, payload: ((await response.json()) as { payload: T }).payload };
    };

    const [ready, signIn] = await Promise.all([
      fetch(`${base}/readyz`),
      api<{ access_token: string }>('POST', 'auth/password', {
        body: {
          loginIdentifier: demoAccounts.executive.email,
          password: demoAccounts.executive.password,
          grant_type: 'password',
          client_id: CLIENT_ID,
        },
      }),
    ]);
    expect(ready.status).toBe(200);
    expect(signIn.status).toBe(200);
    const token = signIn.payload.access_token;
    const profile = await api<{ workspaces: { id: string }[] }>('GET', 'v1/profile', { token });
    const workspaceId = profile.payload.workspaces[0]!.id;
    const [tasks, briefs, requests] = await Promise.all([
      api<{ items: unknown[] }>('GET', `v1/workspaces/${workspaceId}/tasks?limit=100`, { token }),
      api<{ items: { title: string }[] }>('GET', `v1/workspaces/${workspaceId}/briefs?sort=meetingAt`, { token }),
      api<{ items: { title: string; status: string }[] }>('GET', `v1/workspaces/${workspaceId}/question-requests`, { token }),
    ]);
    expect(tasks.payload.items).toHaveLength(7);
    expect(briefs.payload.items.map((brief) => brief.title)).toEqual(['Q3 board meeting', '1:1 with Maya Chen', 'Lisbon offsite']);
    // The seed's last step closes the Q2 check-in.
    expect(requests.payload.items.map((request) => [request.title, request.status]).sort()).toEqual([
      ['Board meeting prep: Q3 numbers', 'SENT'],
      ['Lisbon offsite: dietary needs and arrival times', 'DRAFT'],
      ['Q2 hiring plan check-in', 'CLOSED'],
    ]);
  });
});
