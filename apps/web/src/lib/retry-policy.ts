/** Methods that are never retried (seed §7: idempotent calls are not retried). */
export const IDEMPOTENT_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS']);

/** Statuses on which a non-idempotent call is retried once (seed §7). */
export const RETRY_STATUS_CODES: readonly number[] = [408, 409, 425, 429, 500, 502, 503, 504];

/** How many times a call with `method` may be retried: 0 for idempotent methods, else 1 (seed §7). */
export function getRetryCount(method: string): 0 | 1 {
  return IDEMPOTENT_METHODS.has(method.toUpperCase()) ? 0 : 1;
}

/** True when a failed call with `method` and HTTP `status` should be sent once more (seed §7). */
export function shouldRetry(method: string, status: number): boolean {
  return getRetryCount(method) > 0 && RETRY_STATUS_CODES.includes(status);
}

/**
 * True when a call with `method` carries an `Idempotency-Key` header: every POST and PATCH, so the
 * seed's retry never creates two things (PRODUCT §7, deliberate addition).
 */
export function needsIdempotencyKey(method: string): boolean {
  const upper = method.toUpperCase();
  return upper === 'POST' || upper === 'PATCH';
}

/** True for HTTP statuses the client treats as errors (seed §7: 400 to 599). */
export function isErrorStatus(status: number): boolean {
  return status >= 400 && status <= 599;
}
