import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.js';
import type { Jobs } from './jobs.js';

/** One scheduled sweep of expired rows: a queue name, a cron schedule, and the delete (it returns the count). */
export interface Sweep {
  name: string;
  schedule: string;
  sweep: (db: Database) => Promise<number>;
}

/**
 * Schedules each sweep on the job queue (ARCHITECTURE "jobs", decision 011): one process runs it
 * per tick, failures are retried by the queue (twice), and a sweep that deleted rows logs how many.
 */
export function registerSweeps(jobs: Jobs, db: Database, logger: FastifyBaseLogger, sweeps: readonly Sweep[]): void {
  for (const { name, schedule, sweep } of sweeps) {
    jobs.register({
      name,
      schedule,
      pollingIntervalSeconds: 30,
      options: { retryLimit: 2, expireInSeconds: 15 * 60 },
      handler: async () => {
        const deleted = await sweep(db);
        if (deleted > 0) logger.info({ deleted, sweep: name }, 'sweep: expired rows deleted');
      },
    });
  }
}
