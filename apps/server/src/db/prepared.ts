import {
  Column,
  DrizzleQueryError,
  getTableName,
  is,
  noopDecoder,
  NoopLogger,
  Param,
  Placeholder,
  SQL,
  sql,
  Subquery,
  type DriverValueDecoder,
} from 'drizzle-orm';
import { NoopCache } from 'drizzle-orm/cache/core';
import { NodePgPreparedQuery, type NodePgSession } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { Queryable } from './client.js';

/**
 * What the db modules read of a Drizzle database (drizzle-orm 0.45, node-postgres and PGlite
 * alike): its dialect, which its transactions share (so it names "this database" from either),
 * and its session's client (the pool or PGlite; a transaction's session holds the pool connection
 * it took, or PGlite's transaction) and options (logger, cache). A prepared query's client is read
 * from `this.client` by its `execute`. db/prepared.test.ts and db/one-connection.test.ts prove
 * each on both drivers.
 */
export interface DrizzleInternals {
  dialect: ConstructorParameters<typeof NodePgSession>[1];
  _: { session: { client: unknown; options: ConstructorParameters<typeof NodePgSession>[3] } };
}

/**
 * What {@link withRowMapper} reads and sets on a prepared select (both drivers): its selected
 * fields in column order, each with the key path it fills; for a select with joins, which joined
 * tables may be missing from a row (`false`: a left join's); and the mapper Drizzle's `execute`
 * calls with the driver's array rows instead of its own `mapResultRow` when one is set.
 */
interface PreparedSelectInternals {
  fields?: { path: string[]; field: unknown }[];
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: (rows: unknown[][]) => unknown;
}

/**
 * What {@link withDirectExecute} reads of a node-postgres prepared query (drizzle-orm 0.45,
 * node-postgres/session.js): its parameters (values, `sql.placeholder`s, or encoded placeholders),
 * the two query configs its `execute` sends (`queryConfig`, rows as arrays, when there are fields
 * or a row mapper; else `rawQueryConfig`), and its logger and cache.
 */
interface NodePgPreparedInternals {
  params: unknown[];
  queryString: string;
  queryConfig: pg.QueryConfig;
  rawQueryConfig: pg.QueryConfig;
  fields?: unknown[];
  customResultMapper?: (rows: unknown[][]) => unknown;
  logger: unknown;
  cache: unknown;
  client: pg.Pool | pg.PoolClient;
}

/** The decoder of a selected SQL expression (Drizzle's `SQL#decoder`: `mapWith`'s, or the identity). */
type DecodedSql = { decoder: DriverValueDecoder<unknown, unknown> };

/** The decoder Drizzle's `mapResultRow` picks for a selected field (a column, SQL, an alias, a subquery). */
function decoderOf(field: unknown): DriverValueDecoder<unknown, unknown> {
  if (is(field, Column)) return field;
  if (is(field, SQL)) return (field as unknown as DecodedSql).decoder;
  if (is(field, Subquery)) return (field as unknown as { _: { sql: DecodedSql } })._.sql.decoder;
  return (field as unknown as { sql: DecodedSql }).sql.decoder;
}

/** True for a decoder that returns the driver's value as it is (text, uuid, boolean, enum columns; plain SQL). */
function isIdentity(decoder: DriverValueDecoder<unknown, unknown>): boolean {
  return (
    decoder.mapFromDriverValue === Column.prototype.mapFromDriverValue || decoder.mapFromDriverValue === noopDecoder.mapFromDriverValue
  );
}

/** One selected field as {@link withRowMapper} maps it, worked out once. */
interface FieldMapping {
  path: string[];
  /** The last key of `path`: the field's own name in its object. */
  key: string;
  decoder: DriverValueDecoder<unknown, unknown>;
  /** False when the decoder is the identity, so the value is taken as it is. */
  decodes: boolean;
  /** For a column one level down in a select with joins (`{ contact: { id: contacts.id } }`): its table's name. */
  nestedTable: string | undefined;
}

