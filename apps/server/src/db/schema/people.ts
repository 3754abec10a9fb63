import { sql } from 'drizzle-orm';
import { boolean, pgEnum, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { DEFAULT_THEME_PREFERENCE, personStatuses, themePreferences } from '@tandem/contract';
import { id, timestamps } from './columns.js';

export const personStatus = pgEnum('person_status', personStatuses);
/** A person's theme preference (issue #8): 'system' or one of the 14 themes (seed §1). */
export const themeName = pgEnum('theme_name', themePreferences);

/** A person who can sign in (PRODUCT §2). email is stored lower-case and is the loginIdentifier. */
export const people = pgTable(
  'people',
  {
    id: id(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    email: text().notNull(),
    /** Argon2id PHC string; null for code-only sign-in. */
    passwordHash: text(),
    status: personStatus().notNull().default('PENDING_ACTIVATION'),
    isPlatformAdmin: boolean().notNull().default(false),
    themePreference: themeName().notNull().default(DEFAULT_THEME_PREFERENCE),
    /**
     * True from sign-up until the person answers the first-run question "Are you the executive or
     * an assistant?" (PRODUCT §1, issue #8: asked on every signed-in landing until answered).
     */
    firstRunPending: boolean().notNull().default(false),
    ...timestamps,
  },
  (t) => [uniqueIndex('people_email_key').on(sql`lower(${t.email})`)],
);
