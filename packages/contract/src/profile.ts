import { z } from 'zod';
import { payloadOf } from './envelope.js';
import { SubscriptionTypeSchema, WorkspaceMemberTypeSchema } from './members.js';
import { ThemePreferenceSchema } from './themes.js';

/** The longest first or last name, in characters (sign-up and the account page, issue #8). */
export const PERSON_NAME_MAX_LENGTH = 100;

/**
 * A person's own first or last name (`label`: 'first name' | 'last name'): trimmed, 1–100
 * characters. The one rule of sign-up (SignupBodySchema) and the account page (ProfileUpdateBodySchema).
 */
export const OwnNameSchema = (label: string) =>
  z
    .string({ error: `Enter your ${label}.` })
    .trim()
    .min(1, `Enter your ${label}.`)
    .max(PERSON_NAME_MAX_LENGTH, `Your ${label} can be at most ${PERSON_NAME_MAX_LENGTH} characters.`);

/** A workspace member as the profile lists it (seed §3), plus its own id (the memberId). */
export const WorkspaceMemberSchema = z
  .object({
    id: z.uuid(),
    personId: z.uuid(),
    firstName: z.string(),
    lastName: z.string(),
    workspaceMemberType: WorkspaceMemberTypeSchema,
    hasNewActivityItems: z.boolean(),
  })
  .meta({ id: 'WorkspaceMember' });
export type WorkspaceMember = z.infer<typeof WorkspaceMemberSchema>;

/** A workspace as the profile lists it (seed §3). */
export const WorkspaceSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    subscriptionType: SubscriptionTypeSchema,
    members: z.array(WorkspaceMemberSchema),
  })
  .meta({ id: 'Workspace' });
export type Workspace = z.infer<typeof WorkspaceSchema>;

export const personStatuses = ['PENDING_ACTIVATION', 'ACTIVE', 'DISABLED'] as const;
export const PersonStatusSchema = z.enum(personStatuses);

/**
 * The current user (seed §3: id, firstName, lastName, email, workspaces[]). `impersonator` is set
 * while a platform admin views as this user (PRODUCT §5), so the UI can show its banner.
 */
export const ProfileSchema = z
  .object({
    id: z.uuid(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.email(),
    status: PersonStatusSchema,
    /** 'system' follows the device's light/dark preference (issue #8). */
    themePreference: ThemePreferenceSchema,
    workspaces: z.array(WorkspaceSchema),
    impersonator: z.object({ id: z.uuid(), firstName: z.string(), lastName: z.string() }).nullable(),
  })
  .meta({ id: 'Profile' });
export type Profile = z.infer<typeof ProfileSchema>;

export const ProfileResponseSchema = payloadOf(ProfileSchema);
export type ProfileResponse = z.infer<typeof ProfileResponseSchema>;

/**
 * PATCH v1/profile body: the signed-in person's own names (the rules of sign-up) and theme
 * preference (PRODUCT §2, issue #8); every field optional.
 */
export const ProfileUpdateBodySchema = z
  .object({
    firstName: OwnNameSchema('first name'),
    lastName: OwnNameSchema('last name'),
    themePreference: ThemePreferenceSchema,
  })
  .partial();

/** The account page's name form (issue #8): both names, the rules of {@link ProfileUpdateBodySchema}. */
export const AccountNameFormSchema = z.object({
  firstName: OwnNameSchema('first name'),
  lastName: OwnNameSchema('last name'),
});
export type AccountNameForm = z.infer<typeof AccountNameFormSchema>;
export type ProfileUpdateBody = z.infer<typeof ProfileUpdateBodySchema>;

/** GET v1/client-config: the explicit allow-list of settings the browser may see (STYLE §6). */
export const ClientConfigSchema = z.object({
  /** posthog project key; null when analytics is off. */
  posthogKey: z.string().nullable(),
  posthogHost: z.string().nullable(),
  /** 'local' on a developer's machine; analytics never runs there (seed §7). */
  environment: z.enum(['local', 'production', 'test']),
});
export type ClientConfig = z.infer<typeof ClientConfigSchema>;
export const ClientConfigResponseSchema = payloadOf(ClientConfigSchema);
