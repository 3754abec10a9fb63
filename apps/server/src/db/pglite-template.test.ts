import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { findMigrationsFolder, openDatabase, type DatabaseHandle } from './client.js';
import { migrationsHash, openPgliteTemplate, pgliteTemplateName } from './pglite-template.js';

const scratch: string[] = [];
const open: DatabaseHandle[] = [];

afterEach(async () => {
  await Promise.all(open.splice(0).map((handle) => handle.close()));
  for (const dir of scratch.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function scratchDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tandem-template-test-'));
  scratch.push(dir);
  return dir;
}

/** The migrated template global-setup.ts built for this run, under the name a server build gives it. */
const templateFolder = () => path.dirname(inject('pgliteTemplate'));

async function openOn(dataDir: string, pgliteTemplateFolder: string): Promise<DatabaseHandle> {
  const handle = await openDatabase({ dataDir, pgliteTemplateFolder });
  open.push(handle);
  return handle;
}

/** The migrations recorded as applied (Drizzle's journal table), or null where it does not exist. */
async function appliedMigrations(handle: DatabaseHandle): Promise<number | null> {
  const table = await handle.executeSql(`select to_regclass('drizzle.__drizzle_migrations') as name`);
  if (table.rows[0]?.name === null) return null;
  const rows = await handle.executeSql('select count(*)::int as applied from drizzle.__drizzle_migrations');
  return rows.rows[0]?.applied as number;
}

describe('a new embedded database from the migrated template (db/pglite-template.ts, decision 050)', () => {
  it('loads a new data directory from the template: migrated before migrate(), which then applies nothing', async () => {
    const dataDir = scratchDir();
    const handle = await openOn(dataDir, templateFolder());
    const applied = await appliedMigrations(handle);
    expect(applied).toBeGreaterThan(0);
    await handle.migrate();
    expect(await appliedMigrations(handle)).toBe(applied);
    const people = await handle.db.execute(sql`select count(*)::int as n from people`);
    expect(people.rows[0]).toEqual({ n: 0 });
    // The cluster is on disk, in DATA_DIR/pgdata, as one PGlite creates itself.
    expect(existsSync(path.join(dataDir, 'pgdata', 'PG_VERSION'))).toBe(true);
  });

  it('never loads the template over an existing data directory: what was written stays', async () => {
    const dataDir = scratchDir();
    const first = await openOn(dataDir, templateFolder());
    await first.db.execute(sql`create table kept (note text not null)`);
    await first.db.execute(sql`insert into kept values ('written before the restart')`);
    await first.close();
    open.splice(open.indexOf(first), 1);

    const again = await openOn(dataDir, templateFolder());
    const kept = await again.db.execute(sql`select note from kept`);
    expect(kept.rows).toEqual([{ note: 'written before the restart' }]);
  });

  it('takes only the template named for this PGlite and these migrations', async () => {
    const migrationsFolder = findMigrationsFolder();
    const name = pgliteTemplateName(migrationsFolder);
    expect(name).toMatch(/^pglite-\d+\.\d+\.\d+-[0-9a-f]{16}\.tar$/);

    const folder = scratchDir();
    copyFileSync(inject('pgliteTemplate'), path.join(folder, name.replace(/-[0-9a-f]{16}\.tar$/, '-0000000000000000.tar')));
    expect(await openPgliteTemplate(folder, migrationsFolder)).toBeUndefined();

    copyFileSync(inject('pgliteTemplate'), path.join(folder, name));
    const template = await openPgliteTemplate(folder, migrationsFolder);
    expect(template?.type).toBe('application/x-tar');
    expect(template?.size).toBeGreaterThan(0);
  });

  it("names a template after its migrations' content: a changed or added migration gives another name", () => {
    const folder = scratchDir();
    mkdirSync(path.join(folder, 'meta'));
    writeFileSync(path.join(folder, '0000_first.sql'), 'create table a (id int);');
    writeFileSync(path.join(folder, 'meta', '_journal.json'), '{}');
    const before = migrationsHash(folder);
    expect(migrationsHash(folder)).toBe(before);

    writeFileSync(path.join(folder, '0000_first.sql'), 'create table a (id bigint);');
    const changed = migrationsHash(folder);
    expect(changed).not.toBe(before);

    writeFileSync(path.join(folder, '0001_second.sql'), 'create table b (id int);');
    expect(migrationsHash(folder)).not.toBe(changed);
  });
});
