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
  };
}
