import { timestamp, uuid } from 'drizzle-orm/pg-core';
import { v7 as uuidv7 } from 'uuid';

/** Primary key: a time-ordered UUIDv7 generated in the app (PRODUCT §2). */
export const id = () =>
  uuid()
    .primaryKey()
    .$defaultFn(() => uuidv7());

/** createdAt/updatedAt carried by every row (PRODUCT §2). */
export const timestamps = {
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

/**
 * A moment with millisecond precision: JavaScript dates (and the page cursors built from them) carry
 * milliseconds, so a keyset comparison on a stored microsecond value would skip or repeat rows.
 */
export const instant = () => timestamp({ withTimezone: true, precision: 3 });
