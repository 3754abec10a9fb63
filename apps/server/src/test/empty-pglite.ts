import { PGlite } from '@electric-sql/pglite';
import { withPgliteSettings } from '../db/pglite-options.js';

/** The data directory of a new, empty PGlite cluster (an uncompressed tar), made once per test worker. */
let emptyDataDir: Promise<Blob> | undefined;

/**
 * A new, empty PGlite in memory, for the tests of PGlite's own driver code (db/pglite-*.test.ts),
 * each test on an instance of its own. The first call creates a cluster (about 1.5 s) and keeps
 * its data directory; every later one loads that copy (about 0.4 s; issue #13: `npm test` ≤ 20
 * minutes), as openTestDatabase loads the migrated template.
 */
export async function openEmptyPglite(): Promise<PGlite> {
  emptyDataDir ??= (async () => {
    const client = await PGlite.create('memory://', withPgliteSettings());
    try {
      return await client.dumpDataDir('none');
    } finally {
      await client.close();
    }
  })();
  return PGlite.create(withPgliteSettings({ loadDataDir: await emptyDataDir }));
}
