import { randomBytes } from 'node:crypto';
import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from '../app.js';
import { loadConfig } from '../config/env.js';
import { findMigrationsFolder, fromPglite } from '../db/client.js';
import { pgliteTemplateName, writePgliteTemplate } from '../db/pglite-template.js';

/**
 * `node dist/write-pglite-template.js <folder>`, run by the server build (scripts/build.mjs):
 * writes the PGlite template for the installed PGlite and the current migrations into `folder`
 * and removes the templates of other versions there (decision 050). The template holds what a
 * server's first start writes before it is ready, the demo workspace aside: the migrations, and
 * the job queue's schema, queues and schedules (the app built and started once, on throw-away
 * secrets, then closed). A new installation's first start then only loads it and seeds the demo.
 */
async function main(folder: string | undefined) {
  if (!folder) {
    console.error('Usage: node dist/write-pglite-template.js <folder>');
    process.exit(2);
  }
  const migrationsFolder = findMigrationsFolder();
  const name = pgliteTemplateName(migrationsFolder, 'directory');
  await writePgliteTemplate(
    path.join(folder, name),
    async (client) => {
      const database = fromPglite(client, migrationsFolder);
      await database.migrate();
      // Nothing signed with these secrets reaches the template: the app writes no token or code at start.
      const secret = () => randomBytes(48).toString('base64url');
      const config = loadConfig({
        DATA_DIR: folder,
        TANDEM_DEMO: '0',
        JWT_SECRET: secret(),
        CODE_PEPPER: secret(),
        ENCRYPTION_KEY: secret(),
      });
      const app = await buildApp({ config, database, logger: false });
      await app.ready();
      await app.close();
    },
    'directory',
  );
  for (const other of readdirSync(folder)) {
    if (other !== name && other.startsWith('pglite-')) rmSync(path.join(folder, other), { recursive: true, force: true });
  }
}

await main(process.argv[2]);
