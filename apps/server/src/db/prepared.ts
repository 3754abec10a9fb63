import { is } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Database, Queryable } from './client.js';

/**
 * A query that every request runs (the session check, the membership lookup), built by Drizzle
 * once per database handle instead of on every call (issue #13: building a query's SQL is most of
 * Drizzle's cost per request) and prepared by name, so PostgreSQL parses it once per connection.
 * `build` receives the database or a transaction and returns Drizzle's prepared query, whose
 * values are `sql.placeholder`s. Inside a transaction the query is built for that transaction
 * (a prepared query is bound to the connection it was built on, and a transaction owns one).
 */
export function preparedQuery<T>(build: (db: Queryable) => T): (db: Queryable) => T {
  const prepared = new WeakMap<Database, T>();
  return (db) => {
    if (is(db, PgTransaction)) return build(db);
    let query = prepared.get(db as Database);
    if (query === undefined) {
      query = build(db);
      prepared.set(db as Database, query);
    }
    return query;
  };
}
