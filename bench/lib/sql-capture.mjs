// A `--import` preload for the Tandem server in bench/api-floor.mjs (issue #13): records every SQL
// statement an HTTP request runs, through `pg` (PostgreSQL) or PGlite (embedded), as one JSON line
// `{ label, text, values, rowMode, name, connection }` appended to BENCH_CAPTURE_FILE. Only requests
// that carry an `x-bench-capture: <label>` header are recorded (an AsyncLocalStorage context opened
// around the request's handler), so background work (pg-boss polling, sweeps) stays out. Inside a
// PGlite transaction the statements are framed by BEGIN and COMMIT lines, as `pg` sends them.
// Load it only for the capture: AsyncLocalStorage makes every promise of the process slower.
import { AsyncLocalStorage } from 'node:async_hooks';
import { appendFileSync } from 'node:fs';
import http from 'node:http';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

const file = process.env.BENCH_CAPTURE_FILE;
if (!file) throw new Error('sql-capture: set BENCH_CAPTURE_FILE');
const context = new AsyncLocalStorage();

const emit = http.Server.prototype.emit;
http.Server.prototype.emit = function emitInContext(event, request, ...rest) {
  const label = event === 'request' ? request.headers['x-bench-capture'] : undefined;
  if (typeof label === 'string') return context.run({ label }, () => emit.call(this, event, request, ...rest));
  return emit.call(this, event, request, ...rest);
};

/** JSON of a bound value as `pg` would send it (Dates as ISO strings). */
function record(text, values, extra) {
  const store = context.getStore();
  if (!store) return;
  appendFileSync(file, `${JSON.stringify({ label: store.label, text, values: values ?? [], ...extra })}\n`);
}

// pg-pool hands a connection to a waiting `pool.query` from inside another query's completion, in
// that connection's async context: bind the waiter's callback to the caller's context instead.
const poolConnect = pg.Pool.prototype.connect;
pg.Pool.prototype.connect = function connect(callback) {
  return poolConnect.call(this, typeof callback === 'function' ? AsyncLocalStorage.bind(callback) : callback);
};

const pgQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function query(config, values, callback) {
  if (typeof config === 'string') record(config, Array.isArray(values) ? values : undefined, { connection: this.processID });
  else if (config && typeof config.text === 'string') {
    record(config.text, config.values ?? (Array.isArray(values) ? values : undefined), {
      rowMode: config.rowMode,
      name: config.name,
      connection: this.processID,
    });
  }
  return pgQuery.call(this, config, values, callback);
};

// Drizzle's statements on PGlite run prepared (apps/server/src/db/pglite-prepared.ts, decision 039),
// not through PGlite's query: record them there. The server's own copy of the module (tsx is
// registered before this preload, so this import is that copy).
const { PreparedStatements } = await import(new URL('../../apps/server/src/db/pglite-prepared.ts', import.meta.url).href);
for (const method of ['query', 'queryInTransaction']) {
  const run = PreparedStatements.prototype[method];
  PreparedStatements.prototype[method] = function prepared(text, values, options) {
    record(text, values, { rowMode: options?.rowMode, connection: 'pglite' });
    return run.call(this, text, values, options);
  };
}

const liteQuery = PGlite.prototype.query;
PGlite.prototype.query = function query(text, values, options) {
  record(text, values, { rowMode: options?.rowMode, connection: 'pglite' });
  return liteQuery.call(this, text, values, options);
};
const liteExec = PGlite.prototype.exec;
PGlite.prototype.exec = function exec(text, options) {
  record(text, [], { exec: true, connection: 'pglite' });
  return liteExec.call(this, text, options);
};
const liteTransaction = PGlite.prototype.transaction;
PGlite.prototype.transaction = function transaction(callback) {
  return liteTransaction.call(this, async (tx) => {
    record('BEGIN', [], { connection: 'pglite' });
    const wrapped = Object.create(tx, {
      query: {
        value: (text, values, options) => (
          record(text, values, { rowMode: options?.rowMode, connection: 'pglite' }),
          tx.query(text, values, options)
        ),
      },
      exec: { value: (text, options) => (record(text, [], { exec: true, connection: 'pglite' }), tx.exec(text, options)) },
    });
    const result = await callback(wrapped);
    record('COMMIT', [], { connection: 'pglite' });
    return result;
  });
};
