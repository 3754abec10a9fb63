import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkLoginIdentifier, checkPresentedPassword, emailFormChecks, signInFormChecks, type FieldVerdict } from './auth-forms.js';
import { LoginIdentifierSchema, PresentedPasswordSchema } from './auth.js';

/** What the zod schema tells a form about one field: the value, or the first message. */
const zodVerdict = (schema: typeof LoginIdentifierSchema | typeof PresentedPasswordSchema, input: unknown): FieldVerdict => {
  const result = schema.safeParse(input);
  return result.success ? { ok: true, value: result.data } : { ok: false, message: result.error.issues[0]!.message };
};

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

describe('sign-in field checks (plain twins of auth.ts, PRODUCT §5)', () => {
  it('treat emails exactly like LoginIdentifierSchema: same cleaned value, same first message', () => {
    fc.assert(
      fc.property(fc.oneof(emailish, anything), (input) => {
        expect(checkLoginIdentifier(input)).toEqual(zodVerdict(LoginIdentifierSchema, input));
      }),
      { numRuns: 1000 },
    );
  });

  it('treat presented passwords exactly like PresentedPasswordSchema', () => {
    fc.assert(
      fc.property(anything, (input) => {
        expect(checkPresentedPassword(input)).toEqual(zodVerdict(PresentedPasswordSchema, input));
      }),
      { numRuns: 500 },
    );
  });

  it('state the reasons a person reads', () => {
    expect(checkLoginIdentifier(' Ada@Example.COM ')).toEqual({ ok: true, value: 'ada@example.com' });
    expect(checkLoginIdentifier('ada')).toEqual({ ok: false, message: 'Enter a valid email address.' });
    expect(checkLoginIdentifier(emailOfLength(255))).toEqual({ ok: false, message: 'That email address is too long.' });
    expect(checkPresentedPassword('')).toEqual({ ok: false, message: 'Enter your password.' });
  });

  it('name the fields of the forms that use them', () => {
    expect(Object.keys(signInFormChecks)).toEqual(['loginIdentifier', 'password']);
    expect(Object.keys(emailFormChecks)).toEqual(['loginIdentifier']);
  });
});
