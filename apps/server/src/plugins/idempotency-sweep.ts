import { inArray, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.js';
import { idempotencyKeys } from '../db/schema/index.js';
import type { Jobs } from '../jobs/jobs.js';
import { IDEMPOTENCY_TTL_MS } from './idempotency.js';

const BATCH_SIZE = 1000;

/**
 * Deletes stored Idempotency-Key answers older than IDEMPOTENCY_TTL_MS (24 h, PRODUCT §7), 1,000
 * per statement. The plugin already ignores and replaces an expired key on its next use; this
 * removes the keys never used again.
 * @returns how many rows were deleted.
 */
export async function sweepIdempotencyKeys(db: Database, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - IDEMPOTENCY_TTL_MS);
  let total = 0;
  for (;;) {
    const batch = db
      .select({ scopedKey: idempotencyKeys.scopedKey })
      .from(idempotencyKeys)
      .where(lt(idempotencyKeys.createdAt, cutoff))
      .limit(BATCH_SIZE);
    const deleted = await db
      .delete(idempotencyKeys)
      .where(inArray(idempotencyKeys.scopedKey, batch))
      .returning({ one: sql`1` });
    total += deleted.length;
    if (deleted.length < BATCH_SIZE) return total;
  }
}

/** Schedules sweepIdempotencyKeys every 30 minutes on the job queue (ARCHITECTURE "jobs"). */
export function registerIdempotencySweep(jobs: Jobs, db: Database, logger: FastifyBaseLogger): void {
  jobs.register({
    name: 'idempotency.sweep-keys',
    schedule: '3,33 * * * *',
    pollingIntervalSeconds: 30,
    options: { retryLimit: 2, expireInSeconds: 15 * 60 },
    handler: async () => {
      const deleted = await sweepIdempotencyKeys(db);
      if (deleted > 0) logger.info({ deleted }, 'idempotency: expired keys deleted');
    },
  });
}
