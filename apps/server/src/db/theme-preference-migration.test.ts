import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { afterEach, describe, expect, it } from 'vitest';
import { fromPglite } from './client.js';

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

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

describe('the theme-preference migration (issue #8 "Match system")', () => {
  it("turns the old unchosen default 'brand' into 'system', keeps other choices, and defaults new people to 'system'", async () => {
    const client = await PGlite.create('memory://');
    const partialFolder = migrationsBeforeThemePreference();
    cleanups.push(
      () => client.close(),
      () => rmSync(partialFolder, { recursive: true, force: true }),
    );
    await fromPglite(client, partialFolder).migrate();
    await client.exec(`
      insert into people (id, first_name, last_name, email, theme_preference) values
        ('00000000-0000-7000-8000-000000000001', 'Ada', 'Brand', 'ada@example.com', 'brand'),
        ('00000000-0000-7000-8000-000000000002', 'Ben', 'Dark', 'ben@example.com', 'dark-blue');
    `);

    await fromPglite(client, migrationsFolder).migrate();
    await client.exec(
      `insert into people (id, first_name, last_name, email) values ('00000000-0000-7000-8000-000000000003', 'Cy', 'New', 'cy@example.com')`,
    );
    const { rows } = await client.query<{ email: string; theme_preference: string }>(
      'select email, theme_preference from people order by email',
    );
    expect(rows).toEqual([
      { email: 'ada@example.com', theme_preference: 'system' },
      { email: 'ben@example.com', theme_preference: 'dark-blue' },
      { email: 'cy@example.com', theme_preference: 'system' },
    ]);
  });
});
