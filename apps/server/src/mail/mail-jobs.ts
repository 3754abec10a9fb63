import { eq, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { v7 as uuidv7 } from 'uuid';
import type { Database, Queryable } from '../db/client.js';
import { deleteInBatches } from '../db/delete-in-batches.js';
import { mailDeliveries } from '../db/schema/index.js';
import type { Jobs } from '../jobs/jobs.js';
import type { MailMessage, Mailer } from './mailer.js';

/** The queue every mail goes through (decision 011). */
export const MAIL_QUEUE = 'mail.send';
/** The hourly clean-up of `mail_deliveries`. */
export const MAIL_DELIVERIES_SWEEP_QUEUE = 'mail.sweep-deliveries';

/**
 * A mail job's data. `message` null is a blank job: enqueued where nobody is to be mailed (an
 * unknown address) so that answering costs the same either way (PRODUCT §5, no enumeration).
 */
export interface MailJobData {
  messageId: string;
  message: MailMessage | null;
}

/**
 * `mail_deliveries` rows are only needed while a job for their message may still run: pg-boss
 * drops a job that has not started within 14 days (its default retention), so 30 days is ample.
 */
export const MAIL_DELIVERY_RETENTION_MS = 30 * 24 * 60 * 60_000;

/** What features enqueue mail through (`app.mailOutbox`). */
export interface MailOutbox {
  /**
   * Enqueues `message` inside `tx`, the transaction that causes the mail: a rolled-back
   * transaction sends nothing. `message` null enqueues a blank job of the same cost (for
   * unknown addresses). `messageId` (default a new UUIDv7) makes the enqueue idempotent and
   * becomes the Message-ID; the mail is sent at most once per id.
   * @returns the message id.
   */
  enqueue(tx: Queryable, message: MailMessage | null, options?: { messageId?: string }): Promise<string>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Enqueues mail inside the caller's transaction (mail/mail-jobs.ts). */
    mailOutbox: MailOutbox;
  }
}

export interface MailJobsOptions {
  db: Database;
  mailer: Mailer;
  logger: FastifyBaseLogger;
  /** Seconds one delivery attempt may take before it is failed and retried (MAIL_JOB_TIMEOUT_SECONDS). */
  timeoutSeconds: number;
}

/**
 * Registers the mail queue on `jobs` (ARCHITECTURE "background work", decision 011) and returns
 * the outbox features enqueue through. Each message is retried with exponential backoff (8
 * retries from 5 s, about 21 minutes in all) and sent at most once per message id: the handler
 * skips a message already in `mail_deliveries` and records it right after the transport accepts.
 * A crash between acceptance and that record is the one case that can send twice.
 */
export function registerMailJobs(jobs: Jobs, options: MailJobsOptions): MailOutbox {
  const { db, mailer, logger } = options;
  // An attempt that outlived its job (expired and retried) may still be talking to the server.
  const inFlight = new Set<string>();

  jobs.register<MailJobData>({
    name: MAIL_QUEUE,
    concurrency: 2,
    options: { retryLimit: 8, retryDelay: 5, retryBackoff: true, expireInSeconds: options.timeoutSeconds },
    handler: async ({ data }) => {
      const { messageId, message } = data;
      if (!message) return;
      if (inFlight.has(messageId)) throw new Error(`mail ${messageId}: an earlier attempt is still delivering`);
      const [delivered] = await db
        .select({ sentAt: mailDeliveries.sentAt })
        .from(mailDeliveries)
        .where(eq(mailDeliveries.messageId, messageId));
      if (delivered) {
        logger.info({ messageId }, 'mail already delivered; not sending again');
        return;
      }
      inFlight.add(messageId);
      try {
        await mailer.send(message, { messageId });
        await db.insert(mailDeliveries).values({ messageId, recipient: message.to }).onConflictDoNothing();
      } finally {
        inFlight.delete(messageId);
      }
    },
  });

  jobs.register({
    name: MAIL_DELIVERIES_SWEEP_QUEUE,
    schedule: '17 * * * *',
    pollingIntervalSeconds: 30,
    options: { retryLimit: 2, expireInSeconds: 15 * 60 },
    handler: async () => {
      const deleted = await sweepMailDeliveries(db);
      if (deleted > 0) logger.info({ deleted }, 'mail: old delivery records deleted');
    },
  });

  return {
    async enqueue(tx, message, enqueueOptions = {}) {
      const messageId = enqueueOptions.messageId ?? uuidv7();
      await jobs.enqueue<MailJobData>(tx, MAIL_QUEUE, { messageId, message }, { id: messageId });
      return messageId;
    },
  };
}

/**
 * Deletes `mail_deliveries` rows older than MAIL_DELIVERY_RETENTION_MS, 1,000 per statement.
 * @returns how many rows were deleted.
 */
export function sweepMailDeliveries(db: Database, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - MAIL_DELIVERY_RETENTION_MS);
  return deleteInBatches(db, mailDeliveries, mailDeliveries.messageId, lt(mailDeliveries.sentAt, cutoff));
}
