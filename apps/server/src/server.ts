import type { Server } from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config/env.js';
import { openDatabase } from './db/client.js';
import { demoAccounts, seedDemoWorkspace } from './seed/demo.js';

/** Where the built web app is, from src/ (tsx) or dist/ (the bundle). */
function findWebDist(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  return path.resolve(here, '../../web/dist');
}

/**
 * How long a shutdown may take before the process gives up and exits 1 (issue #14: SIGTERM ends
 * within 30 s). The job queue lets running jobs finish for at most 10 s of it (jobs/jobs.ts).
 */
const SHUTDOWN_DEADLINE_MS = 25_000;

/**
 * After SIGTERM, how long a connection that carries no request may stay open before it is closed:
 * a request its client sent just before the signal still arrives, and is answered (issue #14).
 */
const DRAIN_GRACE_MS = 1_000;

/**
 * The connection side of a graceful shutdown (issue #14: no request that reached the server
 * before SIGTERM loses its answer). Runs while Fastify is closing — it answers every request that
 * arrives from now on with 503 and `Connection: close` (its return503OnClosing) — and before
 * Fastify closes the server: stops accepting connections, lets the requests in flight finish,
 * and closes the connections left idle once DRAIN_GRACE_MS has passed. Fastify's own close would
 * end idle keep-alive connections at once (Node's http.Server#close does), resetting a request
 * the client was sending on one at that moment.
 */
async function drainConnections(server: Server): Promise<void> {
  // net.Server#close: the listening socket only, every open connection stays.
  net.Server.prototype.close.call(server);
  const graceEnds = Date.now() + DRAIN_GRACE_MS;
  for (;;) {
    const open = await new Promise<number>((resolve) => server.getConnections((error, count) => resolve(error ? 0 : count)));
    if (open === 0) return;
    if (Date.now() >= graceEnds) server.closeIdleConnections();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Starts Tandem: parse configuration, open and migrate the database (PGlite under DATA_DIR unless
 * DATABASE_URL is set) and listen; on an empty embedded database, seed the demo workspace while
 * listening, the API's requests held until it is written.
 */
async function main() {
  const startedAt = performance.now();
  let config;
  try {
    config = loadConfig(process.env, process.env.WEB_DIST_DIR ?? findWebDist());
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  // A connection that fails outside a query (PostgreSQL restarted, connections terminated) is
  // logged and dropped, never fatal (issue #14); the app's logger takes over once it exists.
  let logConnectionError = (error: Error) => console.warn(`database connection failed: ${error.message}`);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    onConnectionError: (error) => logConnectionError(error),
  });
  await database.migrate();
  const app = await buildApp({ config, database });
  logConnectionError = (error) => app.log.warn({ err: error }, 'database connection failed');
  // The demo is written while the server already listens (issue #13, cold start): a new
  // installation's first start answers /readyz and serves the web app about a second sooner, and
  // the API holds its requests until the seed is done (plugins/startup-gate.ts).
  const listening = app.listen({ port: config.port, host: config.host });
  const seeding = config.seedDemo ? listening.then(() => seedDemoWorkspace(database.db, app.authService)) : Promise.resolve(false);
  app.startupGate.holdUntil(seeding);

  // Graceful shutdown (issue #14): every answer sent after the signal closes its connection, so
  // no client sends another request on a connection that is about to close; the open event
  // streams end (events plugin, preClose), connections drain (drainConnections), then the job
  // queue stops taking jobs and lets running ones finish (jobs plugin, onClose) and the database
  // closes. A shutdown that hangs ends with exit code 1 after SHUTDOWN_DEADLINE_MS.
  let closing = false;
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
  app.addHook('preClose', async () => {
    if (closing) await drainConnections(app.server);
  });
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, shutting down`);
    const deadline = setTimeout(() => {
      app.log.error(`shutdown still running after ${SHUTDOWN_DEADLINE_MS} ms; exiting`);
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS);
    deadline.unref();
    try {
      // The seed's statements finish before the database closes under them.
      await seeding.catch(() => undefined);
      await app.close();
      await database.close();
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
    app.log.info('shut down');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await listening;
  const where = database.kind === 'pglite' ? `embedded database in ${path.resolve(config.dataDir)}` : 'PostgreSQL';
  const lines = [`Tandem is running at ${config.publicUrl} (${where}), ready in ${Math.round(performance.now() - startedAt)} ms.`];
  if (!config.mailUrl) lines.push('MAIL_URL is not set: emails (codes, reset links) are printed to this log.');
  console.log(`\n${lines.join('\n')}\n`);

  if (!config.seedDemo) return;
  // A seed that fails rejects main(): the process ends with its error and exit code 1.
  const seeded = await seeding;
  console.log(
    [
      seeded ? 'A demo workspace was created. Sign in with:' : 'Demo accounts (if you have not changed them):',
      `  executive  ${demoAccounts.executive.email}  /  ${demoAccounts.executive.password}`,
      `  assistant  ${demoAccounts.assistant.email}  /  ${demoAccounts.assistant.password}`,
      '',
    ].join('\n'),
  );
}

await main();
