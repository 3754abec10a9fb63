import { existsSync, mkdirSync } from 'node:fs';
import { setImmediate } from 'node:timers/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, types, type QueryOptions, type Transaction as PgliteTransaction } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { PreparedStatements, type PgliteQuery } from './pglite-prepared.js';
import { withPgliteSettings } from './pglite-options.js';
import { copyPgliteTemplate } from './pglite-template.js';

/**
 * The Drizzle database, typed once. PGlite and node-postgres share PostgreSQL's dialect and
 * Drizzle's query builder; the PGlite instance is typed as node-postgres's (same API surface).
 * Without Drizzle's relational query API (`db.query.…`, unused): given the schema, Drizzle builds
 * a query builder per table for every transaction it opens (issue #13).
 */
export type Database = NodePgDatabase;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Anything that can run a query: the database or an open transaction. */
export type Queryable = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Runs the committed SQL migrations (idempotent). */
  migrate(): Promise<void>;
  /** True when a trivial query answers (readiness). */
  ping(): Promise<boolean>;
  close(): Promise<void>;
  /**
   * Calls `onMessage` with each NOTIFY payload on `channel` until the returned function is
   * called. PostgreSQL: one dedicated connection per handle, shared by every channel (one LISTEN
   * connection per process), reconnected with capped exponential backoff; notices sent while it
   * was down are lost, so `onReconnect` tells each caller to catch up. PGlite: its in-process
   * LISTEN. Throws when the first LISTEN fails.
   */
  listen(channel: string, onMessage: (payload: string) => void, hooks?: ListenHooks): Promise<() => Promise<void>>;
  /**
   * Runs raw SQL outside any Drizzle transaction, for pg-boss's `db` option (ARCHITECTURE
   * "background work"): with `values` one parameterised statement; without, a script that may
   * hold several statements (pg-boss's schema and its BEGIN … COMMIT maintenance), which PGlite
   * only accepts through `exec` and PostgreSQL through the simple query protocol. Resolves with
   * the rows of the last statement.
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

export interface ListenHooks {
  onError?: (error: unknown) => void;
  onReconnect?: () => void;
}

/** This module's folder: src/db from source, dist/ in the server bundle. */
const moduleFolder = path.dirname(fileURLToPath(import.meta.url));

/** Finds apps/server/drizzle both from src/db (tsx, vitest) and from dist (the built bundle). */
export function findMigrationsFolder(): string {
  for (const candidate of ['../drizzle', '../../drizzle', '../../../drizzle']) {
    const folder = path.resolve(moduleFolder, candidate);
    if (existsSync(path.join(folder, 'meta', '_journal.json'))) return folder;
  }
  throw new Error(`No migrations folder found near ${moduleFolder}`);
}

/** Column names in snake_case; no `schema`: the relational query API is not used (see {@link Database}). */
const options = { casing: 'snake_case' } as const;

/**
 * Opens PostgreSQL when `databaseUrl` is set, else an embedded PGlite under `dataDir/pgdata`
 * (`dataDir` 'memory://' keeps it in memory, for tests). A new data directory on disk is a copy
 * of the migrated template beside the server bundle when there is one for this PGlite and these
 * migrations (db/pglite-template.ts, decision 050), else created by PGlite (initdb); `migrate()`
 * then applies what the template does not hold, which is nothing when it matches.
 */
export async function openDatabase(input: {
  databaseUrl?: string | undefined;
  dataDir: string;
  /** Told of each connection that failed outside a query (PostgreSQL only), e.g. to log it. */
  onConnectionError?: (error: Error) => void;
  /** Where a PGlite template is looked for; default: this module's folder (`dist/` in the bundle). */
  pgliteTemplateFolder?: string;
}): Promise<DatabaseHandle> {
  const migrationsFolder = findMigrationsFolder();
  if (input.databaseUrl) {
    const pool = openPool(input.databaseUrl, input.onConnectionError ?? (() => undefined));
    const db = drizzlePg(pool, options);
    const listener = new PgListener(input.databaseUrl);
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePg(db, { migrationsFolder }),
      ping: async () => (await pool.query('select 1')).rowCount === 1,
      close: () => pool.end(),
      listen: (channel, onMessage, hooks) => listener.listen(channel, onMessage, hooks),
      executeSql: async (text, values) => {
        // A script of several statements answers with one result per statement.
        const result: pg.QueryResult | pg.QueryResult[] = values?.length ? await pool.query(text, values) : await pool.query(text);
        return { rows: (Array.isArray(result) ? result.at(-1) : result)?.rows ?? [] };
      },
    };
  }
  if (input.dataDir.startsWith('memory://')) return fromPglite(await PGlite.create(input.dataDir, withPgliteSettings()), migrationsFolder);
  const dataDir = path.resolve(input.dataDir, 'pgdata');
  // Every cluster has PG_VERSION: without it, the directory holds no database yet.
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
    mkdirSync(path.dirname(dataDir), { recursive: true });
    copyPgliteTemplate(input.pgliteTemplateFolder ?? moduleFolder, migrationsFolder, dataDir);
  }
  mkdirSync(dataDir, { recursive: true });
  return fromPglite(await PGlite.create(dataDir, withPgliteSettings()), migrationsFolder);
}

