import * as zm from 'zod/mini';

/*
 * The sign-in fields' rules and the sign-in screens' form schemas, written with zod/mini (the same
 * zod, without the chainable methods). This is the one definition of LoginIdentifierSchema and
 * PresentedPasswordSchema: auth.ts re-exports them and its classic request bodies
 * (PasswordGrantBodySchema, PasswordlessBodySchema, PasswordForgotBodySchema…) hold them, so the
 * browser checks what the server will, with the same messages. This module imports no classic zod
 * and no classic schema, so the login route loads zod's core and mini only (bench/README.md "Login
 * route bundle"); keep it that way. react-hook-form validates with the form schemas through
 * zodResolver (the web app's useZodForm).
 */

/** An email address, trimmed and lower-cased: the person's loginIdentifier (PRODUCT §2). */
export const LoginIdentifierSchema = zm.pipe(
  zm.string({ error: 'Enter your email address.' }).check(zm.trim(), zm.toLowerCase()),
  zm.email({ error: 'Enter a valid email address.' }).check(zm.maxLength(254, 'That email address is too long.')),
);

/** A password being presented (sign-in, current password): any non-empty string. */
export const PresentedPasswordSchema = zm
  .string({ error: 'Enter your password.' })
  .check(zm.minLength(1, 'Enter your password.'), zm.maxLength(1024, 'That password is too long.'));

/** /auth/login: the email and password of POST auth/password (seed §7). */
export const SignInFormSchema = zm.object({
  loginIdentifier: LoginIdentifierSchema,
  password: PresentedPasswordSchema,
});
export type SignInForm = zm.output<typeof SignInFormSchema>;

/** /auth/passwordless and /auth/forgot-password: the email of POST auth/passwordless and auth/password/forgot. */
export const EmailFormSchema = zm.object({ loginIdentifier: LoginIdentifierSchema });
export type EmailForm = zm.output<typeof EmailFormSchema>;