/**
 * A row mapper compiled for one statement's fields: one object literal per row, so every row of a
 * statement has the same hidden class from its first property on, where assigning keys one by
 * one in a loop goes through V8's megamorphic keyed stores and map transitions for every value
 * (≈ 10 µs against < 1 µs for a 25-row page of fifteen columns, issue #13). The code is generated
 * from the statement's own field names, written as JSON string literals; each value is the
 * driver's (identity decoder) or `raw === null ? null : decoder.mapFromDriverValue(raw)`. A nested
 * object of one left-joined table's columns is null when its first column is (the join found
 * nothing), as Drizzle's `mapResultRow` decides. Undefined when the fields need the general mapper
 * (a path deeper than two, or a `__proto__` key, which a literal would read as the prototype).
 */
function compiledRowMapper(
  fields: readonly FieldMapping[],
  joins: Record<string, boolean> | undefined,
): ((rows: unknown[][]) => unknown[]) | undefined {
  if (fields.some(({ path }) => path.length > 2 || path.includes('__proto__'))) return undefined;
  const valueAt = (index: number) => {
    const field = fields[index]!;
    return field.decodes ? `(row[${index}] === null ? null : d[${index}].mapFromDriverValue(row[${index}]))` : `row[${index}]`;
  };
  // Top-level keys in select order; a nested object takes the place of its first field.
  const objects = new Map<string, number[]>();
  fields.forEach(({ path }, index) => {
    const members = objects.get(path[0]!);
    if (members) members.push(index);
    else objects.set(path[0]!, [index]);
  });
  const code = [...objects].map(([name, members]) => {
    if (fields[members[0]!]!.path.length === 1) return `${JSON.stringify(name)}: ${valueAt(members[0]!)}`;
    const object = `{ ${members.map((index) => `${JSON.stringify(fields[index]!.key)}: ${valueAt(index)}`).join(', ')} }`;
    // Drizzle's rule: the object's first column decides (NULL: the join found nothing) when all
    // its columns come from one table that the join may miss.
    const tables = members.map((index) => fields[index]!.nestedTable).filter((table) => table !== undefined);
    const first = members.find((index) => fields[index]!.nestedTable !== undefined);
    const missable = joins !== undefined && first !== undefined && tables.every((table) => table === tables[0]) && !joins[tables[0]!];
    return `${JSON.stringify(name)}: ${missable ? `row[${first}] === null ? null : ${object}` : object}`;
  });
  const source = `return function mapRows(rows) { return rows.map(function mapRow(row) { return { ${code.join(', ')} }; }); };`;
  return new Function('d', source)(fields.map(({ decoder }) => decoder)) as (rows: unknown[][]) => unknown[];
}

/** A field's value from the driver's: null for NULL, else decoded (taken as it is by an identity decoder). */
function valueOf({ decoder, decodes }: FieldMapping, raw: unknown): unknown {
  if (raw === null) return null;
  return decodes ? decoder.mapFromDriverValue(raw) : raw;
}

/**
 * Gives a prepared select a row mapper resolved once: each field's key path, decoder and table
 * are found when the statement is built, where Drizzle's `mapResultRow` finds them again for every
 * value of every row (entity checks up the class chain per value: about a tenth of a 25-task
 * page's CPU, issue #13), and compiled to one object literal per row ({@link compiledRowMapper}).
 * The objects are the same as Drizzle's: keys in select order (nested objects for nested paths),
 * null for NULL, otherwise the decoder's value; and, as Drizzle does, a nested object of one
 * left-joined table's columns whose first column is NULL becomes null (the join found nothing).
 */
