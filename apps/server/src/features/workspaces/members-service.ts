import { eq } from 'drizzle-orm';
import {
  workspaceMemberTypeLabels,
  type InviteMemberBody,
  type Member,
  type SubscriptionType,
  type WorkspaceMemberType,
} from '@tandem/contract';
import type { Database, Queryable } from '../../db/client.js';
import { people, workspaces } from '../../db/schema/index.js';
import { findUniqueViolation } from '../../lib/db-errors.js';
import { AppError, notFound, tooManyRequests } from '../../lib/errors.js';
import type { MailOutbox } from '../../mail/mail-jobs.js';
import type { MailMessage } from '../../mail/mailer.js';
import { invitationMail } from '../../mail/templates.js';
import { recordActivity, recordMemberInvited } from '../activity/index.js';
import { recordAuditEvent } from '../audit/index.js';
import { findPersonByEmail, getPersonById } from '../auth/index.js';
import { takeAttempt, throttleKeys, throttlePolicies } from '../../lib/throttle.js';
import { activateInvitedMemberships, deleteMember, getMember, insertInvitedMember, updateMemberType } from './members-repository.js';
import { assertAllowed, loadMembership, type MemberRow } from '../../permissions/membership.js';
import { assertRoomForMember } from './plans.js';
import { lockWorkspace } from './workspaces-repository.js';

/** Who acts, for the permission check and the audit trail (PRODUCT §5: both identities). */
export interface Actor {
  personId: string;
  impersonatorId: string | null;
  ip: string;
}

const ONE_EXECUTIVE_INDEX = 'workspace_members_one_executive_key';
const ONE_MEMBERSHIP_INDEX = 'workspace_members_workspace_person_key';

const executiveTaken = () =>
  new AppError('CONFLICT', 'This workspace already has an executive. Change the current executive’s type first.', {
    workspaceMemberType: 'This workspace already has an executive.',
  });
const alreadyMember = (status: MemberRow['status']) =>
  new AppError(
    'CONFLICT',
    status === 'INVITED' ? 'This person is already invited to this workspace.' : 'This person is already a member of this workspace.',
    { email: status === 'INVITED' ? 'Already invited.' : 'Already a member.' },
  );
const lastAdmin = (what: string) =>
  new AppError('CONFLICT', `${what}: a workspace needs at least one active owner or executive. Make someone else an owner first.`);

const isAdminType = (type: WorkspaceMemberType) => type === 'OWNER' || type === 'EXECUTIVE';

/** True when `member` is the only ACTIVE OWNER-or-EXECUTIVE among `members` (PRODUCT §6). */
function isLastAdmin(members: MemberRow[], member: MemberRow): boolean {
  if (member.status !== 'ACTIVE' || !isAdminType(member.workspaceMemberType)) return false;
  return !members.some((other) => other.id !== member.id && other.status === 'ACTIVE' && isAdminType(other.workspaceMemberType));
}

/**
 * Runs `work` with the workspace locked (lockWorkspace) and the caller's ACTIVE membership
 * re-read under the lock, so a caller demoted meanwhile is refused. Maps the one-EXECUTIVE and
 * one-membership unique violations to 409 (PRODUCT §1).
 */
async function withLockedWorkspace<T>(
  db: Database,
  workspaceId: string,
  personId: string,
  work: (tx: Queryable, locked: { caller: MemberRow; members: MemberRow[]; plan: SubscriptionType }) => Promise<T>,
): Promise<T> {
  try {
    return await db.transaction(async (tx) => {
      const locked = await lockWorkspace(tx, workspaceId);
      const caller = locked?.members.find((member) => member.personId === personId && member.status === 'ACTIVE');
      if (!locked || !caller) throw notFound('That workspace');
      return work(tx, { caller, members: locked.members, plan: locked.subscription.subscriptionType });
    });
  } catch (error) {
    const constraint = findUniqueViolation(error);
    if (constraint === ONE_EXECUTIVE_INDEX) throw executiveTaken();
    if (constraint === ONE_MEMBERSHIP_INDEX) throw alreadyMember('INVITED');
    throw error;
  }
}

