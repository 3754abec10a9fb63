import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { Subscription, Workspace } from '@tandem/contract';
import type { Queryable } from '../../db/client.js';
import { activityItems, people, subscriptions, workspaceMembers, workspaces } from '../../db/schema/index.js';
import { planLimits } from './plans.js';

/**
 * hasNewActivityItems of a member row (seed §3): some activity meant for them, by someone else,
 * is newer than their read mark (PRODUCT §2).
 */
export const hasNewActivityItems = sql<boolean>`exists (
  select 1 from ${activityItems}
  where ${activityItems.workspaceId} = ${workspaceMembers.workspaceId}
    and ${activityItems.createdAt} > coalesce(${workspaceMembers.activityReadAt}, '-infinity'::timestamptz)
    and (${activityItems.audienceMemberId} is null or ${activityItems.audienceMemberId} = ${workspaceMembers.id})
    and ${activityItems.actorMemberId} is distinct from ${workspaceMembers.id}
)`;

/**
 * The workspaces `personId` is an active member of, each with its subscriptionType and every
 * active member (seed §3), oldest membership first. Three queries whatever the count.
 */
export async function findWorkspacesOfPerson(db: Queryable, personId: string): Promise<Workspace[]> {
  const memberships = await db
    .select({ workspaceId: workspaceMembers.workspaceId })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.personId, personId), eq(workspaceMembers.status, 'ACTIVE')))
    .orderBy(workspaceMembers.createdAt);
  const ids = memberships.map((m) => m.workspaceId);
  if (ids.length === 0) return [];
  const [rows, members] = await Promise.all([
    db
      .select({ id: workspaces.id, name: workspaces.name, subscriptionType: subscriptions.subscriptionType })
      .from(workspaces)
      .innerJoin(subscriptions, eq(subscriptions.workspaceId, workspaces.id))
      .where(inArray(workspaces.id, ids)),
    db
      .select({
        id: workspaceMembers.id,
        workspaceId: workspaceMembers.workspaceId,
        personId: workspaceMembers.personId,
        firstName: people.firstName,
        lastName: people.lastName,
        workspaceMemberType: workspaceMembers.workspaceMemberType,
        hasNewActivityItems,
      })
      .from(workspaceMembers)
      .innerJoin(people, eq(people.id, workspaceMembers.personId))
      .where(and(inArray(workspaceMembers.workspaceId, ids), eq(workspaceMembers.status, 'ACTIVE')))
      .orderBy(workspaceMembers.createdAt),
  ]);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    return [{ ...row, members: members.filter((m) => m.workspaceId === id).map(({ workspaceId: _w, ...member }) => member) }];
  });
}

/** True when `personId` is an active member of `workspaceId` (PRODUCT §6: else 404). */
export async function isActiveMember(db: Queryable, workspaceId: string, personId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: workspaceMembers.id })
    .from(workspaceMembers)
    .where(
      and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.personId, personId), eq(workspaceMembers.status, 'ACTIVE')),
    );
  return row !== undefined;
}

/** The workspace's subscription with limits (PRODUCT §8) and usage; members count invitations. */
export async function getSubscription(db: Queryable, workspaceId: string): Promise<Subscription | undefined> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.workspaceId, workspaceId));
  if (!row) return undefined;
  const [members] = await db.select({ value: count() }).from(workspaceMembers).where(eq(workspaceMembers.workspaceId, workspaceId));
  return {
    workspaceId,
    subscriptionType: row.subscriptionType,
    status: row.status,
    currentPeriodEnd: row.currentPeriodEnd?.toISOString() ?? null,
    limits: planLimits[row.subscriptionType],
    // AI generations and question requests arrive with their own features; nothing counts yet.
    usage: { members: members?.value ?? 0, aiGenerationsThisMonth: 0, activeQuestionRequests: 0 },
  };
}
