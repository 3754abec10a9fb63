import { z } from 'zod';
import { payloadOf } from './envelope.js';
import { SubscriptionTypeSchema, WorkspaceMemberTypeSchema } from './members.js';
import { ThemeNameSchema } from './themes.js';

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
    themePreference: ThemeNameSchema,
    workspaces: z.array(WorkspaceSchema),
    impersonator: z.object({ id: z.uuid(), firstName: z.string(), lastName: z.string() }).nullable(),
  })
  .meta({ id: 'Profile' });
export type Profile = z.infer<typeof ProfileSchema>;

export const ProfileResponseSchema = payloadOf(ProfileSchema);
export type ProfileResponse = z.infer<typeof ProfileResponseSchema>;

/** PATCH v1/profile body: the signed-in person's own names and theme (PRODUCT §2). */
export const ProfileUpdateBodySchema = z
  .object({
    firstName: z.string().trim().min(1, 'Enter your first name.').max(100),
    lastName: z.string().trim().min(1, 'Enter your last name.').max(100),
    themePreference: ThemeNameSchema,
  })
  .partial();
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
