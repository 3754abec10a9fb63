// Starts the built Tandem server for the browser tests on a fresh database: an embedded PGlite in
// a new temporary DATA_DIR, or — with E2E_DATABASE=postgres — a new database on
// TEST_DATABASE_URL's server (created here, so the PostgreSQL path really runs).
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const env = { ...process.env, TANDEM_DEMO: '0', NODE_ENV: 'production', LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '100000' };
let dropDatabase = async () => {};

if (process.env.E2E_DATABASE === 'postgres') {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('E2E_DATABASE=postgres needs TEST_DATABASE_URL');
  const name = `tandem_e2e_${Date.now().toString(36)}_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  dropDatabase = async () => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
  };
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  env.DATABASE_URL = url.toString();
  env.JWT_SECRET = 'e2e-jwt-secret-that-is-long-enough-0123456789';
  env.CODE_PEPPER = 'e2e-code-pepper-that-is-long-enough-0123456789';
  env.ENCRYPTION_KEY = 'e2e-encryption-key-that-is-long-enough-0123456789';
} else {
  env.DATA_DIR = mkdtempSync(path.join(os.tmpdir(), 'tandem-e2e-'));
}

const server = spawn(process.execPath, [path.join(root, 'apps/server/dist/server.js')], { stdio: 'inherit', env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => {
  dropDatabase()
    .catch((error) => console.error('could not drop the e2e database', error))
    .finally(() => process.exit(code ?? 0));
});
