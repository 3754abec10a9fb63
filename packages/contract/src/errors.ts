import { z } from 'zod';

/**
 * Every error code the API answers with, and its HTTP status (STYLE §5: one table from code to
 * status). The envelope is PRODUCT §4: `{ errorCode, errorDisplayMessage, errorData }`.
 */
export const errorStatusByCode = {
  VALIDATION_FAILED: 400,
  MALFORMED_REQUEST: 400,
  INVALID_CLIENT: 400,
  WEAK_PASSWORD: 400,
  INVALID_CODE: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  INVALID_REFRESH_TOKEN: 401,
  /** A passcode-protected share link opened without its passcode (issue #9). */
  PASSCODE_REQUIRED: 401,
  /** A wrong passcode for a share link (issue #9); throttled like sign-in. */
  PASSCODE_INVALID: 401,
  PLAN_LIMIT: 402,
  FORBIDDEN: 403,
  ACCOUNT_NOT_ACTIVATED: 403,
  ACCOUNT_DISABLED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  /** A stale `version` on an optimistic-concurrency update; the body's `current` holds the object now. */
  VERSION_CONFLICT: 409,
  EMAIL_TAKEN: 409,
  IDEMPOTENCY_IN_FLIGHT: 409,
  GONE: 410,
  IDEMPOTENCY_KEY_REUSED: 422,
  TOO_MANY_REQUESTS: 429,
  /** Too many failed sign-ins on one account (PRODUCT §5); Retry-After says until when. */
  ACCOUNT_LOCKED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof errorStatusByCode;
export const errorCodes = Object.keys(errorStatusByCode) as [ErrorCode, ...ErrorCode[]];

/** Field name → human message; present on 400s that concern particular fields. */
export const ErrorDataSchema = z.record(z.string(), z.string());
export type ErrorData = z.infer<typeof ErrorDataSchema>;

/** The JSON body of every 4xx/5xx answer of the API (PRODUCT §4). */
export const ErrorEnvelopeSchema = z
  .object({
    errorCode: z.enum(errorCodes),
    errorDisplayMessage: z.string(),
    errorData: ErrorDataSchema.optional(),
    /**
     * On 409 VERSION_CONFLICT only: the object's current state (e.g. a Task), so the client can
     * show what changed instead of overwriting it. `errorData` stays field → message.
     */
    current: z.unknown().optional(),
  })
  .meta({ id: 'ErrorEnvelope' });
export type ErrorEnvelope = z.infer<typeof ErrorEnvelopeSchema>;
