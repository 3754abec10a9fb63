import { regexes } from 'zod/v4/core';

/**
 * The sign-in screens' field checks as plain functions: the same rules, cleaning and first
 * message as LoginIdentifierSchema and PresentedPasswordSchema in auth.ts (PRODUCT §5), for the
 * browser's login route, which cannot afford zod's runtime (its core is shared with every other
 * screen's schemas: ~15 KB gzipped). auth.ts stays the source of truth for the server and the
 * OpenAPI document; auth-forms.test.ts proves both agree on every input (fast-check).
 */

/** What one check says about one field: the cleaned value, or the message a person reads. */
export type FieldVerdict = { ok: true; value: string } | { ok: false; message: string };

/** The checks of one form: field name → check. */
export type FieldChecks = Record<string, (input: unknown) => FieldVerdict>;

const EMAIL_MAX_LENGTH = 254;
const PRESENTED_PASSWORD_MAX_LENGTH = 1024;

/**
 * An email address, trimmed and lower-cased (LoginIdentifierSchema's rule): zod's email pattern,
 * at most 254 characters.
 */
export function checkLoginIdentifier(input: unknown): FieldVerdict {
  if (typeof input !== 'string') return { ok: false, message: 'Enter your email address.' };
  const value = input.trim().toLowerCase();
  if (!regexes.email.test(value)) return { ok: false, message: 'Enter a valid email address.' };
  if (value.length > EMAIL_MAX_LENGTH) return { ok: false, message: 'That email address is too long.' };
  return { ok: true, value };
}

/** A password being presented: any non-empty string up to 1024 characters (PresentedPasswordSchema). */
export function checkPresentedPassword(input: unknown): FieldVerdict {
  if (typeof input !== 'string' || input.length < 1) return { ok: false, message: 'Enter your password.' };
  if (input.length > PRESENTED_PASSWORD_MAX_LENGTH) return { ok: false, message: 'That password is too long.' };
  return { ok: true, value: input };
}

/** The /auth/login form: email and password (the fields of POST auth/password, seed §7). */
export const signInFormChecks = { loginIdentifier: checkLoginIdentifier, password: checkPresentedPassword } satisfies FieldChecks;

/** The email-only forms: /auth/passwordless and /auth/forgot-password. */
export const emailFormChecks = { loginIdentifier: checkLoginIdentifier } satisfies FieldChecks;
