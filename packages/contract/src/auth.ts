import { z } from 'zod';
import { LoginIdentifierSchema, PresentedPasswordSchema } from './auth-forms.js';
import { payloadOf } from './envelope.js';
import { OwnNameSchema, PersonStatusSchema } from './profile.js';

/** Password length bounds in Unicode code points (PRODUCT §5, NIST SP 800-63B-4). */
export const PASSWORD_MIN_LENGTH = 15;
export const PASSWORD_MAX_LENGTH = 128;
/** Passwordless and activation codes: 6 digits (seed §9, PRODUCT §5). */
export const VERIFICATION_CODE_LENGTH = 6;
/** A new code may be requested this long after the previous one (PRODUCT §5). */
export const CODE_RESEND_AFTER_SECONDS = 60;

const codePointLength = (value: string) => [...value].length;

/*
 * The email and presented-password rules (LoginIdentifierSchema, PresentedPasswordSchema) are
 * defined once, with zod/mini, in auth-forms.ts — a module without classic zod, so the browser's
 * sign-in forms validate with these very schemas while the login route loads no classic zod. The
 * classic z.object() bodies below hold them as they would any schema: zod v4's classic and mini
 * schemas run on one core, so parsing, messages, cleaning and z.toJSONSchema (the OpenAPI
 * document) are the same (auth-forms.test.ts). Wrap them with functions — z.nullish(schema) —
 * since mini schemas have no chainable methods.
 */
export { LoginIdentifierSchema, PresentedPasswordSchema };

/**
 * A new password's shape: 15–128 code points, any characters, never truncated. Strength and the
 * breached-password list are checked on the server, which states the reason (PRODUCT §5).
 */
export const NewPasswordSchema = z
  .string({ error: 'Enter a password.' })
  .refine((value) => codePointLength(value) >= PASSWORD_MIN_LENGTH, {
    error: `Use at least ${PASSWORD_MIN_LENGTH} characters.`,
  })
  .refine((value) => codePointLength(value) <= PASSWORD_MAX_LENGTH, {
    error: `Use at most ${PASSWORD_MAX_LENGTH} characters.`,
  });

export const VerificationCodeSchema = z
  .string({ error: 'Enter the code.' })
  .trim()
  .regex(/^\d{6}$/, 'Enter the 6-digit code.');

const NameSchema = OwnNameSchema;

/** POST v1/signup body (seed §3 signup payload). */
export const SignupBodySchema = z.object({
  firstName: NameSchema('first name'),
  lastName: NameSchema('last name'),
  loginIdentifier: LoginIdentifierSchema,
  password: NewPasswordSchema,
});
export type SignupBody = z.infer<typeof SignupBodySchema>;