/** How long a request waits for a connection before it fails (503 UNAVAILABLE; issue #14). */
export const CONNECTION_TIMEOUT_MS = 3_000;

/**
 * The node-postgres pool, made to outlive a database outage (issue #14, "faults survived"): a
 * request waits at most CONNECTION_TIMEOUT_MS for a connection (then fails, and the API answers
 * 503); a connection that dies — PostgreSQL restarted, `pg_terminate_backend` — never crashes the
 * process (node-postgres emits 'error' on an idle or checked-out client, fatal without a
 * listener) and never stays in the pool, so service resumes as soon as new connections succeed.
 * One more guard: Drizzle's `transaction()` (drizzle-orm 0.45, node-postgres session) does not
 * release a client whose BEGIN failed; a client whose connection ended while checked out is
 * therefore released here, and its holder's later release is a no-op.
 */
function openPool(connectionString: string, onConnectionError: (error: Error) => void): pg.Pool {
  // Pipeline mode (node-postgres ≥ 8.23, decision 038): statements issued together on one
  // connection go out without waiting for the one before (db/one-connection.ts inOrder); one
  // awaited after another, they go on the wire exactly as without it.
  const pool = new pg.Pool({ connectionString, max: 10, connectionTimeoutMillis: CONNECTION_TIMEOUT_MS, keepAlive: true, pipeline: true });
  const checkedOut = new WeakSet<pg.PoolClient>();
  pool.on('error', onConnectionError);
  pool.on('acquire', (client) => checkedOut.add(client));
  pool.on('release', (_error: Error | undefined, client: pg.PoolClient) => checkedOut.delete(client));
  pool.on('connect', (client) => {
    client.on('error', onConnectionError);
    client.once('end', () => {
      if (!checkedOut.has(client)) return;
      const release = client.release;
      client.release = () => undefined;
      release(new Error('the connection ended while the client was checked out'));
    });
  });
  return pool;
}

/**
 * The types Drizzle's PGlite driver reads as PostgreSQL's text, which its column codecs then
 * decode: timestamps, intervals, dates, and arrays of these and of numeric (drizzle-orm 0.45
 * pglite/session.js, the `parsers` it sends with every query).
 */
const DRIZZLE_TEXT_TYPES: readonly number[] = [
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  1231, // numeric[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1182, // date[]
];

/** One of PGlite's parsers: a column's text to its value. */
type Parser = PGlite['parsers'][number];

const asText: Parser = (value: string) => value;

/** {@link DRIZZLE_TEXT_TYPES} as a query's `parsers` keys spell them, for the check on every query. */
const DRIZZLE_TEXT_TYPE_KEYS: ReadonlySet<string> = new Set(DRIZZLE_TEXT_TYPES.map(String));

/** What {@link withDrizzleParsersOnInstance} made of one PGlite instance. */
interface DrizzleOnPglite {
  forDrizzle: PGlite;
  ownParsers: Record<number, Parser>;
  notifications: Notifications;
  /** The instance's prepared statements: Drizzle's, and pg-boss's statements with parameters. */
  prepared: PreparedStatements;
}

/** PostgreSQL's folding of an unquoted channel name, as PGlite's `listen` keys its channels. */
const channelKey = (channel: string) => (channel.startsWith('"') && channel.endsWith('"') ? channel.slice(1, -1) : channel.toLowerCase());

/**
 * The listeners of one PGlite instance's channels, for the NOTIFYs PGlite itself never parses:
 * those in the output of a prepared statement (db/pglite-prepared.ts, decision 040). PGlite still
 * delivers the ones it parses (a COMMIT's, its own `query`'s); each NOTIFY is in one exchange's
 * output, so it reaches a listener once.
 */
class Notifications {
  private readonly listeners = new Map<string, Set<(payload: string) => void>>();

