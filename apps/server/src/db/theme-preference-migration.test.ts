import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { fromPglite } from './client.js';
import { withPgliteSettings } from './pglite-options.js';

const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));
const TAG = /_theme_preference_system$/;

interface Journal {
  entries: { tag: string }[];
}

/** A copy of the migrations folder whose journal stops before the theme-preference migration. */
function migrationsBeforeThemePreference(): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'tandem-migrations-'));
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as Journal;
  const at = journal.entries.findIndex((entry) => TAG.test(entry.tag));
  expect(at, 'the theme-preference migration is in the journal').toBeGreaterThan(0);
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
  return folder;
}

/** An empty database of the run's kind (TEST_DATABASE): migrate it from a folder, query it. */
interface EmptyDatabase {
  migrate(folder: string): Promise<void>;
  query<Row>(text: string): Promise<Row[]>;
  close(): Promise<void>;
}

async function openEmptyDatabase(): Promise<EmptyDatabase> {
  if (process.env.TEST_DATABASE !== 'postgres') {
    const client = await PGlite.create('memory://', withPgliteSettings());
    return {
      migrate: (folder) => fromPglite(client, folder).migrate(),
      query: async <Row>(text: string) => (await client.query<Row>(text)).rows,
      close: () => client.close(),
    };
  }
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DATABASE=postgres needs TEST_DATABASE_URL');
  const name = `tandem_migration_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  // One client, not a pool: client.end() resolves once its connection has closed, whereas
  // pool.end() resolves while sockets may still be closing, and the forced drop below then
  // terminated a backend whose 57P01 reached no listener (an uncaught error in a full run).
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  return {
    migrate: (folder) => migratePg(drizzlePg(client), { migrationsFolder: folder }),
    query: async <Row>(text: string) => (await client.query(text)).rows as Row[],
    close: async () => {
      await client.end();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

describe('the theme-preference migration (issue #8 "Match system")', () => {
  it("turns the old unchosen default 'brand' into 'system', keeps other choices, and defaults new people to 'system'", async () => {
    const database = await openEmptyDatabase();
    const partialFolder = migrationsBeforeThemePreference();
    cleanups.push(
      () => database.close(),
      () => rmSync(partialFolder, { recursive: true, force: true }),
    );
    await database.migrate(partialFolder);
    await database.query(`
      insert into people (id, first_name, last_name, email, theme_preference) values
        ('00000000-0000-7000-8000-000000000001', 'Ada', 'Brand', 'ada@example.com', 'brand'),
        ('00000000-0000-7000-8000-000000000002', 'Ben', 'Dark', 'ben@example.com', 'dark-blue')
    `);

    await database.migrate(migrationsFolder);
    await database.query(
      `insert into people (id, first_name, last_name, email) values ('00000000-0000-7000-8000-000000000003', 'Cy', 'New', 'cy@example.com')`,
    );
    const rows = await database.query<{ email: string; theme_preference: string }>(
      'select email, theme_preference from people order by email',
    );
    expect(rows).toEqual([
      { email: 'ada@example.com', theme_preference: 'system' },
      { email: 'ben@example.com', theme_preference: 'dark-blue' },
      { email: 'cy@example.com', theme_preference: 'system' },
    ]);
  });
});
