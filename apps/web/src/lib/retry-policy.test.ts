import { describe, expect, it } from 'vitest';
import { getRetryCount, isErrorStatus, needsIdempotencyKey, RETRY_STATUS_CODES, shouldRetry } from './retry-policy';

describe('retry rule (seed §7, PRODUCT §7)', () => {
  it('never retries idempotent methods', () => {
    for (const method of ['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS', 'get']) {
      expect(getRetryCount(method)).toBe(0);
      for (const status of RETRY_STATUS_CODES) expect(shouldRetry(method, status)).toBe(false);
    }
  });

  it('retries POST and PATCH once on 408, 409, 425, 429, 500, 502, 503, 504 only', () => {
    for (const method of ['POST', 'PATCH']) {
      expect(getRetryCount(method)).toBe(1);
      for (const status of [408, 409, 425, 429, 500, 502, 503, 504]) expect(shouldRetry(method, status)).toBe(true);
      for (const status of [400, 401, 403, 404, 410, 422, 501]) expect(shouldRetry(method, status)).toBe(false);
    }
  });

  it('puts an Idempotency-Key on POST and PATCH only', () => {
    expect(needsIdempotencyKey('POST')).toBe(true);
    expect(needsIdempotencyKey('patch')).toBe(true);
    expect(needsIdempotencyKey('GET')).toBe(false);
    expect(needsIdempotencyKey('PUT')).toBe(false);
  });

  it('treats 400 to 599 as errors', () => {
    expect(isErrorStatus(399)).toBe(false);
    expect(isErrorStatus(400)).toBe(true);
    expect(isErrorStatus(599)).toBe(true);
    expect(isErrorStatus(600)).toBe(false);
  });
});
