import { aliasedTable, and, asc, eq } from 'drizzle-orm';
import type { Onboarding } from '@tandem/contract';
import type { Queryable } from '../../db/client.js';
import { people, workspaceMembers, workspaces } from '../../db/schema/index.js';
import { notFound } from '../../lib/errors.js';
import { acceptInvitations } from '../workspaces/index.js';

/**
 * The sign-in hook of issue #8 around acceptInvitations (members-service): every INVITED
 * membership of `personId` is marked welcome-pending, then accepted (ACTIVE, MEMBER_JOINED).
 * Only memberships this very sign-in accepts get a welcome, so it is said once per new
 * membership, never on later sign-ins. Run inside the sign-in's transaction.
 */
export async function acceptInvitationsWithWelcome(tx: Queryable, personId: string, context: { ip: string }): Promise<void> {
  await tx
    .update(workspaceMembers)
    .set({ welcomePending: true })
    .where(and(eq(workspaceMembers.personId, personId), eq(workspaceMembers.status, 'INVITED')));
  await acceptInvitations(tx, personId, context);
}

const inviters = aliasedTable(people, 'inviters');

/**
 * GET v1/onboarding (issue #8): whether the person still has to answer the first-run question
 * (PRODUCT §1) and the welcomes of their newly accepted memberships, oldest first, each with the
 * workspace's name, the member type and the inviter's first name (null once the inviter is gone).
 */
export async function getOnboarding(db: Queryable, personId: string): Promise<Onboarding> {
  const [[person], welcomes] = await Promise.all([
    db.select({ firstRunPending: people.firstRunPending }).from(people).where(eq(people.id, personId)),
    db
      .select({
        memberId: workspaceMembers.id,
        workspaceId: workspaceMembers.workspaceId,
        workspaceName: workspaces.name,
        workspaceMemberType: workspaceMembers.workspaceMemberType,
        inviterFirstName: inviters.firstName,
      })
      .from(workspaceMembers)
      .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
      .leftJoin(inviters, eq(inviters.id, workspaceMembers.invitedBy))
      .where(and(eq(workspaceMembers.personId, personId), eq(workspaceMembers.status, 'ACTIVE'), eq(workspaceMembers.welcomePending, true)))
      .orderBy(asc(workspaceMembers.id)),
  ]);
  return { firstRunQuestion: person?.firstRunPending ?? false, welcomes };
}

/** POST v1/onboarding/first-run: records that the person answered the first-run question (PRODUCT §1). Idempotent. */
export async function markFirstRunAnswered(db: Queryable, personId: string): Promise<void> {
  await db.update(people).set({ firstRunPending: false }).where(eq(people.id, personId));
}

/**
 * POST v1/onboarding/welcomes/{memberId}/seen: the welcome of the person's own membership
 * `memberId` has been shown. Idempotent.
 * @throws 404 when `memberId` is not one of the person's memberships (another person's is 404 too).
 */
export async function markWelcomeSeen(db: Queryable, personId: string, memberId: string): Promise<void> {
  const updated = await db
    .update(workspaceMembers)
    .set({ welcomePending: false })
    .where(and(eq(workspaceMembers.id, memberId), eq(workspaceMembers.personId, personId)))
    .returning({ id: workspaceMembers.id });
  if (updated.length === 0) throw notFound('That membership');
}