  /** Adds `onMessage` to `channel`'s listeners; the returned function removes it. */
  add(channel: string, onMessage: (payload: string) => void): () => void {
    const key = channelKey(channel);
    const listeners = this.listeners.get(key) ?? new Set();
    this.listeners.set(key, listeners.add(onMessage));
    return () => {
      listeners.delete(onMessage);
      if (listeners.size === 0) this.listeners.delete(key);
    };
  }

  /** Calls `channel`'s listeners with `payload`, each on a microtask of its own (as PGlite does). */
  deliver(channel: string, payload: string): void {
    this.listeners.get(channel)?.forEach((listener) => queueMicrotask(() => listener(payload)));
  }
}

/** Each instance's {@link withDrizzleParsersOnInstance}, done once: a second handle on it shares it. */
const drizzleOnPglite = new WeakMap<PGlite, DrizzleOnPglite>();

/**
 * Moves Drizzle's per-query parsers onto the PGlite instance. PGlite (0.5) merges a query's
 * `parsers` into a copy of its whole table of ≈ 320 parsers on every call: ≈ 200 µs per statement,
 * more than most statements take to run (issue #13, decision 037). So the
 * instance reads Drizzle's types as text itself, and the client Drizzle gets (its transactions'
 * too) leaves those parsers out of each query. What else runs on the instance — pg-boss through
 * `executeSql`, the readiness ping — gets PGlite's own parsers for those types back, per query,
 * as before.
 * Drizzle's statements run as named prepared statements ({@link PreparedStatements}, decision
 * 039), in and out of transactions.
 * Done once per instance; later calls return the first call's result.
 * @returns the client for Drizzle, and the parsers PGlite had for Drizzle's types.
 */
function withDrizzleParsersOnInstance(client: PGlite): DrizzleOnPglite {
  const done = drizzleOnPglite.get(client);
  if (done) return done;
  const ownParsers: Record<number, Parser> = {};
  for (const type of DRIZZLE_TEXT_TYPES) {
    ownParsers[type] = client.parsers[type]!;
    client.parsers[type] = asText;
  }
  // Drizzle's parsers only read its text types as text, which the instance now does: the same result.
  const withoutParsers = (queryOptions: QueryOptions | undefined): QueryOptions | undefined => {
    const parsers = queryOptions?.parsers;
    if (!parsers || !Object.keys(parsers).every((type) => DRIZZLE_TEXT_TYPE_KEYS.has(type))) return queryOptions;
    const { parsers: _dropped, ...rest } = queryOptions;
    return rest;
  };
  // Drizzle's statements run prepared, each SQL text parsed and planned once (decision 039); a
  // NOTIFY in their output goes to the instance's listeners (decision 040). Each statement outside
  // a transaction, and each transaction, first waits one turn of the event loop (decision 041):
  // PGlite answers without I/O, so a request would otherwise run from its first statement to its
  // response within the turn that read it, and requests would be served in the order the event
  // loop lists their sockets instead of the order they came in. With the turn, requests read
  // meanwhile queue behind the ones already waiting, and PGlite's locks serve them first come,
  // first served.
  const notifications = new Notifications();
  const prepared = new PreparedStatements(client, (channel, payload) => notifications.deliver(channel, payload));
  const query =
    (run: PgliteQuery): PGlite['query'] =>
    (text, params, queryOptions) =>
      run(text, params, withoutParsers(queryOptions));
  // A transaction is an object of closures: one with its own `query` in front of it will do.
  const transactionQuery = query((text, params, options) => prepared.queryInTransaction(text, params, options));
  const forDrizzleTransaction = (tx: PgliteTransaction): PgliteTransaction => Object.create(tx, { query: { value: transactionQuery } });
  const clientQuery = query(async (text, params, options) => {
    await setImmediate();
    return prepared.query(text, params, options);
  });
  const forDrizzle = new Proxy(client, {
    get(instance, key) {
      if (key === 'query') return clientQuery;
      if (key === 'transaction')
        return async (work: (tx: PgliteTransaction) => Promise<unknown>) => {
          await setImmediate();
          return instance.transaction((tx) => work(forDrizzleTransaction(tx)));
        };
      // PGlite's methods check their private state on `this`: they run on the instance itself.
      const value: unknown = Reflect.get(instance, key, instance);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(instance) : value;
    },
  });
  const result = { forDrizzle, ownParsers, notifications, prepared };
  drizzleOnPglite.set(client, result);
  return result;
}

