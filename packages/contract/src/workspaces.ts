import { z } from 'zod';
import { LoginIdentifierSchema } from './auth.js';
import { payloadOf } from './envelope.js';
import { MemberStatusSchema, SubscriptionTypeSchema, WorkspaceMemberTypeSchema } from './members.js';

/** Cursor pagination of PRODUCT §4 (`limit`, `cursor` → `{ items, nextCursor }`). */
const pageQuery = () =>
  z.object({
    limit: z.coerce.number().int().min(1).max(100).default(50).meta({ description: 'How many items to return, 1–100 (default 50).' }),
    /** The `nextCursor` of the previous page; opaque. */
    cursor: z.string().min(1).max(200).optional().meta({ description: 'The `nextCursor` of the previous page; omit for the first page.' }),
  });

const WorkspaceNameSchema = z
  .string({ error: 'Enter a workspace name.' })
  .trim()
  .min(1, 'Enter a workspace name.')
  .max(100, 'A workspace name can be at most 100 characters.');

const PersonNameSchema = (label: string) =>
  z
    .string({ error: `Enter a ${label}.` })
    .trim()
    .min(1, `Enter a ${label}.`)
    .max(100, `A ${label} can be at most 100 characters.`);

// ---------------------------------------------------------------------------------------------
// Workspaces

/** One of the caller's workspaces with the caller's own membership (GET v1/workspaces). */
export const WorkspaceSummarySchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    subscriptionType: SubscriptionTypeSchema,
    /** The caller's type in this workspace. */
    workspaceMemberType: WorkspaceMemberTypeSchema,
    /** The caller's memberId in this workspace. */
    memberId: z.uuid(),
  })
  .meta({ id: 'WorkspaceSummary' });
export type WorkspaceSummary = z.infer<typeof WorkspaceSummarySchema>;
export const WorkspaceSummaryResponseSchema = payloadOf(WorkspaceSummarySchema);

export const ListWorkspacesQuerySchema = pageQuery();
export type ListWorkspacesQuery = z.infer<typeof ListWorkspacesQuerySchema>;
export const WorkspacePageSchema = z
  .object({ items: z.array(WorkspaceSummarySchema), nextCursor: z.string().nullable() })
  .meta({ id: 'WorkspacePage' });
export const ListWorkspacesResponseSchema = payloadOf(WorkspacePageSchema);

/** POST v1/workspaces body: the creator becomes its OWNER, on the FREE plan (PRODUCT §1). */
export const CreateWorkspaceBodySchema = z.object({ name: WorkspaceNameSchema });
export type CreateWorkspaceBody = z.infer<typeof CreateWorkspaceBodySchema>;

/** PATCH v1/workspaces/{id} body (PRODUCT §3 settings, General tab). */
export const UpdateWorkspaceBodySchema = z.object({ name: WorkspaceNameSchema });
export type UpdateWorkspaceBody = z.infer<typeof UpdateWorkspaceBodySchema>;

// ---------------------------------------------------------------------------------------------
// Members

/** The path parameters of one member's routes: `{id}` and `{memberId}`. */
export const MemberParamsSchema = z.object({
  id: z.uuid().meta({ description: 'The workspace id.' }),
  memberId: z.uuid().meta({ description: 'The member id (a membership, not a person).' }),
});

/**
 * A workspace member as the settings' Members tab lists it (PRODUCT §2). `id` is the memberId;
 * `invitedBy` is the inviter's personId (null for a workspace's creator).
 */
export const MemberSchema = z
  .object({
    id: z.uuid(),
    personId: z.uuid(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.email(),
    workspaceMemberType: WorkspaceMemberTypeSchema,
    status: MemberStatusSchema,
    invitedBy: z.uuid().nullable(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'Member' });
export type Member = z.infer<typeof MemberSchema>;
export const MemberResponseSchema = payloadOf(MemberSchema);

export const ListMembersQuerySchema = pageQuery();
export type ListMembersQuery = z.infer<typeof ListMembersQuerySchema>;
export const MemberPageSchema = z.object({ items: z.array(MemberSchema), nextCursor: z.string().nullable() }).meta({ id: 'MemberPage' });
export const ListMembersResponseSchema = payloadOf(MemberPageSchema);

/**
 * POST v1/workspaces/{id}/members body (seed §7 "member data"). The names are used only when the
 * email has no account yet; a known person keeps their own names.
 */
export const InviteMemberBodySchema = z.object({
  email: LoginIdentifierSchema,
  firstName: PersonNameSchema('first name'),
  lastName: PersonNameSchema('last name'),
  workspaceMemberType: WorkspaceMemberTypeSchema,
});
export type InviteMemberBody = z.infer<typeof InviteMemberBodySchema>;

/** PATCH v1/workspaces/{id}/members/{memberId} body (seed §7 "the change"). */
export const UpdateMemberBodySchema = z.object({ workspaceMemberType: WorkspaceMemberTypeSchema });
export type UpdateMemberBody = z.infer<typeof UpdateMemberBodySchema>;

// ---------------------------------------------------------------------------------------------
// Audit

/** Audited actions (PRODUCT §2: sign-ins, impersonation, role changes, public links, exports). */
export const auditActions = [
  'SIGN_UP',
  'ACCOUNT_ACTIVATED',
  'SIGN_IN',
  'SIGN_OUT',
  'IMPERSONATION_STARTED',
  'PASSWORD_CHANGED',
  'PASSWORD_RESET',
  'REFRESH_TOKEN_REUSE',
  'PLATFORM_ADMIN_GRANTED',
  'PLATFORM_ADMIN_REVOKED',
  'WORKSPACE_CREATED',
  'WORKSPACE_RENAMED',
  'SUBSCRIPTION_CHANGED',
  'MEMBER_INVITED',
  'MEMBER_INVITATION_RESENT',
  'MEMBER_JOINED',
  'MEMBER_ROLE_CHANGED',
  'MEMBER_REMOVED',
  'MEMBER_LEFT',
  'SHARE_LINK_CREATED',
  'SHARE_LINK_REVOKED',
  'PUBLIC_LINKS_TOGGLED',
  'CONTACTS_EXPORTED',
] as const;
export const AuditActionSchema = z.enum(auditActions);
export type AuditAction = z.infer<typeof AuditActionSchema>;

/** One audited action of a workspace (PRODUCT §2 AuditEvent), newest first in lists. */
export const AuditEventSchema = z
  .object({
    id: z.uuid(),
    action: AuditActionSchema,
    actorPersonId: z.uuid().nullable(),
    impersonatorPersonId: z.uuid().nullable(),
    target: z.string().nullable(),
    ip: z.string().nullable(),
    at: z.iso.datetime(),
  })
  .meta({ id: 'AuditEvent' });
export type AuditEvent = z.infer<typeof AuditEventSchema>;

export const ListAuditEventsQuerySchema = pageQuery();
export type ListAuditEventsQuery = z.infer<typeof ListAuditEventsQuerySchema>;
export const AuditEventPageSchema = z
  .object({ items: z.array(AuditEventSchema), nextCursor: z.string().nullable() })
  .meta({ id: 'AuditEventPage' });
export const ListAuditEventsResponseSchema = payloadOf(AuditEventPageSchema);