function findTarget(members: MemberRow[], memberId: string): MemberRow {
  const target = members.find((member) => member.id === memberId);
  if (!target) throw notFound('That member');
  return target;
}

/** The invitation mail of `member` (PRODUCT §3), its link built from PUBLIC_URL (PRODUCT §5). */
async function buildInvitationMail(
  db: Queryable,
  input: {
    workspaceId: string;
    inviterPersonId: string;
    inviteeEmail: string;
    workspaceMemberType: WorkspaceMemberType;
    publicUrl: string;
  },
): Promise<MailMessage> {
  // In turn: `db` is often the invitation's transaction, whose connection takes one query at a time.
  const [workspace] = await db.select({ name: workspaces.name }).from(workspaces).where(eq(workspaces.id, input.workspaceId));
  const inviter = await getPersonById(db, input.inviterPersonId);
  const link = new URL('/auth/passwordless', input.publicUrl);
  link.searchParams.set('email', input.inviteeEmail);
  return invitationMail(input.inviteeEmail, {
    inviterName: inviter ? `${inviter.firstName} ${inviter.lastName}` : 'A colleague',
    workspaceName: workspace?.name ?? 'a workspace',
    memberTypeLabel: workspaceMemberTypeLabels[input.workspaceMemberType],
    link: link.toString(),
  });
}

/**
 * POST v1/workspaces/{id}/members (seed §7): invites `body.email` as `body.workspaceMemberType`.
 * An unknown email becomes a PENDING_ACTIVATION person without a password (they sign in by
 * code); a known person keeps their names. The membership is INVITED until their first sign-in.
 * The invitation mail is enqueued on `options.mailOutbox` inside the transaction (decision 011).
 * @returns the new member and the invitation mail.
 * @throws 404 not a member; 403 (PRODUCT §6); 409 already a member or invited, a second
 *   EXECUTIVE, a disabled account; 402 PLAN_LIMIT when the plan is full (PRODUCT §8).
 */
export async function inviteMember(
  db: Database,
  actor: Actor,
  workspaceId: string,
  body: InviteMemberBody,
  options: { publicUrl: string; mailOutbox: MailOutbox },
): Promise<{ member: Member; mail: MailMessage }> {
  assertAllowed(await loadMembership(db, workspaceId, actor.personId), 'inviteMembers', { invitedType: body.workspaceMemberType });
  return withLockedWorkspace(db, workspaceId, actor.personId, async (tx, { caller, members, plan }) => {
    assertAllowed(caller, 'inviteMembers', { invitedType: body.workspaceMemberType });
    let person = await findPersonByEmail(tx, body.email);
    const existing = person && members.find((member) => member.personId === person!.id);
    if (existing) throw alreadyMember(existing.status);
    if (person?.status === 'DISABLED') {
      throw new AppError('CONFLICT', 'This account is disabled and cannot be invited.', { email: 'This account is disabled.' });
    }
    if (body.workspaceMemberType === 'EXECUTIVE' && members.some((member) => member.workspaceMemberType === 'EXECUTIVE')) {
      throw executiveTaken();
    }
    assertRoomForMember(plan, members.length);
    if (!person) {
      // A parallel invitation of the same new address elsewhere may win the insert; then reuse it.
      await tx
        .insert(people)
        .values({ firstName: body.firstName, lastName: body.lastName, email: body.email, status: 'PENDING_ACTIVATION' })
        .onConflictDoNothing();
      person = await findPersonByEmail(tx, body.email);
      if (!person) throw new Error('invited person not found after insert');
    }
    const row = await insertInvitedMember(tx, {
      workspaceId,
      personId: person.id,
      workspaceMemberType: body.workspaceMemberType,
      invitedBy: actor.personId,
    });
    await recordMemberInvited(tx, {
      workspaceId,
      actorMemberId: caller.id,
      memberId: row.id,
      workspaceMemberType: body.workspaceMemberType,
    });
    // Counted (never refused) so a resend within 60 s and the hourly cap see this mail (PRODUCT §5).
    await takeAttempt(tx, throttleKeys.mail(person.email), throttlePolicies.mailPerAddress, { force: true });
    await takeAttempt(tx, invitationResendKey(person.email), throttlePolicies.resendPerPurpose, { force: true });
    await recordAuditEvent(tx, {
      action: 'MEMBER_INVITED',
      actorPersonId: actor.personId,
      impersonatorPersonId: actor.impersonatorId,
      workspaceId,
      target: `${row.id}:${body.workspaceMemberType}`,
      ip: actor.ip,
    });
    const mail = await buildInvitationMail(tx, {
      workspaceId,
      inviterPersonId: actor.personId,
      inviteeEmail: person.email,
      workspaceMemberType: body.workspaceMemberType,
      publicUrl: options.publicUrl,
    });
    await options.mailOutbox.enqueue(tx, mail);
    return { member: (await getMember(tx, workspaceId, row.id))!, mail };
  });
}

