import { existsSync, mkdirSync, readdirSync, rmSync, statSync, utimesSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { fromPglite, openDatabase } from '../db/client.js';
import { migrationsHash, pgliteTemplateName, writePgliteTemplate } from '../db/pglite-template.js';

/**
 * Vitest globalSetup of the server and security projects (issue #13, decision 024): finds, or
 * builds once, a migrated template database and tells the test files where it is;
 * openTestDatabase() then gives each file a fresh copy of it instead of migrating again (STYLE §8:
 * one database per file still).
 * - PGlite (TEST_DATABASE unset or 'pglite'): the migrated data directory, dumped to a tar file
 *   in the system's temporary directory, named after PGlite's version and the migrations' hash.
 * - PostgreSQL (TEST_DATABASE=postgres): a template database on TEST_DATABASE_URL's server named
 *   after the migrations' content hash, so a changed or added migration makes a new one; nothing
 *   ever connects to it after it is built (`allow_connections false`), since PostgreSQL refuses
 *   to copy a template that has a session.
 */
declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated PGlite data directory (an uncompressed tar), for PGlite.create's loadDataDir. */
    pgliteTemplate: string;
    /** The migrated template database on TEST_DATABASE_URL's server. */
    postgresTemplate: string;
  }
}

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

/**
 * What several projects of one run share (their globalSetups run one after the other in the main
 * process, each in its own module instance): each template is looked for, or built, once per run.
 */
interface Shared {
  pglite?: Promise<string>;
  postgres?: Promise<string>;
}
const shared = ((globalThis as { __tandemTestTemplates?: Shared }).__tandemTestTemplates ??= {});

/** Where PGlite templates are kept between runs: one file per PGlite version and migrations hash. */
const pgliteTemplates = path.join(os.tmpdir(), 'tandem-test-templates');
/** A template nobody used for this long is removed when another is built. */
const STALE_TEMPLATE_MS = 24 * 60 * 60 * 1000;

/**
 * The migrated PGlite data directory as a tar file, built when missing. The file is named after
 * PGlite's version and the migrations' hash, so it is reused by later runs (a run stopped by a
 * signal leaves nothing behind that another run would not reuse) and never stale; it is written
 * under a name of its own and renamed, so a reader never sees half a file.
 */
async function pgliteTemplate(): Promise<string> {
  const file = path.join(pgliteTemplates, pgliteTemplateName(migrationsFolder, 'tar'));
  if (existsSync(file)) {
    const now = new Date();
    utimesSync(file, now, now);
    return file;
  }
  mkdirSync(pgliteTemplates, { recursive: true });
  for (const other of readdirSync(pgliteTemplates)) {
    const otherPath = path.join(pgliteTemplates, other);
    if (Date.now() - statSync(otherPath).mtimeMs > STALE_TEMPLATE_MS) rmSync(otherPath, { force: true });
  }
  await writePgliteTemplate(file, (client) => fromPglite(client, migrationsFolder).migrate(), 'tar');
  return file;
}

async function buildPostgresTemplate(serverUrl: string): Promise<string> {
  const name = `tandem_test_template_${migrationsHash(migrationsFolder).slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    const existing = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (existing.rowCount === 1) return name;
    // Built under a name of its own, then renamed: a run that fails half-way, or another run (a
    // second checkout) building the same template at the same moment, never leaves a half-migrated
    // template under the final name.
    const building = `${name}_${process.pid}_${Date.now().toString(36)}`;
    await admin.query(`create database ${building}`);
    try {
      const url = new URL(serverUrl);
      url.pathname = `/${building}`;
      const handle = await openDatabase({ databaseUrl: url.toString(), dataDir: 'unused' });
      try {
        await handle.migrate();
      } finally {
        await handle.close();
      }
      // pool.end() resolves before its sockets have closed: ALTER … RENAME needs them gone.
      await admin.query(`alter database ${building} with allow_connections false`);
      await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [
        building,
      ]);
      await admin.query(`alter database ${building} rename to ${name}`);
    } catch (error) {
      await admin.query(`drop database if exists ${building} with (force)`);
      // Another run renamed its copy first (42P04 duplicate_database): theirs is as good as ours.
      if ((error as { code?: string }).code === '42P04') return name;
      throw error;
    }
    return name;
  } finally {
    await admin.end();
  }
}

export default async function setup(project: TestProject): Promise<void> {
  if (project.config.env.TEST_DATABASE === 'postgres') {
    const serverUrl = process.env.TEST_DATABASE_URL;
    if (!serverUrl) throw new Error('TEST_DATABASE=postgres needs TEST_DATABASE_URL');
    shared.postgres ??= buildPostgresTemplate(serverUrl);
    project.provide('postgresTemplate', await shared.postgres);
  } else {
    shared.pglite ??= pgliteTemplate();
    project.provide('pgliteTemplate', await shared.pglite);
  }
}
