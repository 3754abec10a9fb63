import { createHash } from 'node:crypto';
import { existsSync, openAsBlob, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';

/**
 * A migrated PGlite data directory kept as a tar file: a new embedded database is loaded from it
 * instead of being created and migrated (issue #13, docs/decisions/050-first-start-from-a-migrated-template.md).
 * Creating a PGlite cluster runs initdb inside WebAssembly (5.3 s on the 2-core host) and the
 * migrations follow; loading the tar takes about a second. The server build writes one beside the
 * bundle for `npm start`'s first start; the tests build one per run for their databases
 * (test/global-setup.ts).
 */

/** The SHA-256 of every file of `migrationsFolder`, names and contents: a new or changed migration changes it. */
export function migrationsHash(migrationsFolder: string): string {
  const hash = createHash('sha256');
  const files = readdirSync(migrationsFolder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(migrationsFolder, path.join(entry.parentPath, entry.name)))
    .sort();
  for (const file of files)
    hash
      .update(`${file}\0`)
      .update(readFileSync(path.join(migrationsFolder, file)))
      .update('\0');
  return hash.digest('hex');
}

/** The installed PGlite's version (its package.json): a data directory is PGlite's PostgreSQL's own format. */
export function pgliteVersion(): string {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  let dir = path.dirname(entry);
  while (!existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return (JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version;
}

/**
 * The template's file name for the installed PGlite and the migrations in `migrationsFolder`:
 * `pglite-<version>-<first 16 hex digits of the migrations' hash>.tar`. A template of another
 * PGlite or of other migrations has another name, so it is never taken for this one.
 */
export function pgliteTemplateName(migrationsFolder: string): string {
  return `pglite-${pgliteVersion()}-${migrationsHash(migrationsFolder).slice(0, 16)}.tar`;
}

/**
 * Writes the migrated data directory of a new in-memory PGlite to `file` (an uncompressed tar,
 * for PGlite.create's `loadDataDir`). `migrate` applies the migrations to the instance. The tar
 * is written under a name of its own and renamed, so a reader never sees half a file.
 */
export async function writePgliteTemplate(file: string, migrate: (client: PGlite) => Promise<void>): Promise<void> {
  const client = await PGlite.create('memory://');
  try {
    await migrate(client);
    const dump = await client.dumpDataDir('none');
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, new Uint8Array(await dump.arrayBuffer()));
    renameSync(partial, file);
  } finally {
    await client.close();
  }
}

/**
 * The template in `folder` for the installed PGlite and the migrations in `migrationsFolder`, as
 * `loadDataDir` takes it; undefined when there is none (a server run from source, a build of
 * other migrations). The Blob reads the file as PGlite takes it in: reading it first and copying it
 * into a Blob took 0.3 s of the 1.4 s a load took.
 */
export async function openPgliteTemplate(folder: string, migrationsFolder: string): Promise<Blob | undefined> {
  const file = path.join(folder, pgliteTemplateName(migrationsFolder));
  if (!existsSync(file)) return undefined;
  return openAsBlob(file, { type: 'application/x-tar' });
}
