import type { ErrorData } from '@tandem/contract';

/** Fields of an {@link ApiError} besides the message. */
export interface ApiErrorInit {
  /** HTTP status; 0 when the server could not be reached. */
  status: number;
  /** The contract's errorCode, or 'NETWORK_ERROR' / 'UNKNOWN_ERROR' when the body had none. */
  errorCode: string;
  errorDisplayMessage: string | null;
  /** Field name → message (PRODUCT §4), shown on the form fields. */
  errorData: ErrorData | null;
  /** The body's `payload`, when an error answer carried one (seed §8: payload.error_message). */
  payload: unknown;
  /** On 409 VERSION_CONFLICT: the object's current state (contract errors.ts), to be parsed by the caller. */
  current?: unknown;
  /** The Retry-After header in seconds (e.g. a 429 ACCOUNT_LOCKED: until when), or null. */
  retryAfterSeconds?: number | null;
}

/**
 * The one error type of every failed API call (STYLE §5): statuses 400–599 and network failures.
 * `message` is the text a person should read (see getApiErrorMessage).
 */
export class ApiError extends Error {
  readonly status: number;
  readonly errorCode: string;
  readonly errorDisplayMessage: string | null;
  readonly errorData: ErrorData | null;
  readonly payload: unknown;
  readonly current: unknown;
  readonly retryAfterSeconds: number | null;

  constructor(init: ApiErrorInit, message?: string) {
    super(message ?? init.errorDisplayMessage ?? 'An error occurred.');
    this.name = 'ApiError';
    this.status = init.status;
    this.errorCode = init.errorCode;
    this.errorDisplayMessage = init.errorDisplayMessage;
    this.errorData = init.errorData;
    this.payload = init.payload;
    this.current = init.current;
    this.retryAfterSeconds = init.retryAfterSeconds ?? null;
  }
}

/** True for an {@link ApiError}. */
export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/**
 * Builds an ApiError from an HTTP status and a parsed JSON body of any shape, read with the
 * contract's ErrorEnvelopeWireSchema (PRODUCT §4; never by hand): what is not an envelope keeps
 * only the status. `headers` gives Retry-After. The schema (zod/mini) loads with the first failed answer, so the first page's
 * JavaScript does not carry it.
 */
export async function createApiError(status: number, body: unknown, headers?: Headers): Promise<ApiError> {
  const { ErrorEnvelopeWireSchema } = await import('@tandem/contract');
  const parsed = ErrorEnvelopeWireSchema.safeParse(body);
  const envelope = parsed.success ? parsed.data : {};
  return new ApiError({
    status,
    errorCode: envelope.errorCode ?? 'UNKNOWN_ERROR',
    errorDisplayMessage: envelope.errorDisplayMessage || null,
    errorData: envelope.errorData ?? null,
    payload: envelope.payload,
    current: envelope.current,
    retryAfterSeconds: parseRetryAfterSeconds(headers?.get('retry-after')),
  });
}

/** Retry-After as delay-seconds (RFC 9110 §10.2.3; the API never sends the date form), or null. */
function parseRetryAfterSeconds(value: string | null | undefined): number | null {
  if (!value || !/^\d+$/.test(value.trim())) return null;
  return Number(value.trim());
}
