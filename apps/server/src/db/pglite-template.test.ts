import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { findMigrationsFolder, fromPglite, openDatabase, type DatabaseHandle } from './client.js';
import { PGLITE_SHARED_BUFFERS } from './pglite-options.js';
import { copyPgliteTemplate, migrationsHash, pgliteTemplateName, writePgliteTemplate } from './pglite-template.js';

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

const migrationsFolder = findMigrationsFolder();
/** A folder holding the migrated template directory, written as the server build writes it. */
const templates = mkdtempSync(path.join(os.tmpdir(), 'tandem-template-folder-'));
const templateFolder = () => templates;

beforeAll(async () => {
  const target = path.join(templates, pgliteTemplateName(migrationsFolder, 'directory'));
  await writePgliteTemplate(target, (client) => fromPglite(client, migrationsFolder).migrate(), 'directory');
});

afterAll(() => rmSync(templates, { recursive: true, force: true }));

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
  it('copies the template into a new data directory: migrated before migrate(), which then applies nothing', async () => {
    const dataDir = scratchDir();
    const handle = await openOn(dataDir, templateFolder());
    const applied = await appliedMigrations(handle);
    expect(applied).toBeGreaterThan(0);
    await handle.migrate();
    expect(await appliedMigrations(handle)).toBe(applied);
    const people = await handle.db.execute(sql`select count(*)::int as n from people`);
    expect(people.rows[0]).toEqual({ n: 0 });
    // The cluster is on disk, in DATA_DIR/pgdata, as one PGlite creates itself; no partial copy is left.
    expect(existsSync(path.join(dataDir, 'pgdata', 'PG_VERSION'))).toBe(true);
    expect(readdirSync(dataDir)).toEqual(['pgdata']);
    // With the shared buffer pool every embedded database is opened with (db/pglite-options.ts).
    expect((await handle.executeSql('show shared_buffers')).rows).toEqual([{ shared_buffers: PGLITE_SHARED_BUFFERS }]);
    // A write to the copy stays out of the template.
    await handle.db.execute(sql`create table written_to_the_copy (id int)`);
    const other = await openOn(scratchDir(), templateFolder());
    const table = await other.executeSql(`select to_regclass('written_to_the_copy') as name`);
    expect(table.rows[0]?.name).toBeNull();
  });

  it('never copies the template over an existing data directory: what was written stays', async () => {
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

  it('removes the partial copy a start killed while copying left behind', () => {
    const parent = scratchDir();
    const stale = path.join(parent, 'pgdata.4242.partial');
    mkdirSync(stale);
    writeFileSync(path.join(stale, 'PG_VERSION'), '17');
    expect(copyPgliteTemplate(templateFolder(), migrationsFolder, path.join(parent, 'pgdata'))).toBe(true);
    expect(readdirSync(parent)).toEqual(['pgdata']);
  });

  it('copies into an empty directory, and leaves a directory that holds files as it is', () => {
    const empty = path.join(scratchDir(), 'pgdata');
    mkdirSync(empty);
    expect(copyPgliteTemplate(templateFolder(), migrationsFolder, empty)).toBe(true);
    expect(existsSync(path.join(empty, 'PG_VERSION'))).toBe(true);

    const parent = scratchDir();
    const taken = path.join(parent, 'pgdata');
    mkdirSync(taken);
    writeFileSync(path.join(taken, 'notes.txt'), 'not a cluster');
    expect(copyPgliteTemplate(templateFolder(), migrationsFolder, taken)).toBe(false);
    expect(readdirSync(taken)).toEqual(['notes.txt']);
    expect(readdirSync(parent)).toEqual(['pgdata']);
  });

  it('takes only the template named for this PGlite and these migrations', () => {
    const name = pgliteTemplateName(migrationsFolder, 'directory');
    expect(name).toMatch(/^pglite-\d+\.\d+\.\d+-[0-9a-f]{16}$/);
    expect(pgliteTemplateName(migrationsFolder, 'tar')).toBe(`${name}.tar`);

    const folder = scratchDir();
    cpSync(path.join(templateFolder(), name), path.join(folder, name.replace(/-[0-9a-f]{16}$/, '-0000000000000000')), { recursive: true });
    const dataDir = path.join(scratchDir(), 'pgdata');
    expect(copyPgliteTemplate(folder, migrationsFolder, dataDir)).toBe(false);
    expect(existsSync(dataDir)).toBe(false);

    cpSync(path.join(templateFolder(), name), path.join(folder, name), { recursive: true });
    expect(copyPgliteTemplate(folder, migrationsFolder, dataDir)).toBe(true);
    expect(existsSync(path.join(dataDir, 'PG_VERSION'))).toBe(true);
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