const invitationResendKey = (email: string) => `${throttleKeys.mail(email)}:INVITATION`;

/**
 * POST v1/workspaces/{id}/members/{memberId}/resend-invitation: mails the invitation again,
 * at most once a minute and within the hourly cap per address (PRODUCT §5), enqueued on
 * `options.mailOutbox` inside the transaction (decision 011).
 * @throws 404; 403 (the caller may not invite that type); 409 the member has already joined; 429.
 */
export async function resendInvitation(
  db: Database,
  actor: Actor,
  workspaceId: string,
  memberId: string,
  options: { publicUrl: string; mailOutbox: MailOutbox },
): Promise<{ member: Member; mail: MailMessage }> {
  assertAllowed(await loadMembership(db, workspaceId, actor.personId), 'inviteMembers');
  return withLockedWorkspace(db, workspaceId, actor.personId, async (tx, { caller, members }) => {
    const target = findTarget(members, memberId);
    assertAllowed(caller, 'inviteMembers', { invitedType: target.workspaceMemberType });
    if (target.status !== 'INVITED') throw new AppError('CONFLICT', 'This member has already joined; there is no invitation to resend.');
    const person = await getPersonById(tx, target.personId);
    if (!person) throw notFound('That member');
    const resend = await takeAttempt(tx, invitationResendKey(person.email), throttlePolicies.resendPerPurpose);
    if (!resend.allowed) {
      throw tooManyRequests(`You can resend this invitation in ${Math.ceil(resend.retryAfterMs / 1000)} seconds.`, resend.retryAfterMs);
    }
    const hourly = await takeAttempt(tx, throttleKeys.mail(person.email), throttlePolicies.mailPerAddress);
    if (!hourly.allowed) throw tooManyRequests('Too many emails sent to this address. Try again later.', hourly.retryAfterMs);
    await recordAuditEvent(tx, {
      action: 'MEMBER_INVITATION_RESENT',
      actorPersonId: actor.personId,
      impersonatorPersonId: actor.impersonatorId,
      workspaceId,
      target: target.id,
      ip: actor.ip,
    });
    const mail = await buildInvitationMail(tx, {
      workspaceId,
      inviterPersonId: actor.personId,
      inviteeEmail: person.email,
      workspaceMemberType: target.workspaceMemberType,
      publicUrl: options.publicUrl,
    });
    await options.mailOutbox.enqueue(tx, mail);
    return { member: (await getMember(tx, workspaceId, target.id))!, mail };
  });
}

/**
 * PATCH v1/workspaces/{id}/members/{memberId} (seed §7): changes a member's type. Records
 * MEMBER_ROLE_CHANGED activity and an audit event; no change is a no-op.
 * @throws 404; 403 (OWNER/EXECUTIVE only, PRODUCT §6); 409 a second EXECUTIVE (PRODUCT §1) or
 *   demoting the last active OWNER-or-EXECUTIVE (PRODUCT §6).
 */
