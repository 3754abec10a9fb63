import { is } from 'drizzle-orm';
import { NodePgDatabase, NodePgSession } from 'drizzle-orm/node-postgres';
import { PgTransaction } from 'drizzle-orm/pg-core';
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

/** What `readSnapshot` opens: every read sees the same committed state, and nothing is written. */
const READ_SNAPSHOT = 'begin isolation level repeatable read read only';

/**
 * Runs `work`'s reads in one read-only REPEATABLE READ transaction, so that they all see one
 * snapshot (a page's lists and their totals always agree; issue #13). On a connection held by
 * {@link onOneConnection}, BEGIN, COMMIT and ROLLBACK go to it as plain text and `work` gets the
 * same database: Drizzle's `transaction()` built its BEGIN from SQL templates and a transaction
 * object on every call. Elsewhere (PGlite, whose transactions also hold its one connection; the
 * pool) it is Drizzle's `transaction()`, and inside a transaction already its savepoint: a plain
 * BEGIN and COMMIT there would end the caller's transaction early.
 * @throws what `work` throws, after the rollback.
 */
export async function readSnapshot<T>(db: Database, work: (db: Database) => Promise<T>): Promise<T> {
  const client = (db as unknown as DrizzleInternals)._.session.client;
  if (!(client instanceof pg.Client) || is(db, PgTransaction)) {
    return db.transaction((tx) => work(tx as unknown as Database), { isolationLevel: 'repeatable read', accessMode: 'read only' });
  }
  // BEGIN goes out with `work`'s first statements instead of a turn of the event loop before them:
  // the connection runs in pipeline mode (decision 038), first in, first out. It is awaited with
  // them, so a failed BEGIN fails the snapshot rather than leaving its reads unguarded.
  const begun = client.query(READ_SNAPSHOT);
  let result: T;
  try {
    [, result] = await Promise.all([begun, work(db)]);
  } catch (error) {
    // `work` may have thrown before Promise.all saw BEGIN: BEGIN settles (and no failure of it goes
    // unhandled) before the rollback.
    await begun.catch(() => undefined);
    await client.query('rollback');
    throw error;
  }
  await client.query('commit');
  return result;
}

/**
 * Awaits statements issued back to back on one connection — a transaction's, or one held by
 * {@link onOneConnection} — each started without awaiting the one before. The pool's connections
 * run in node-postgres's pipeline mode (db/client.ts, decision 038), which sends each statement
 * as it is issued, and PGlite's transaction runs them through one mutex: both first in, first out,
 * so every statement still runs after the ones issued before it and sees their writes, but the
 * connection goes on to the next the moment one ends, where awaiting each would first wait for a
 * turn of the event loop (issue #13: a save holds its recipient's row lock for fewer turns under
 * load). On the pool itself, statements take different connections: there is no order to rely on.
 * @returns each statement's result, in the order given; rejects with the first failure (later
 * statements of the transaction then fail too, and the caller's transaction rolls back).
 */
export function inOrder<T extends readonly unknown[]>(...statements: { [K in keyof T]: Promise<T[K]> }): Promise<T> {
  return Promise.all(statements) as unknown as Promise<T>;
}
