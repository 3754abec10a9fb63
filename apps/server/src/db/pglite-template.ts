import { createHash } from 'node:crypto';
import { cpSync, existsSync, readdirSync, readFileSync, renameSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { withPgliteSettings } from './pglite-options.js';

/**
 * A migrated PGlite data directory kept as a template: a new embedded database starts from it
 * instead of being created and migrated (issue #13, docs/decisions/050-first-start-from-a-migrated-template.md).
 * Creating a PGlite cluster runs initdb inside WebAssembly (5.3 s on the 2-core host) and the
 * migrations follow. The server build writes a data directory beside the bundle, which `npm start`'s
 * first start copies (0.2 s); the tests build a tar per run, which each test file loads into an
 * in-memory PGlite (test/global-setup.ts).
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
 * The template's name for the installed PGlite and the migrations in `migrationsFolder`:
 * `pglite-<version>-<first 16 hex digits of the migrations' hash>`, with `.tar` for a tar. A
 * template of another PGlite or of other migrations has another name, so it is never taken for
 * this one.
 */
export function pgliteTemplateName(migrationsFolder: string, format: TemplateFormat): string {
  return `pglite-${pgliteVersion()}-${migrationsHash(migrationsFolder).slice(0, 16)}${format === 'tar' ? '.tar' : ''}`;
}

/** A template as a tar (PGlite.create's `loadDataDir`) or as a data directory to copy. */
export type TemplateFormat = 'tar' | 'directory';

/**
 * Writes the migrated data directory of a new in-memory PGlite to `target`, as an uncompressed
 * tar or as a data directory. `migrate` applies the migrations to the instance. The template is
 * written under a name of its own and renamed, so a reader never sees half of one.
 */
export async function writePgliteTemplate(
  target: string,
  migrate: (client: PGlite) => Promise<void>,
  format: TemplateFormat,
): Promise<void> {
  const partial = `${target}.${process.pid}.partial`;
  const client = await PGlite.create('memory://', withPgliteSettings());
  try {
    await migrate(client);
    const dump = await client.dumpDataDir('none');
    if (format === 'tar') writeFileSync(partial, new Uint8Array(await dump.arrayBuffer()));
    else await (await PGlite.create(partial, withPgliteSettings({ loadDataDir: dump }))).close();
    rmSync(target, { recursive: true, force: true });
    renameSync(partial, target);
  } finally {
    rmSync(partial, { recursive: true, force: true });
    await client.close();
  }
}

/**
 * Copies the template data directory in `folder` for the installed PGlite and the migrations in
 * `migrationsFolder` to `dataDir`, which must not exist or be empty; false when there is no such
 * template (a server run from source, a build of other migrations) or `dataDir` holds files. The
 * copy is made beside `dataDir` and renamed, so a start killed while copying leaves no half
 * cluster behind, only a partial copy, which the next start removes. Copying the 1,300 files took
 * 0.2 s where PGlite's `loadDataDir` of the same tar took 1.3 s more than opening the result.
 */
export function copyPgliteTemplate(folder: string, migrationsFolder: string, dataDir: string): boolean {
  const template = path.join(folder, pgliteTemplateName(migrationsFolder, 'directory'));
  if (!existsSync(template)) return false;
  const parent = path.dirname(dataDir);
  const partialOf = (name: string) => name.startsWith(`${path.basename(dataDir)}.`) && name.endsWith('.partial');
  for (const stale of readdirSync(parent).filter(partialOf)) rmSync(path.join(parent, stale), { recursive: true, force: true });
  const partial = `${dataDir}.${process.pid}.partial`;
  try {
    cpSync(template, partial, { recursive: true });
    if (existsSync(dataDir)) rmdirSync(dataDir); // only an empty directory; one with files throws ENOTEMPTY
    renameSync(partial, dataDir);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOTEMPTY' || (error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    rmSync(partial, { recursive: true, force: true });
  }
}
