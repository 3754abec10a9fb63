import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One row per mail the transport accepted, keyed by the message id the mail job carries
 * (decision 011): the mail handler checks it before sending and writes it right after the
 * transport accepts, so a retried or restarted job never sends the same message twice.
 * Only the recipient is kept, never the body (it holds codes and links).
 */
export const mailDeliveries = pgTable(
  'mail_deliveries',
  {
    messageId: text().primaryKey(),
    recipient: text().notNull(),
    sentAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mail_deliveries_sent_at_idx').on(t.sentAt)],
);