export async function changeMemberType(
  db: Database,
  actor: Actor,
  workspaceId: string,
  memberId: string,
  workspaceMemberType: WorkspaceMemberType,
): Promise<Member> {
  assertAllowed(await loadMembership(db, workspaceId, actor.personId), 'changeMemberTypes');
  return withLockedWorkspace(db, workspaceId, actor.personId, async (tx, { caller, members }) => {
    assertAllowed(caller, 'changeMemberTypes');
    const target = findTarget(members, memberId);
    if (target.workspaceMemberType !== workspaceMemberType) {
      if (workspaceMemberType === 'EXECUTIVE' && members.some((member) => member.workspaceMemberType === 'EXECUTIVE')) {
        throw executiveTaken();
      }
      if (!isAdminType(workspaceMemberType) && isLastAdmin(members, target)) {
        throw lastAdmin('This member cannot be given another type');
      }
      await updateMemberType(tx, target.id, workspaceMemberType);
      await recordAuditEvent(tx, {
        action: 'MEMBER_ROLE_CHANGED',
        actorPersonId: actor.personId,
        impersonatorPersonId: actor.impersonatorId,
        workspaceId,
        target: `${target.id}:${target.workspaceMemberType}->${workspaceMemberType}`,
        ip: actor.ip,
      });
      await recordActivity(tx, {
        workspaceId,
        kind: 'MEMBER_ROLE_CHANGED',
        actorMemberId: caller.id,
        subject: { memberId: target.id, workspaceMemberType },
      });
    }
    return (await getMember(tx, workspaceId, target.id))!;
  });
}

/**
 * DELETE v1/workspaces/{id}/members/{memberId}: removes a member or withdraws an invitation.
 * @throws 404; 403 (OWNER/EXECUTIVE only, PRODUCT §6); 409 the last active OWNER-or-EXECUTIVE.
 */
export async function removeMember(db: Database, actor: Actor, workspaceId: string, memberId: string): Promise<void> {
  assertAllowed(await loadMembership(db, workspaceId, actor.personId), 'removeMembers');
  await withLockedWorkspace(db, workspaceId, actor.personId, async (tx, { caller, members }) => {
    assertAllowed(caller, 'removeMembers');
    const target = findTarget(members, memberId);
    if (isLastAdmin(members, target)) throw lastAdmin('This member cannot be removed');
    await deleteMember(tx, target.id);
    await recordAuditEvent(tx, {
      action: 'MEMBER_REMOVED',
      actorPersonId: actor.personId,
      impersonatorPersonId: actor.impersonatorId,
      workspaceId,
      target: `${target.id}:${target.personId}`,
      ip: actor.ip,
    });
  });
}

/**
 * POST v1/workspaces/{id}/leave: the caller ends their own membership (any type).
 * @throws 404 not a member; 409 the caller is the last active OWNER-or-EXECUTIVE (PRODUCT §6).
 */
export async function leaveWorkspace(db: Database, actor: Actor, workspaceId: string): Promise<void> {
  await loadMembership(db, workspaceId, actor.personId);
  await withLockedWorkspace(db, workspaceId, actor.personId, async (tx, { caller, members }) => {
    if (isLastAdmin(members, caller)) throw lastAdmin('You cannot leave this workspace');
    await deleteMember(tx, caller.id);
    await recordAuditEvent(tx, {
      action: 'MEMBER_LEFT',
      actorPersonId: actor.personId,
      impersonatorPersonId: actor.impersonatorId,
      workspaceId,
      target: caller.id,
      ip: actor.ip,
    });
  });
}

/**
 * The hook of a successful sign-in (password, code or activation): every INVITED membership of
 * `personId` becomes ACTIVE, with MEMBER_JOINED activity (actor: the new member) and an audit
 * event each. Pass the sign-in's transaction where there is one.
 */
export async function acceptInvitations(tx: Queryable, personId: string, context: { ip: string }): Promise<void> {
  const joined = await activateInvitedMemberships(tx, personId);
  for (const member of joined) {
    await recordActivity(tx, {
      workspaceId: member.workspaceId,
      kind: 'MEMBER_JOINED',
      actorMemberId: member.id,
      subject: { memberId: member.id },
    });
    await recordAuditEvent(tx, {
      action: 'MEMBER_JOINED',
      actorPersonId: personId,
      workspaceId: member.workspaceId,
      target: member.id,
      ip: context.ip,
    });
  }
}