function withRowMapper<T>(query: T): T {
  const prepared = query as PreparedSelectInternals;
  if (!prepared.fields) return query;
  const joins = prepared.joinsNotNullableMap;
  const fields: FieldMapping[] = prepared.fields.map(({ path, field }) => {
    const decoder = decoderOf(field);
    return {
      path,
      key: path[path.length - 1]!,
      decoder,
      decodes: !isIdentity(decoder),
      nestedTable: joins && path.length === 2 && is(field, Column) ? getTableName(field.table) : undefined,
    };
  });
  prepared.customResultMapper = compiledRowMapper(fields, joins) ?? generalRowMapper(fields, joins);
  return query;
}

/** The row mapper for any key paths: {@link compiledRowMapper}'s objects, built key by key. */
function generalRowMapper(fields: readonly FieldMapping[], joins: Record<string, boolean> | undefined) {
  return (rows: unknown[][]) =>
    rows.map((row) => {
      const mapped: Record<string, unknown> = {};
      // Per nested object: the one table all its columns came from while they were all NULL, else false.
      const nullable: Record<string, string | false> = {};
      for (let index = 0; index < fields.length; index++) {
        const field = fields[index]!;
        const { path, key, nestedTable } = field;
        const value = valueOf(field, row[index]);
        let node = mapped;
        for (let depth = 0; depth < path.length - 1; depth++) {
          const step = path[depth]!;
          if (!(step in node)) node[step] = {};
          node = node[step] as Record<string, unknown>;
        }
        node[key] = value;
        // Drizzle's rule, as it is: the object's first column decides (NULL: its table), a column of another table clears it.
        if (nestedTable !== undefined) {
          const objectName = path[0]!;
          const seen = nullable[objectName];
          if (seen === undefined) nullable[objectName] = value === null ? nestedTable : false;
          else if (seen !== false && seen !== nestedTable) nullable[objectName] = false;
        }
      }
      if (joins) {
        for (const [objectName, table] of Object.entries(nullable)) if (table !== false && !joins[table]) mapped[objectName] = null;
      }
      return mapped;
    });
}

/** How one parameter of a prepared query gets its value on a run, worked out once. */
type ParamFiller = { kind: 'value'; value: unknown } | { kind: 'placeholder'; name: string; encode?: (value: unknown) => unknown };

/** Drizzle's `fillPlaceholders`, decided per parameter once instead of on every run (entity checks per value). */
function fillerOf(param: unknown): ParamFiller {
  if (is(param, Placeholder)) return { kind: 'placeholder', name: param.name };
  if (is(param, Param) && is(param.value, Placeholder)) {
    const { encoder } = param;
    return { kind: 'placeholder', name: param.value.name, encode: (value) => encoder.mapToDriverValue(value) };
  }
  return { kind: 'value', value: param };
}

/**
 * Gives a node-postgres prepared query an `execute` that does what Drizzle's does, less its
 * layers that do nothing here: placeholders filled as `fillPlaceholders` fills them (the same
 * error for a missing value), the same query config sent on the query's client, a driver error
 * wrapped in the same `DrizzleQueryError`, rows mapped by the row mapper ({@link withRowMapper}),
 * or the driver's whole result when the query selects nothing. Left out: three nested async
 * layers (its no-op tracer, its cache, which is none) and the logger, which is none — a query
 * with a logger or a cache keeps Drizzle's own `execute`. About 15 µs of main-thread CPU per
 * statement under load (issue #13, bench/README "sixth part"); PGlite's queries are left as
 * they are.
 */
function withDirectExecute<T>(query: T): T {
  if (!is(query, NodePgPreparedQuery)) return query;
  const prepared = query as unknown as NodePgPreparedInternals;
  if (!is(prepared.logger, NoopLogger) || !is(prepared.cache, NoopCache)) return query;
  const mapper = prepared.customResultMapper;
  if (prepared.fields && !mapper) return query;
  const fillers = prepared.params.map(fillerOf);
  const fill = (values: Record<string, unknown>): unknown[] =>
    fillers.map((filler) => {
      if (filler.kind === 'value') return filler.value;
      if (!(filler.name in values)) throw new Error(`No value for placeholder "${filler.name}" was provided`);
      const value = values[filler.name];
      return filler.encode ? filler.encode(value) : value;
    });
  const config = mapper ? prepared.queryConfig : prepared.rawQueryConfig;
  const text = prepared.queryString;
  Object.defineProperty(prepared, 'execute', {
    value: async function execute(this: NodePgPreparedInternals, values: Record<string, unknown> = {}) {
      const params = fill(values);
      let result: pg.QueryResult<unknown[]>;
      try {
        result = await this.client.query<unknown[]>(config, params);
      } catch (error) {
        throw new DrizzleQueryError(text, params, error as Error);
      }
      return mapper ? mapper(result.rows) : result;
    },
  });
  return query;
}

