import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema/index.js';

/**
 * The Drizzle database, typed once. PGlite and node-postgres share PostgreSQL's dialect and
 * Drizzle's query builder; the PGlite instance is typed as node-postgres's (same API surface).
 */
export type Database = NodePgDatabase<typeof schema>;
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
   * called. PostgreSQL: one dedicated connection, reconnected with capped exponential backoff;
   * notices sent while it was down are lost, so `onReconnect` tells the caller to catch up.
   * PGlite: its in-process LISTEN. Throws when the first LISTEN fails.
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

/** Finds apps/server/drizzle both from src/db (tsx, vitest) and from dist (the built bundle). */
function findMigrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  for (const candidate of ['../drizzle', '../../drizzle', '../../../drizzle']) {
    const folder = path.resolve(here, candidate);
    if (existsSync(path.join(folder, 'meta', '_journal.json'))) return folder;
  }
  throw new Error(`No migrations folder found near ${here}`);
}

const options = { schema, casing: 'snake_case' } as const;

/**
 * Opens PostgreSQL when `databaseUrl` is set, else an embedded PGlite under `dataDir/pgdata`
 * (`dataDir` 'memory://' keeps it in memory, for tests).
 */
export async function openDatabase(input: { databaseUrl?: string | undefined; dataDir: string }): Promise<DatabaseHandle> {
  const migrationsFolder = findMigrationsFolder();
  if (input.databaseUrl) {
    const pool = new pg.Pool({ connectionString: input.databaseUrl, max: 10 });
    const db = drizzlePg(pool, options);
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePg(db, { migrationsFolder }),
      ping: async () => (await pool.query('select 1')).rowCount === 1,
      close: () => pool.end(),
      listen: (channel, onMessage, hooks) => listenPg(input.databaseUrl!, channel, onMessage, hooks),
      executeSql: async (text, values) => {
        // A script of several statements answers with one result per statement.
        const result: pg.QueryResult | pg.QueryResult[] = values?.length ? await pool.query(text, values) : await pool.query(text);
        return { rows: (Array.isArray(result) ? result.at(-1) : result)?.rows ?? [] };
      },
    };
  }
  let dataDir = input.dataDir;
  if (!dataDir.startsWith('memory://')) {
    dataDir = path.resolve(dataDir, 'pgdata');
    mkdirSync(dataDir, { recursive: true });
  }
  const client = await PGlite.create(dataDir);
  return fromPglite(client, migrationsFolder);
}

/** Wraps an existing PGlite (e.g. a migrated clone in tests). */
export function fromPglite(client: PGlite, migrationsFolder = findMigrationsFolder()): DatabaseHandle {
  const db = drizzlePglite(client, options);
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    ping: async () => (await client.query('select 1')).rows.length === 1,
    close: () => client.close(),
    listen: (channel, onMessage) => client.listen(channel, onMessage),
    executeSql: async (text, values) => {
      if (values?.length) return { rows: (await client.query<Record<string, unknown>>(text, values)).rows };
      const results = await client.exec(text);
      return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] };
    },
  };
}

/** LISTEN on a dedicated pg.Client; reconnects after 0.25 s, 0.5 s, … up to 30 s between tries. */
async function listenPg(
  connectionString: string,
  channel: string,
  onMessage: (payload: string) => void,
  hooks: ListenHooks = {},
): Promise<() => Promise<void>> {
  let stopped = false;
  let current: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  const connect = async () => {
    const client = new pg.Client({ connectionString });
    client.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) onMessage(message.payload);
    });
    client.on('error', (error) => hooks.onError?.(error));
    client.on('end', () => {
      if (!stopped && current === client) reconnect(0);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    current = client;
    if (stopped) await client.end();
  };
  const reconnect = (attempt: number) => {
    current = undefined;
    retry = setTimeout(
      () => {
        if (stopped) return;
        connect().then(
          () => hooks.onReconnect?.(),
          (error: unknown) => {
            hooks.onError?.(error);
            if (!stopped) reconnect(attempt + 1);
          },
        );
      },
      Math.min(30_000, 250 * 2 ** attempt),
    );
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await current?.end().catch(() => undefined);
  };
}