/** The person a sign-up created or an activation activated (PRODUCT §4: "payload is the user"). */
export const SignupUserSchema = z
  .object({
    id: z.uuid(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.email(),
    status: PersonStatusSchema,
  })
  .meta({ id: 'SignupUser' });
export type SignupUser = z.infer<typeof SignupUserSchema>;
export const SignupResponseSchema = payloadOf(SignupUserSchema);

/** POST v1/signup/activate body (PRODUCT §4). */
export const ActivateBodySchema = z.object({
  loginIdentifier: LoginIdentifierSchema,
  activationCode: VerificationCodeSchema,
});
export type ActivateBody = z.infer<typeof ActivateBodySchema>;

/** POST v1/signup/resend-activation body: mails a fresh activation code. */
export const ResendActivationBodySchema = z.object({ loginIdentifier: LoginIdentifierSchema });
export type ResendActivationBody = z.infer<typeof ResendActivationBodySchema>;

/** The token response (seed §3: access_token, refresh_token, user_id). */
export const TokenPayloadSchema = z
  .object({
    access_token: z.string(),
    refresh_token: z.string(),
    user_id: z.uuid(),
    token_type: z.literal('Bearer'),
    /** Seconds until the access token expires. */
    expires_in: z.number().int().positive(),
  })
  .meta({ id: 'TokenPayload' });
export type TokenPayload = z.infer<typeof TokenPayloadSchema>;
export const TokenResponseSchema = payloadOf(TokenPayloadSchema);
export type TokenResponse = z.infer<typeof TokenResponseSchema>;

/** POST auth/password body (seed §7). */
export const PasswordGrantBodySchema = z.object({
  loginIdentifier: LoginIdentifierSchema,
  password: PresentedPasswordSchema,
  grant_type: z.literal('password', { error: "grant_type must be 'password'." }),
  impersonation_identifier: z.nullish(LoginIdentifierSchema),
  client_id: z.string({ error: 'client_id is required.' }).min(1),
});
export type PasswordGrantBody = z.infer<typeof PasswordGrantBodySchema>;

/** POST auth/token/refresh body (seed §7). */
export const RefreshGrantBodySchema = z.object({
  refresh_token: z.string({ error: 'refresh_token is required.' }).min(1).max(512),
  grant_type: z.literal('refresh_token', { error: "grant_type must be 'refresh_token'." }),
  client_id: z.string({ error: 'client_id is required.' }).min(1),
});
export type RefreshGrantBody = z.infer<typeof RefreshGrantBodySchema>;

/** POST auth/token/revoke body (RFC 7009): signs the session out on the server. */
export const RevokeBodySchema = z.object({
  token: z.string({ error: 'token is required.' }).min(1).max(512),
});
export type RevokeBody = z.infer<typeof RevokeBodySchema>;

/** POST auth/password/update body (seed §7). */
export const PasswordUpdateBodySchema = z.object({
  currentPassword: PresentedPasswordSchema,
  password: NewPasswordSchema,
});
export type PasswordUpdateBody = z.infer<typeof PasswordUpdateBodySchema>;

/** POST auth/password/forgot body (seed §7). */
export const PasswordForgotBodySchema = z.object({ loginIdentifier: LoginIdentifierSchema });
export type PasswordForgotBody = z.infer<typeof PasswordForgotBodySchema>;

const ActionCodeSchema = z.string({ error: 'The reset link is incomplete.' }).min(1, 'The reset link is incomplete.').max(128);

/** POST auth/password/reset/validate-code body and answer (seed §7). */
export const ValidateResetCodeBodySchema = z.object({ actionCode: ActionCodeSchema });
export type ValidateResetCodeBody = z.infer<typeof ValidateResetCodeBodySchema>;
export const ValidateResetCodeResponseSchema = payloadOf(z.object({ isActive: z.boolean() }));

/** POST auth/password/reset body (seed §7). */
export const PasswordResetBodySchema = z.object({
  actionCode: ActionCodeSchema,
  password: NewPasswordSchema,
});
export type PasswordResetBody = z.infer<typeof PasswordResetBodySchema>;

/** POST auth/passwordless body and answer (seed §7: payload.timestamp, ms since the epoch). */
export const PasswordlessBodySchema = z.object({
  loginIdentifier: LoginIdentifierSchema,
  clientId: z.string({ error: 'clientId is required.' }).min(1),
});
export type PasswordlessBody = z.infer<typeof PasswordlessBodySchema>;
export const PasswordlessResponseSchema = payloadOf(z.object({ timestamp: z.number().int() }));

/** POST auth/passwordless/verify body (seed §7). */
export const PasswordlessVerifyBodySchema = z.object({
  verificationToken: VerificationCodeSchema,
  loginIdentifier: LoginIdentifierSchema,
  originalTimestamp: z.number({ error: 'originalTimestamp is required.' }).int(),
  impersonationIdentifier: z.nullish(LoginIdentifierSchema),
  clientId: z.string({ error: 'clientId is required.' }).min(1),
});
export type PasswordlessVerifyBody = z.infer<typeof PasswordlessVerifyBodySchema>;
