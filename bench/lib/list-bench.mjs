// Shared pieces of the list benchmarks (bench/tasks.mjs, bench/brief-list.mjs): a Tandem server
// from source, a throw-away PostgreSQL database, sign-in, and p50/p95 timing of the API next to
// the bare SQL of the same page (the floor), printed as one table.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { hash } from '@node-rs/argon2';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * PGlite on `dataDir` with the start parameters Tandem's server gives it
 * (apps/server/src/db/pglite-options.ts, loaded from source through tsx), so a floor reads the
 * database as the server does.
 */
export async function openPglite(dataDir) {
  const { tsImport } = await import('tsx/esm/api');
  const { withPgliteSettings } = await tsImport('../../apps/server/src/db/pglite-options.ts', import.meta.url);
  const { PGlite } = await import('@electric-sql/pglite');
  return PGlite.create(dataDir, withPgliteSettings());
}

/**
 * Starts the server from source (tsx, no build) on `port` with the demo off and the rate limit out
 * of the way; `env` adds DATABASE_URL or DATA_DIR, `nodeArgs` more Node options (e.g. a preload).
 * `stop()` sends SIGTERM and waits for the exit.
 */
export function startServer(port, env, nodeArgs = []) {
  const child = spawn(process.execPath, ['--import', 'tsx', ...nodeArgs, path.join(root, 'apps/server/src/server.ts')], {
    cwd: path.join(root, 'apps/server'),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
      TANDEM_DEMO: '0',
      RATE_LIMIT_PER_MINUTE: '1000000',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return { child, stop: async () => (child.kill('SIGTERM'), await exited) };
}

/** Resolves once `${base}/readyz` answers 200 (at most a minute). */
export async function waitReady(base) {
  for (let i = 0; i < 300; i += 1) {
    try {
      if ((await fetch(`${base}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not start');
}

/**
 * Runs `fn(url)` against a fresh database tandem_bench_* on the PostgreSQL server of `serverUrl`
 * with a Tandem server started on it (fresh signing secrets), then stops it and drops the database.
 */
export async function withScratchPostgres(serverUrl, port, fn) {
  const pg = (await import('pg')).default;
  const name = `tandem_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const server = startServer(port, {
    DATABASE_URL: url.toString(),
    JWT_SECRET: randomBytes(32).toString('hex'),
    CODE_PEPPER: randomBytes(32).toString('hex'),
  });
  try {
    await waitReady(`http://127.0.0.1:${port}`);
    return await fn(url.toString(), pg);
  } finally {
    await server.stop();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

/** Signs in by password; the headers of an authenticated API call. */
export async function signIn(base, email, password) {
  const headers = { 'x-client-id': 'tandem-web', 'content-type': 'application/json' };
  const response = await fetch(`${base}/api/auth/password`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ loginIdentifier: email, password, grant_type: 'password', client_id: 'tandem-web' }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  const { payload } = await response.json();
  return { ...headers, authorization: `Bearer ${payload.access_token}` };
}

/** p50/p95 in ms of `total` calls of `run`, `concurrency` at a time. */
export async function timeAll(run, { total, concurrency }) {
  const latencies = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        next += 1;
        const t0 = performance.now();
        await run();
        latencies.push(performance.now() - t0);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
  return { p50: at(0.5), p95: at(0.95) };
}

/**
 * Times each scenario's bare SQL (`sql` with [workspaceId, ...params]) on `db` (pg pool or PGlite);
 * a scenario whose SQL finds nothing fails the run (the floor must do the same work as the API).
 */
export async function measureSql(db, workspaceId, scenarios, load) {
  const results = {};
  for (const scenario of scenarios) {
    const params = [workspaceId, ...scenario.params];
    const { rows } = await db.query(scenario.sql, params); // warm
    if (rows.length === 0) throw new Error(`${scenario.name}: the bare SQL found nothing`);
    results[scenario.name] = await timeAll(() => db.query(scenario.sql, params), load);
  }
  return results;
}

/** Times each scenario's API call (`url(query)`); an error or an empty page fails the run. */
export async function measureHttp(url, authHeaders, scenarios, load) {
  const results = {};
  for (const scenario of scenarios) {
    const run = async () => {
      const response = await fetch(url(scenario.query), { headers: authHeaders });
      const body = await response.json();
      if (!response.ok || body.payload.items.length === 0) throw new Error(`${scenario.name}: ${response.status} ${JSON.stringify(body)}`);
    };
    await run();
    results[scenario.name] = await timeAll(run, load);
  }
  return results;
}

/** Prints the API and SQL p50/p95 of every scenario side by side. */
export function report(title, http, sql) {
  console.log(`\n${title}`);
  console.log(`${'query'.padEnd(24)} ${'API p50'.padStart(9)} ${'API p95'.padStart(9)} ${'SQL p50'.padStart(9)} ${'SQL p95'.padStart(9)}`);
  for (const name of Object.keys(http)) {
    const cells = [http[name].p50, http[name].p95, sql[name].p50, sql[name].p95].map((ms) => `${ms.toFixed(2)} ms`.padStart(9));
    console.log(`${name.padEnd(24)} ${cells.join(' ')}`);
  }
}

/**
 * Seeds the person who signs in (`email`, `password`, Argon2id as the app hashes), a PRO workspace
 * and their membership of `type`, through `db` (pg pool or PGlite).
 * @returns `{ workspaceId, memberId }`.
 */
export async function seedSignedInMember(db, { email, password, lastName, type }) {
  const passwordHash = await hash(password);
  const {
    rows: [person],
  } = await db.query(
    `insert into people (id, first_name, last_name, email, password_hash, status) values (gen_random_uuid(), 'Bench', $1, $2, $3, 'ACTIVE') returning id`,
    [lastName, email, passwordHash],
  );
  const {
    rows: [workspace],
  } = await db.query(`insert into workspaces (id, name) values (gen_random_uuid(), 'Bench workspace') returning id`);
  await db.query(`insert into subscriptions (workspace_id, subscription_type) values ($1, 'PRO')`, [workspace.id]);
  const {
    rows: [member],
  } = await db.query(
    `insert into workspace_members (id, workspace_id, person_id, workspace_member_type) values (gen_random_uuid(), $1, $2, $3) returning id`,
    [workspace.id, person.id, type],
  );
  return { workspaceId: workspace.id, memberId: member.id };
}
