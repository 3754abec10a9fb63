import { customType, timestamp, uuid } from 'drizzle-orm/pg-core';
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

/**
 * A jsonb column (use `.$type<T>()` for its shape). Written as `JSON.stringify` of the value, as
 * Drizzle's own `jsonb()` does; read as the driver gives it, because node-postgres and PGlite
 * already parse jsonb. Drizzle's `jsonb()` (0.45) parses a string value a second time
 * (drizzle-orm#3018, #5485): a stored JSON string that reads as JSON — an open-text answer "42",
 * "true" or "null" — came back as a number, a boolean or null, and every other string threw and
 * caught a SyntaxError on each read (issue #13).
 */
export const jsonb = customType<{ data: unknown; driverData: unknown }>({
  dataType: () => 'jsonb',
  toDriver: (value) => JSON.stringify(value),
  fromDriver: (value) => value,
});
