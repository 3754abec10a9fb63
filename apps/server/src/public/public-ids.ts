import { createHash } from 'node:crypto';
import { customAlphabet } from 'nanoid';

/** The 62 characters of a public identifier: digits, upper- and lower-case letters. */
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** 22 base62 characters carry 22 × log2(62) ≈ 131 random bits, at least the 128 of PRODUCT §5. */
export const PUBLIC_ID_LENGTH = 22;
const PUBLIC_ID_PATTERN = /^[0-9A-Za-z]{22}$/;

const generate = customAlphabet(BASE62, PUBLIC_ID_LENGTH);

/**
 * A new public identifier for a share link (/b, /q, /s; PRODUCT §2 PublicLink, §5): 22 base62
 * characters from the CSPRNG (nanoid's unbiased sampling), unguessable and URL-safe.
 */
export function createPublicId(): string {
  return generate();
}

/** True when `value` has the shape of a public identifier (checked before any lookup). */
export function isPublicId(value: string): boolean {
  return PUBLIC_ID_PATTERN.test(value);
}

/**
 * The stored form of a public identifier the app never needs to show again (docs/decisions/012):
 * SHA-256, base64url. A 128-bit random id needs no salt or slow hash: it cannot be brute-forced,
 * and a leaked table then holds no working links.
 */
export function hashPublicId(publicId: string): string {
  return createHash('sha256').update(publicId).digest('base64url');
}
