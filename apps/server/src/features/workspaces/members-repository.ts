import { and, asc, eq, gt } from 'drizzle-orm';
import type { Member, WorkspaceMemberType } from '@tandem/contract';
import type { Queryable } from '../../db/client.js';
import { people, workspaceMembers } from '../../db/schema/index.js';
import type { MemberRow } from '../../permissions/membership.js';

const memberColumns = {
  id: workspaceMembers.id,
  personId: workspaceMembers.personId,
  firstName: people.firstName,
  lastName: people.lastName,
  email: people.email,
  workspaceMemberType: workspaceMembers.workspaceMemberType,
  status: workspaceMembers.status,
  invitedBy: workspaceMembers.invitedBy,
  createdAt: workspaceMembers.createdAt,
};

const toMember = <T extends Omit<Member, 'createdAt'> & { createdAt: Date }>(row: T): Member => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
});

/**
 * The members of a workspace, INVITED and ACTIVE (PRODUCT §2), oldest first (by memberId, a
 * UUIDv7); `afterMemberId` is the page cursor (PRODUCT §4).
 */
export async function findMembers(
  db: Queryable,
  workspaceId: string,
  page: { limit: number; afterMemberId?: string | undefined },
): Promise<Member[]> {
  const rows = await db
    .select(memberColumns)
    .from(workspaceMembers)
    .innerJoin(people, eq(people.id, workspaceMembers.personId))
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), page.afterMemberId ? gt(workspaceMembers.id, page.afterMemberId) : undefined))
    .orderBy(asc(workspaceMembers.id))
    .limit(page.limit);
  return rows.map(toMember);
}

/** One member of `workspaceId`, or undefined (also for a member of another workspace). */
export async function getMember(db: Queryable, workspaceId: string, memberId: string): Promise<Member | undefined> {
  const [row] = await db
    .select(memberColumns)
    .from(workspaceMembers)
    .innerJoin(people, eq(people.id, workspaceMembers.personId))
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.id, memberId)));
  return row ? toMember(row) : undefined;
}

/** Adds an INVITED membership (PRODUCT §2); unique violations surface to the caller. */
export async function insertInvitedMember(
  tx: Queryable,
  input: { workspaceId: string; personId: string; workspaceMemberType: WorkspaceMemberType; invitedBy: string },
): Promise<MemberRow> {
  const [row] = await tx
    .insert(workspaceMembers)
    .values({ ...input, status: 'INVITED' })
    .returning();
  return row!;
}

/** Sets a member's type; the one-EXECUTIVE index may refuse it (PRODUCT §1). */
export async function updateMemberType(tx: Queryable, memberId: string, workspaceMemberType: WorkspaceMemberType): Promise<void> {
  await tx.update(workspaceMembers).set({ workspaceMemberType }).where(eq(workspaceMembers.id, memberId));
}

/** Deletes a membership (removal, leaving, or a withdrawn invitation). */
export async function deleteMember(tx: Queryable, memberId: string): Promise<void> {
  await tx.delete(workspaceMembers).where(eq(workspaceMembers.id, memberId));
}

/** Turns every INVITED membership of `personId` ACTIVE; returns the memberships it changed. */
export async function activateInvitedMemberships(tx: Queryable, personId: string): Promise<Pick<MemberRow, 'id' | 'workspaceId'>[]> {
  return tx
    .update(workspaceMembers)
    .set({ status: 'ACTIVE' })
    .where(and(eq(workspaceMembers.personId, personId), eq(workspaceMembers.status, 'INVITED')))
    .returning({ id: workspaceMembers.id, workspaceId: workspaceMembers.workspaceId });
}
