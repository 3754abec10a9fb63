import { index, integer, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { id } from './columns.js';
import { people } from './people.js';

export const refreshTokenStatus = pgEnum('refresh_token_status', ['ACTIVE', 'ROTATED', 'REVOKED']);

/**
 * Refresh tokens (PRODUCT §5): stored as a keyed hash, grouped in families that rotate on every
 * use. familyId doubles as the session id carried in the access token's `sid` claim.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: id(),
    familyId: uuid().notNull(),
    personId: uuid()
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    /** Set when a platform admin acts as personId (RFC 8693 `act`). */
    impersonatorPersonId: uuid().references(() => people.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull().unique(),
    parentId: uuid(),
    status: refreshTokenStatus().notNull().default('ACTIVE'),
    clientId: text().notNull(),
    rotatedAt: timestamp({ withTimezone: true }),
    familyExpiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('refresh_tokens_family_idx').on(t.familyId),
    index('refresh_tokens_person_idx').on(t.personId),
    // The sweep of expired families (features/auth/sweeps.ts).
    index('refresh_tokens_family_expires_idx').on(t.familyExpiresAt),
  ],
);

export const oneTimeCodePurpose = pgEnum('one_time_code_purpose', ['ACTIVATION', 'PASSWORDLESS', 'PASSWORD_RESET']);

/** Activation, passwordless and reset codes (PRODUCT §5): hashed, single use, expiring. */
export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: id(),
    personId: uuid()
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    purpose: oneTimeCodePurpose().notNull(),
    codeHash: text().notNull(),
    failedAttempts: integer().notNull().default(0),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    /** Set when used, burned by wrong tries, or replaced by a newer code. */
    consumedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('one_time_codes_person_purpose_idx').on(t.personId, t.purpose),
    index('one_time_codes_hash_idx').on(t.codeHash),
    // The sweep of expired codes (features/auth/sweeps.ts).
    index('one_time_codes_expires_idx').on(t.expiresAt),
  ],
);

/**
 * Attempt counters keyed by e.g. `signin:account:{email}`, `signin:ip:{ip}`, `mail:{email}`.
 * Rows are locked while counted so limits are exact under parallel attempts (PRODUCT §5).
 */
export const authThrottles = pgTable(
  'auth_throttles',
  {
    key: text().primaryKey(),
    count: integer().notNull().default(0),
    windowStartedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  // The sweep of rows whose every window is over (features/auth/sweeps.ts).
  (t) => [index('auth_throttles_last_at_idx').on(t.lastAt)],
);
