// p50/p95/p99 of GET /api/v1/profile against GET /healthz, on a fresh embedded database with the
// demo workspace. Usage: node bench/api-latency.mjs [requests=3000] [concurrency=16]
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const total = Number(process.argv[2] ?? 3000);
const concurrency = Number(process.argv[3] ?? 16);
const port = 3290;
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tandem-bench-'));
const server = spawn(process.execPath, [path.join(root, 'apps/server/dist/server.js')], {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PER_MINUTE: '1000000',
  },
  stdio: 'ignore',
});

async function waitReady() {
  for (let i = 0; i < 100; i += 1) {
    try {
      if ((await fetch(`${base}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not start');
}

async function measure(name, url, headers) {
  const latencies = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        next += 1;
        const t0 = performance.now();
        const response = await fetch(url, { headers });
        await response.arrayBuffer();
        if (!response.ok) throw new Error(`${name}: ${response.status}`);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))].toFixed(2);
  console.log(
    `${name.padEnd(18)} p50 ${at(0.5)} ms  p95 ${at(0.95)} ms  p99 ${at(0.99)} ms  ${(latencies.length / seconds).toFixed(0)} req/s`,
  );
}

try {
  await waitReady();
  const headers = { 'x-client-id': 'tandem-web', 'content-type': 'application/json' };
  const signIn = await fetch(`${base}/api/auth/password`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      loginIdentifier: 'executive@tandem.local',
      password: 'demo tandem executive 2026',
      grant_type: 'password',
      client_id: 'tandem-web',
    }),
  });
  const { payload } = await signIn.json();
  console.log(`${total} requests, concurrency ${concurrency}, embedded PGlite`);
  await measure('GET /healthz', `${base}/healthz`, {});
  await measure('GET /api/v1/profile', `${base}/api/v1/profile`, { ...headers, authorization: `Bearer ${payload.access_token}` });
} finally {
  server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
