/** The PostgreSQL error fields we read; node-postgres and PGlite both set them. */
interface PgErrorFields {
  code?: string;
  constraint?: string;
  cause?: unknown;
}

/**
 * The constraint name of a unique violation (SQLSTATE 23505), or null for any other error.
 * Drizzle wraps driver errors in `DrizzleQueryError`, so the cause chain is followed.
 */
export function findUniqueViolation(error: unknown): string | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth += 1) {
    const fields = current as PgErrorFields;
    if (fields.code === '23505') return fields.constraint ?? '';
    current = fields.cause;
  }
  return null;
}
