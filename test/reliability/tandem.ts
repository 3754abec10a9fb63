import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { hash as argon2Hash } from '@node-rs/argon2';
import { openDatabase } from '../../apps/server/src/db/client.js';
import type { AuthService } from '../../apps/server/src/features/auth/auth-service.js';
import { demoAccounts, seedDemoWorkspace } from '../../apps/server/src/seed/demo.js';
import { findFreePort } from '../../apps/server/src/test/server-process.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const serverBundle = path.join(root, 'apps/server/dist/server.js');
export const CLIENT_ID = 'tandem-web';

/** Newest modification time below `paths` (node_modules and dist left out). */
function newestMtime(paths: string[]): number {
  let newest = 0;
  const visit = (entry: string) => {
    if (!existsSync(entry)) return;
    const stat = statSync(entry);
    if (stat.isDirectory()) {
      for (const name of readdirSync(entry)) if (name !== 'node_modules' && name !== 'dist') visit(path.join(entry, name));
    } else newest = Math.max(newest, stat.mtimeMs);
  };
  paths.forEach((entry) => visit(path.join(root, entry)));
  return newest;
}

/**
 * Builds apps/server/dist (`npm run build -w @tandem/server`, as scripts/lib.mjs buildIfNeeded
 * does) when it is missing or older than its sources. The web app is not needed: the fault tests
 * speak to the API only.
 */
export async function buildServerIfNeeded(): Promise<void> {
  const sources = ['apps/server/src', 'apps/server/drizzle', 'packages/contract/src', 'package-lock.json'];
  if (existsSync(serverBundle) && statSync(serverBundle).mtimeMs >= newestMtime(sources)) return;
  await promisify(execFile)('npm', ['run', 'build', '-w', '@tandem/server'], { cwd: root });
}

/**
 * Migrates the database at `databaseUrl` and seeds the demo workspace into it (seed/demo.ts:
 * Eleanor the executive, Arthur her assistant, a few tasks), as the embedded mode does at its
 * first start; the built server only seeds an embedded database.
 */
export async function prepareDatabase(databaseUrl: string): Promise<void> {
  const database = await openDatabase({ databaseUrl, dataDir: 'unused' });
  try {
    await database.migrate();
    const auth = { hashPassword: (password: string) => argon2Hash(password) } as AuthService;
    await seedDemoWorkspace(database.db, auth);
  } finally {
    await database.close();
  }
}

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface TandemServer {
  baseUrl: string;
  port: number;
  child: ChildProcess;
  /** Everything the process printed so far (stdout and stderr). */
  output(): string;
  /** Resolves when the process exits. */
  exited: Promise<Exit>;
  /** SIGKILL, then waits for the exit (a no-op when it already exited). */
  kill(): Promise<Exit>;
}

/**
 * Starts the built server (apps/server/dist/server.js) against `databaseUrl` on a free port, the
 * way e2e/support/start-server.mjs does, and resolves once it prints that it is running.
 * `env` adds or overrides variables (e.g. IDEMPOTENCY_LEASE_SECONDS).
 */
export async function startTandem(databaseUrl: string, env: Record<string, string> = {}, port?: number): Promise<TandemServer> {
  const listenPort = port ?? (await findFreePort());
  const baseUrl = `http://127.0.0.1:${listenPort}`;
  const child = spawn(process.execPath, [serverBundle], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      PORT: String(listenPort),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATABASE_URL: databaseUrl,
      JWT_SECRET: 'reliability-jwt-secret-that-is-long-enough-0123456789',
      CODE_PEPPER: 'reliability-code-pepper-that-is-long-enough-0123456789',
      ENCRYPTION_KEY: 'reliability-encryption-key-that-is-long-enough-0123456789',
      // Production insists on a mail server; nothing these tests do sends mail (password sign-in).
      MAIL_URL: 'smtp://127.0.0.1:9',
      TANDEM_DEMO: '0',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '1000000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<Exit>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  await new Promise<void>((resolve, reject) => {
    const onData = () => {
      if (!output.includes('Tandem is running at')) return;
      child.stdout!.off('data', onData);
      resolve();
    };
    child.stdout!.on('data', onData);
    void exited.then((exit) => reject(new Error(`the server exited (${JSON.stringify(exit)}) before it was running:\n${output}`)));
  });
  return {
    baseUrl,
    port: listenPort,
    child,
    output: () => output,
    exited,
    kill: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      return exited;
    },
  };
}

/** What one call answered: the status and the parsed JSON body (undefined when not JSON). */
export interface Answer {
  status: number;
  headers: Headers;
  body: unknown;
  ms: number;
}

/** Calls `baseUrl`/api/`url` with X-Client-Id and JSON; `timeoutMs` aborts a call that hangs. */
export async function call(
  baseUrl: string,
  method: string,
  url: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string>; timeoutMs?: number } = {},
): Promise<Answer> {
  const started = performance.now();
  const response = await fetch(`${baseUrl}/api/${url}`, {
    method,
    headers: {
      'x-client-id': CLIENT_ID,
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
  });
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text) as unknown;
  } catch {
    body = undefined;
  }
  return { status: response.status, headers: response.headers, body, ms: performance.now() - started };
}

/** The `payload` of a 2xx answer; throws with the answer otherwise. */
export function payloadOf<T>(answer: Answer, what: string): T {
  if (answer.status < 200 || answer.status >= 300) throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return (answer.body as { payload: T }).payload;
}

export interface Session {
  token: string;
  workspaceId: string;
  memberId: string;
}

/** Signs in with a password and finds the person's (first) workspace and membership. */
export async function signIn(baseUrl: string, account: { email: string; password: string }): Promise<Session> {
  const tokens = payloadOf<{ access_token: string }>(
    await call(baseUrl, 'POST', 'auth/password', {
      body: { loginIdentifier: account.email, password: account.password, grant_type: 'password', client_id: CLIENT_ID },
    }),
    'sign in',
  );
  const profile = payloadOf<{ id: string; workspaces: { id: string; members: { id: string; personId: string }[] }[] }>(
    await call(baseUrl, 'GET', 'v1/profile', { token: tokens.access_token }),
    'profile',
  );
  const workspace = profile.workspaces[0];
  const member = workspace?.members.find((candidate) => candidate.personId === profile.id);
  if (!workspace || !member) throw new Error(`${account.email} has no workspace`);
  return { token: tokens.access_token, workspaceId: workspace.id, memberId: member.id };
}

export { demoAccounts };

/** Polls `check` every 50 ms until it is truthy; throws after `timeoutMs` naming `what`. */
export async function waitFor<T>(what: string, timeoutMs: number, check: () => Promise<T | undefined | false>): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value) return value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms${last ? ` (last error: ${String(last)})` : ''}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
