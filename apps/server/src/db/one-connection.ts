import { NodePgDatabase, NodePgSession } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Database } from './client.js';
import type { DrizzleInternals } from './prepared.js';

/**
 * The Drizzle database on each pool connection, made on the connection's first use and kept while
 * the pool keeps the connection (at most its ten): a request's reads do not build one again.
 */
const databaseByConnection = new WeakMap<pg.PoolClient, Database>();

/**
 * Runs `work` with every statement it sends on one connection of the pool, taken once and given
 * back when `work` settles — as a bare route does (`pool.connect()` … `release()`), where running
 * on the database takes a connection per statement, and each statement of a request waits in the
 * pool's queue again under load (issue #13, bench/README "sixth part"). No BEGIN and no COMMIT:
 * each statement is its own snapshot, as on the pool; `work` may still open a transaction, which
 * then runs on this connection.
 *
 * For a request whose work waits on nothing but the database — its reads, and the public answer
 * page's view and saves, whose transaction then runs on the same connection: the connection is
 * held until `work` settles, so `work` must never wait on Slack, the AI model, mail or a password
 * hash (decision 029). On PGlite, one
 * connection already, `work` gets the database itself. Statements built once
 * (db/prepared.ts) run here unchanged: the database's dialect is kept.
 * @throws what `work` throws; 503 UNAVAILABLE as any query would when no connection frees up in
 * CONNECTION_TIMEOUT_MS.
 */
export async function onOneConnection<T>(db: Database, work: (db: Database) => Promise<T>): Promise<T> {
  const { dialect, _ } = db as unknown as DrizzleInternals;
  const pool = _.session.client;
  if (!(pool instanceof pg.Pool)) return work(db);
  const client = await pool.connect();
  try {
    let onConnection = databaseByConnection.get(client);
    if (onConnection === undefined) {
      onConnection = new NodePgDatabase(dialect, new NodePgSession(client, dialect, undefined, _.session.options), undefined);
      databaseByConnection.set(client, onConnection);
    }
    return await work(onConnection);
  } finally {
    client.release();
  }
}
