import { createHmac, randomBytes, randomInt } from 'node:crypto';

/**
 * Random values and keyed hashes for codes and tokens (node:crypto; nothing hand-made).
 * Codes and tokens are stored as HMAC-SHA256 with a server-side pepper, so a leaked table
 * cannot be brute-forced offline, not even the 6-digit codes.
 */
export function keyedHash(pepper: string, value: string): string {
  return createHmac('sha256', pepper).update(value).digest('base64url');
}

/** A 6-digit code from a CSPRNG, leading zeros kept (PRODUCT §5). */
export function generateDigitCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0');
}

/** An opaque token of `bytes` random bytes (default 32 = 256 bits), base64url. */
export function generateToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}
