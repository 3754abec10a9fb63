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

/** Socket errors of a connection that is gone or never came (node-postgres passes Node's codes). */
const CONNECTION_ERROR_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);
/**
 * SQLSTATEs of a server that is shutting down, restarting or out of connections (PostgreSQL
 * appendix A): 57P01 admin_shutdown (also pg_terminate_backend), 57P02 crash_shutdown, 57P03
 * cannot_connect_now (starting up, recovering), 53300 too_many_connections, and class 08
 * (connection exceptions).
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
/**
 * node-postgres and pg-pool raise plain Errors without a code for these: the pool's
 * `connectionTimeoutMillis` elapsing, a connection that ended under a query, a client whose
 * connection failed earlier.
 */
const UNAVAILABLE_MESSAGES = [
  'timeout exceeded when trying to connect',
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
];

/**
 * True when `error` (or its cause, as Drizzle wraps driver errors) says the database cannot be
 * reached right now rather than that the statement is wrong: the API then answers 503 with
 * Retry-After (issue #14, "faults survived") instead of 500. node-postgres only.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth += 1) {
    const fields = current as PgErrorFields & { message?: unknown };
    const code = fields.code ?? '';
    if (CONNECTION_ERROR_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
    const message = typeof fields.message === 'string' ? fields.message : '';
    if (UNAVAILABLE_MESSAGES.some((known) => message.startsWith(known))) return true;
    current = fields.cause;
  }
  return false;
}