/**
 * Each statement's views per client. On PostgreSQL a transaction's client is one of the pool's ten
 * connections, so a statement has at most ten views, made once (a view costs ≈ 1 µs to create, and
 * the dashboard runs sixteen statements per transaction; issue #13). PGlite opens a new client per
 * transaction: its views go with it.
 */
const viewsByStatement = new WeakMap<object, WeakMap<object, unknown>>();

/**
 * `query` as it runs on `db`: itself when it was built on `db`'s client; otherwise a view of it
 * whose client is `db`'s (the prototype keeps its SQL, parameters and row mapping). This is how a
 * statement built once serves the database and every transaction on it: Drizzle binds a prepared
 * query to the client it was built on.
 */
function onClientOf<T>(query: T, db: Queryable): T {
  const client = (db as unknown as DrizzleInternals)._.session.client;
  if ((query as { client?: unknown }).client === client) return query;
  let views = viewsByStatement.get(query as object);
  if (views === undefined) {
    views = new WeakMap();
    viewsByStatement.set(query as object, views);
  }
  let view = views.get(client as object) as T | undefined;
  if (view === undefined) {
    view = Object.create(query as object, { client: { value: client } }) as T;
    views.set(client as object, view);
  }
  return view;
}

/** The key of `db`'s statements: its dialect, the same object for the database and its transactions. */
const databaseOf = (db: Queryable): object => (db as unknown as DrizzleInternals).dialect;

/**
 * A query that every request runs (the session check, the membership lookup), built by Drizzle
 * once per database instead of on every call (issue #13: building a query's SQL is most of
 * Drizzle's cost per request) and prepared by name, so PostgreSQL parses it once per connection.
 * `build` receives the database or a transaction and returns Drizzle's prepared query, whose
 * values are `sql.placeholder`s. Inside a transaction the same query runs on the transaction's
 * connection (decision 025).
 */
export function preparedQuery<T>(build: (db: Queryable) => T): (db: Queryable) => T {
  const prepared = new WeakMap<object, T>();
  return (db) => {
    const database = databaseOf(db);
    let query = prepared.get(database);
    if (query === undefined) {
      query = withDirectExecute(withRowMapper(build(db)));
      prepared.set(database, query);
    }
    return onClientOf(query, db);
  };
}

/** Base names of {@link preparedStatements}, one text family each. */
const statementNames = new Set<string>();

/**
 * {@link preparedQuery} for a read whose SQL depends on a few choices (which filters a list has,
 * its sort and order, the member type its visibility rule takes): one prepared statement per
 * shape, built once per database and run on the database or any of its transactions. `keyOf`
 * names a shape from those choices only — never from values, which go in as
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
  const prepared = new WeakMap<object, Map<string, T>>();
  return (db, shape) => {
    const key = keyOf(shape);
    let statementName = names.get(key);
    if (statementName === undefined) {
      statementName = `${name}_${names.size + 1}`;
      names.set(key, statementName);
    }
    const database = databaseOf(db);
    let byKey = prepared.get(database);
    if (byKey === undefined) {
      byKey = new Map();
      prepared.set(database, byKey);
    }
    let query = byKey.get(key);
    if (query === undefined) {
      query = withDirectExecute(withRowMapper(build(db, shape, statementName)));
      byKey.set(key, query);
    }
    return onClientOf(query, db);
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
