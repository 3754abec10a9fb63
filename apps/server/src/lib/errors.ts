import { errorStatusByCode, type ErrorCode, type ErrorData } from '@tandem/contract';

/**
 * The one error type handlers throw (STYLE §5). The error handler turns it into the envelope of
 * PRODUCT §4 with the status of `errorStatusByCode`.
 */
export class AppError extends Error {
  override name = 'AppError';
  readonly statusCode: number;
  /** On 409 VERSION_CONFLICT: the object's current state, sent as the envelope's `current`. */
  current?: unknown;

  constructor(
    readonly errorCode: ErrorCode,
    readonly errorDisplayMessage: string,
    readonly errorData?: ErrorData,
    /** Extra response headers, e.g. Retry-After on 429. */
    readonly headers?: Record<string, string>,
  ) {
    super(errorDisplayMessage);
    this.statusCode = errorStatusByCode[errorCode];
  }
}

/** 404 for a missing object or one in another workspace (PRODUCT §6: never 403 there). */
export const notFound = (what = 'That item') => new AppError('NOT_FOUND', `${what} was not found.`);

/** 429 with Retry-After in whole seconds (at least 1). */
export function tooManyRequests(message: string, retryAfterMs: number): AppError {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return new AppError('TOO_MANY_REQUESTS', message, undefined, { 'retry-after': String(seconds) });
}

/** 400 for one field. */
export const invalidField = (field: string, message: string, code: ErrorCode = 'VALIDATION_FAILED') =>
  new AppError(code, message, { [field]: message });

/**
 * 409 VERSION_CONFLICT for a stale optimistic-concurrency `version`; the envelope's `current`
 * carries `current` (the object as it is now) so the client never overwrites unseen changes.
 */
export function versionConflict(message: string, current: unknown): AppError {
  const error = new AppError('VERSION_CONFLICT', message);
  error.current = current;
  return error;
}
