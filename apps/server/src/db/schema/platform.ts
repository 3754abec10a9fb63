import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { id, jsonb } from './columns.js';
import { people } from './people.js';
import { workspaces } from './workspaces.js';

/** Who did what, when, from where; both identities under impersonation (PRODUCT §2, §5). */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: id(),
    workspaceId: uuid().references(() => workspaces.id, { onDelete: 'cascade' }),
    actorPersonId: uuid().references(() => people.id, { onDelete: 'set null' }),
    impersonatorPersonId: uuid().references(() => people.id, { onDelete: 'set null' }),
    action: text().notNull(),
    target: text(),
    ip: text(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_events_workspace_at_idx').on(t.workspaceId, t.at)],
);

/**
 * Stored first answers per Idempotency-Key (PRODUCT §7): a replay returns the stored answer,
 * another body under the same key is 422, a duplicate in flight is 409. Kept 24 hours.
 * An attempt holds the key for a lease (IDEMPOTENCY_LEASE_SECONDS, issue #14); the work's own
 * transaction marks the key committed, so an attempt that died unanswered is told apart from
 * one whose work never committed (plugins/idempotency.ts).
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    /** The caller's key, scoped: `{principal}:{key}`. */
    scopedKey: text().primaryKey(),
    method: text().notNull(),
    path: text().notNull(),
    requestHash: text().notNull(),
    /** Null while the first request is in flight. */
    responseStatus: integer(),
    responseBody: jsonb(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Which attempt holds the key: a replay after the lease takes it over as the next one. */
    attempt: integer().notNull().default(1),
    /** When the holding attempt claimed the key; its lease runs from here. */
    claimedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Set inside the work's transaction: the work committed (an answer may still be missing). */
    committedAt: timestamp({ withTimezone: true }),
    /** The committed transaction's result, from which a lost answer is rebuilt. */
    committedResult: jsonb(),
  },
  (t) => [index('idempotency_keys_created_idx').on(t.createdAt)],
);
