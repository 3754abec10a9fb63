import { lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.js';
import { deleteInBatches } from '../db/delete-in-batches.js';
import { idempotencyKeys } from '../db/schema/index.js';
import type { Jobs } from '../jobs/jobs.js';
import { IDEMPOTENCY_TTL_MS } from './idempotency.js';

/**
 * Deletes stored Idempotency-Key answers older than IDEMPOTENCY_TTL_MS (24 h, PRODUCT §7), 1,000
 * per statement. The plugin already ignores and replaces an expired key on its next use; this
 * removes the keys never used again.
 * @returns how many rows were deleted.
 */
export function sweepIdempotencyKeys(db: Database, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - IDEMPOTENCY_TTL_MS);
  return deleteInBatches(db, idempotencyKeys, idempotencyKeys.scopedKey, lt(idempotencyKeys.createdAt, cutoff));
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
