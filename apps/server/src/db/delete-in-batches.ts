import { inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from './client.js';

/** Rows deleted per statement by a sweep, so it never holds many locks or a long transaction. */
export const SWEEP_BATCH_SIZE = 1000;

/**
 * Deletes the rows of `table` matching `where`, {@link SWEEP_BATCH_SIZE} per statement (each
 * statement picks a batch of `key`s by subquery), until none is left. The scheduled sweeps of
 * expired rows use it (decision 011).
 * @returns how many rows were deleted.
 */
export async function deleteInBatches(db: Database, table: PgTable, key: PgColumn, where: SQL | undefined): Promise<number> {
  let total = 0;
  for (;;) {
    const batch = db.select({ key }).from(table).where(where).limit(SWEEP_BATCH_SIZE);
    const deleted = await db
      .delete(table)
      .where(inArray(key, batch))
      .returning({ one: sql`1` });
    total += deleted.length;
    if (deleted.length < SWEEP_BATCH_SIZE) return total;
  }
}
