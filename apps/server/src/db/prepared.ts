import { is, sql, type Placeholder } from 'drizzle-orm';
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

/** Base names of {@link preparedStatements}, one text family each. */
const statementNames = new Set<string>();

/**
 * {@link preparedQuery} for a read whose SQL depends on a few choices (which filters a list has,
 * its sort and order, the member type its visibility rule takes): one prepared statement per
 * shape. `keyOf` names a shape from those choices only — never from values, which go in as
 * `sql.placeholder`s — so the statements stay few. `build` gets the statement's name
 * (`name_1`, `name_2`, … in the order shapes first appear; PostgreSQL needs one name per text on
 * a connection, so `name` must be unique in the process: a second use throws when it is declared).
 */
export function preparedStatements<Shape, T>(
  name: string,
  keyOf: (shape: Shape) => string,
  build: (db: Queryable, shape: Shape, statementName: string) => T,
): (db: Queryable, shape: Shape) => T {
  if (statementNames.has(name)) throw new Error(`preparedStatements: the name "${name}" is already in use`);
  statementNames.add(name);
  const names = new Map<string, string>();
  const prepared = new WeakMap<Database, Map<string, T>>();
  return (db, shape) => {
    const key = keyOf(shape);
    let statementName = names.get(key);
    if (statementName === undefined) {
      statementName = `${name}_${names.size + 1}`;
      names.set(key, statementName);
    }
    if (is(db, PgTransaction)) return build(db, shape, statementName);
    let byKey = prepared.get(db as Database);
    if (byKey === undefined) {
      byKey = new Map();
      prepared.set(db as Database, byKey);
    }
    let query = byKey.get(key);
    if (query === undefined) {
      query = build(db, shape, statementName);
      byKey.set(key, query);
    }
    return query;
  };
}

/**
 * `count` placeholders named `name0`, `name1`, … for a list whose length is part of a statement's
 * shape (e.g. the statuses of a list filter, `inArray(column, listPlaceholders('status', 2))`).
 */
export function listPlaceholders(name: string, count: number): Placeholder[] {
  return Array.from({ length: count }, (_, index) => sql.placeholder(`${name}${index}`));
}

/** The values of {@link listPlaceholders}' placeholders: `{ name0: values[0], … }` ({} for none). */
export function listValues(name: string, values: readonly unknown[] | undefined): Record<string, unknown> {
  return Object.fromEntries((values ?? []).map((value, index) => [`${name}${index}`, value]));
}
