import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { EmailFormSchema, SignInFormSchema } from './auth-forms.js';
import {
  LoginIdentifierSchema,
  PasswordForgotBodySchema,
  PasswordGrantBodySchema,
  PasswordlessBodySchema,
  PresentedPasswordSchema,
} from './auth.js';

/** What a schema tells about one field of a body: the cleaned value, or the field's first message. */
function fieldVerdict(schema: z.core.$ZodType, body: unknown, field: string) {
  const result = z.safeParse(schema, body);
  if (result.success) return { ok: true, value: (result.data as Record<string, unknown>)[field] };
  const issue = result.error.issues.find((candidate) => candidate.path[0] === field);
  return issue ? { ok: false, message: issue.message } : { ok: true, value: undefined };
}

/** A valid-looking address of exactly `length` characters: around the 254 limit. */
function emailOfLength(length: number): string {
  const labels: string[] = [];
  for (let rest = length - 'ceo@'.length - '.com'.length; rest > 0; rest -= 51) labels.push('d'.repeat(Math.min(rest, 50)));
  return `ceo@${labels.join('.')}.com`.padStart(length, 'x');
}

/** Strings that look like what people type into an email field, and what they get wrong. */
const emailish = fc.oneof(
  fc.emailAddress(),
  fc.emailAddress().map((email) => `  ${email.toUpperCase()}\t`),
  fc.emailAddress().map((email) => email.replace('@', '')),
  fc.emailAddress().map((email) => email.replace(/\.[a-z]+$/, '.c')),
  fc.integer({ min: 250, max: 258 }).map(emailOfLength),
  fc.string(),
  fc.constantFrom('', ' ', 'a@b', 'A@B.CO', '.a@b.co', 'a..b@c.co', 'ÄDA@example.com'),
);
const anything = fc.oneof(
  fc.string(),
  fc.string({ minLength: 1020, maxLength: 1030 }),
  fc.integer(),
  fc.constantFrom(null, undefined, '', true, {}),
);

describe('sign-in form schemas (zod/mini, PRODUCT §5)', () => {
  it("are made of the very field schemas of the server's request bodies", () => {
    expect(SignInFormSchema.shape.loginIdentifier).toBe(LoginIdentifierSchema);
    expect(SignInFormSchema.shape.password).toBe(PresentedPasswordSchema);
    expect(EmailFormSchema.shape.loginIdentifier).toBe(LoginIdentifierSchema);
    expect(PasswordGrantBodySchema.shape.loginIdentifier).toBe(LoginIdentifierSchema);
    expect(PasswordGrantBodySchema.shape.password).toBe(PresentedPasswordSchema);
    expect(PasswordlessBodySchema.shape.loginIdentifier).toBe(LoginIdentifierSchema);
    expect(PasswordForgotBodySchema.shape.loginIdentifier).toBe(LoginIdentifierSchema);
    expect(Object.keys(SignInFormSchema.shape)).toEqual(['loginIdentifier', 'password']);
    expect(Object.keys(EmailFormSchema.shape)).toEqual(['loginIdentifier']);
  });

  // The server's bodies are classic z.object()s holding these zod/mini schemas; zod v4 runs both
  // on one core. These properties hold that mix to what the forms see (same cleaning, same first
  // message), so a zod upgrade that changed it would fail here.
  it("treat emails exactly like the server's bodies: same cleaned value, same first message", () => {
    fc.assert(
      fc.property(fc.oneof(emailish, anything), (loginIdentifier) => {
        const verdict = fieldVerdict(EmailFormSchema, { loginIdentifier }, 'loginIdentifier');
        const password = 'orchard lantern';
        expect(fieldVerdict(SignInFormSchema, { loginIdentifier, password }, 'loginIdentifier')).toEqual(verdict);
        const grant = { loginIdentifier, password, grant_type: 'password', client_id: 'web' };
        expect(fieldVerdict(PasswordGrantBodySchema, grant, 'loginIdentifier')).toEqual(verdict);
        expect(fieldVerdict(PasswordlessBodySchema, { loginIdentifier, clientId: 'web' }, 'loginIdentifier')).toEqual(verdict);
        expect(fieldVerdict(PasswordForgotBodySchema, { loginIdentifier }, 'loginIdentifier')).toEqual(verdict);
      }),
      { numRuns: 1000 },
    );
  });

  it('treat presented passwords exactly like POST auth/password', () => {
    fc.assert(
      fc.property(anything, (password) => {
        const body = { loginIdentifier: 'ada@example.com', password, grant_type: 'password', client_id: 'web' };
        expect(fieldVerdict(SignInFormSchema, body, 'password')).toEqual(fieldVerdict(PasswordGrantBodySchema, body, 'password'));
      }),
      { numRuns: 500 },
    );
  });

  it('state the reasons a person reads, and clean the email', () => {
    const check = (body: unknown, field: string) => fieldVerdict(SignInFormSchema, body, field);
    expect(check({ loginIdentifier: ' Ada@Example.COM ', password: 'x' }, 'loginIdentifier')).toEqual({
      ok: true,
      value: 'ada@example.com',
    });
    expect(check({ loginIdentifier: 'ada' }, 'loginIdentifier')).toEqual({ ok: false, message: 'Enter a valid email address.' });
    expect(check({ loginIdentifier: emailOfLength(255) }, 'loginIdentifier')).toEqual({
      ok: false,
      message: 'That email address is too long.',
    });
    expect(check({}, 'loginIdentifier')).toEqual({ ok: false, message: 'Enter your email address.' });
    expect(check({ password: '' }, 'password')).toEqual({ ok: false, message: 'Enter your password.' });
    expect(check({}, 'password')).toEqual({ ok: false, message: 'Enter your password.' });
    expect(check({ password: 'x'.repeat(1025) }, 'password')).toEqual({ ok: false, message: 'That password is too long.' });
    expect(check({ loginIdentifier: 'ada@example.com', password: ' orchard lantern ' }, 'password')).toEqual({
      ok: true,
      value: ' orchard lantern ',
    });
  });

  it('describe the fields in the OpenAPI document as before (z.toJSONSchema of the classic bodies)', () => {
    const input = z.toJSONSchema(PasswordGrantBodySchema, { io: 'input', target: 'openapi-3.0' });
    expect(input.properties).toMatchObject({
      loginIdentifier: { type: 'string' },
      password: { type: 'string', minLength: 1, maxLength: 1024 },
      impersonation_identifier: { type: 'string', nullable: true },
    });
    expect(input.required).toEqual(['loginIdentifier', 'password', 'grant_type', 'client_id']);
    expect(z.toJSONSchema(LoginIdentifierSchema, { io: 'output' })).toMatchObject({ type: 'string', format: 'email', maxLength: 254 });
  });
});