/** Wraps an existing PGlite (e.g. a migrated clone in tests). */
export function fromPglite(client: PGlite, migrationsFolder = findMigrationsFolder()): DatabaseHandle {
  const { forDrizzle, ownParsers, notifications, prepared } = withDrizzleParsersOnInstance(client);
  const db = drizzlePglite(forDrizzle, options);
  const own = { parsers: ownParsers };
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    ping: async () => (await client.query('select 1', [], own)).rows.length === 1,
    close: () => client.close(),
    listen: async (channel, onMessage) => {
      const unlisten = await client.listen(channel, onMessage);
      const remove = notifications.add(channel, onMessage);
      return async () => {
        remove();
        await unlisten();
      };
    },
    executeSql: async (text, values) => {
      // pg-boss's statements with parameters run prepared too: its workers' fetch is one text for
      // every queue, polled every two seconds, and was parsed and planned on each poll.
      if (values?.length) return { rows: (await prepared.query<Record<string, unknown>>(text, values, own)).rows };
      const results = await client.exec(text, own);
      return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] };
    },
  };
}

/**
 * The longest wait between two LISTEN reconnection tries: short enough that live events and job
 * wake-ups resume within seconds of PostgreSQL coming back (issue #14: service recovers within
 * 10 s), and one connection attempt per process every 4 s while it is down costs nothing.
 */
const MAX_LISTEN_RETRY_MS = 4_000;

interface Subscriber {
  channel: string;
  onMessage: (payload: string) => void;
  hooks: ListenHooks;
}

/**
 * Every LISTEN of one handle on one dedicated pg.Client, connected on the first subscription and
 * ended after the last; after a dropped connection it reconnects after 0.25 s, 0.5 s, … up to
 * MAX_LISTEN_RETRY_MS between tries, LISTENs again on every channel and tells every subscriber
 * (onReconnect).
 */
class PgListener {
  private readonly subscribers = new Set<Subscriber>();
  private client: pg.Client | undefined;
  private connecting: Promise<pg.Client> | undefined;
  private retry: NodeJS.Timeout | undefined;

  constructor(private readonly connectionString: string) {}

  async listen(channel: string, onMessage: (payload: string) => void, hooks: ListenHooks = {}): Promise<() => Promise<void>> {
    const subscriber: Subscriber = { channel, onMessage, hooks };
    this.subscribers.add(subscriber);
    try {
      const client = await this.connected();
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      this.subscribers.delete(subscriber);
      if (this.subscribers.size === 0) await this.end();
      throw error;
    }
    return async () => {
      if (!this.subscribers.delete(subscriber)) return;
      if (this.subscribers.size === 0) await this.end();
      else if (![...this.subscribers].some((other) => other.channel === channel)) {
        await this.client?.query(`UNLISTEN ${pg.escapeIdentifier(channel)}`).catch(() => undefined);
      }
    };
  }

  private channels(): string[] {
    return [...new Set([...this.subscribers].map((subscriber) => subscriber.channel))];
  }

  /** The live client, connecting (and LISTENing on every channel) when there is none. */
  private connected(): Promise<pg.Client> {
    if (this.client) return Promise.resolve(this.client);
    this.connecting ??= this.connect().finally(() => (this.connecting = undefined));
    return this.connecting;
  }

  private async connect(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: this.connectionString, connectionTimeoutMillis: CONNECTION_TIMEOUT_MS });
    client.on('notification', (message) => {
      if (message.payload === undefined) return;
      for (const subscriber of this.subscribers) {
        if (subscriber.channel === message.channel) subscriber.onMessage(message.payload);
      }
    });
    client.on('error', (error) => this.subscribers.forEach((subscriber) => subscriber.hooks.onError?.(error)));
    client.on('end', () => {
      if (this.client !== client) return;
      this.client = undefined;
      if (this.subscribers.size > 0) this.reconnect(0);
    });
    try {
      await client.connect();
      for (const channel of this.channels()) await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    this.client = client;
    return client;
  }

  private reconnect(attempt: number): void {
    clearTimeout(this.retry);
    this.retry = setTimeout(
      () => {
        if (this.subscribers.size === 0) return;
        this.connected().then(
          () => this.subscribers.forEach((subscriber) => subscriber.hooks.onReconnect?.()),
          (error: unknown) => {
            this.subscribers.forEach((subscriber) => subscriber.hooks.onError?.(error));
            if (this.subscribers.size > 0) this.reconnect(attempt + 1);
          },
        );
      },
      Math.min(MAX_LISTEN_RETRY_MS, 250 * 2 ** attempt),
    );
  }

  private async end(): Promise<void> {
    clearTimeout(this.retry);
    const client = this.client ?? (await this.connecting?.catch(() => undefined));
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }
}
