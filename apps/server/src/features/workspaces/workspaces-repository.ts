import { and, asc, count, eq, gt, inArray, sql, type Placeholder } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { planLimits, type SubscriptionType, type Subscription, type Workspace, type WorkspaceSummary } from '@tandem/contract';
import type { Queryable } from '../../db/client.js';
import { preparedQuery } from '../../db/prepared.js';
import { activityItems, people, subscriptions, workspaceMembers, workspaces } from '../../db/schema/index.js';
import { activityVisibleTo } from '../../permissions/visibility.js';
import { countAiGenerationsThisMonth } from '../ai/index.js';
import { countActiveRequests } from '../questions/index.js';

/**
 * hasNewActivityItems of a member row (seed §3): some activity they may see, by someone else, is
 * newer than their read mark (PRODUCT §2, §6). Only the viewer's own flag is computed: another
 * member's unread state is theirs alone, so it reads false (a GUEST must not learn whether the
 * executive has unread activity).
 */
function hasNewActivityItemsSeenBy(viewerPersonId: string | Placeholder) {
  return sql<boolean>`case when ${workspaceMembers.personId} = ${viewerPersonId} then exists (
    select 1 from ${activityItems}
    where ${activityItems.workspaceId} = ${workspaceMembers.workspaceId}
      and ${activityItems.createdAt} > coalesce(${workspaceMembers.activityReadAt}, '-infinity'::timestamptz)
      and ${activityVisibleTo(workspaceMembers.id, workspaceMembers.workspaceMemberType)}
      and ${activityItems.actorMemberId} is distinct from ${workspaceMembers.id}
  ) else false end`;
}

/** The workspaces a person (placeholder `personId`) is an active member of, oldest membership first. */
const workspacesOfPersonStatement = preparedQuery((db) =>
  db
    .select({ id: workspaces.id, name: workspaces.name, subscriptionType: subscriptions.subscriptionType })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .innerJoin(subscriptions, eq(subscriptions.workspaceId, workspaces.id))
    .where(and(eq(workspaceMembers.personId, sql.placeholder('personId')), eq(workspaceMembers.status, 'ACTIVE')))
    .orderBy(workspaceMembers.createdAt)
    .prepare('workspaces_of_person'),
);

/** Every active member of those workspaces, oldest first, with the person's own unread flag. */
const membersOfPersonsWorkspacesStatement = preparedQuery((db) => {
  const membership = alias(workspaceMembers, 'membership');
  const personsWorkspaces = db
    .select({ workspaceId: membership.workspaceId })
    .from(membership)
    .where(and(eq(membership.personId, sql.placeholder('personId')), eq(membership.status, 'ACTIVE')));
  return db
    .select({
      id: workspaceMembers.id,
      workspaceId: workspaceMembers.workspaceId,
      personId: workspaceMembers.personId,
      firstName: people.firstName,
      lastName: people.lastName,
      workspaceMemberType: workspaceMembers.workspaceMemberType,
      hasNewActivityItems: hasNewActivityItemsSeenBy(sql.placeholder('personId')),
    })
    .from(workspaceMembers)
    .innerJoin(people, eq(people.id, workspaceMembers.personId))
    .where(and(inArray(workspaceMembers.workspaceId, personsWorkspaces), eq(workspaceMembers.status, 'ACTIVE')))
    .orderBy(workspaceMembers.createdAt)
    .prepare('members_of_persons_workspaces');
});

/**
 * The workspaces `personId` is an active member of, each with its subscriptionType and every
 * active member (seed §3), oldest membership first; each member's hasNewActivityItems is shown to
 * that member only. Two prepared statements whatever the count (issue #13).
 */
export async function findWorkspacesOfPerson(db: Queryable, personId: string): Promise<Workspace[]> {
  // One after the other: one pool connection at a time per request (issue #13: parallel reads of
  // one request queued for the pool under load), and `db` may be a transaction.
  const rows = await workspacesOfPersonStatement(db).execute({ personId });
  const members = await membersOfPersonsWorkspacesStatement(db).execute({ personId });
  return rows.map((row) => ({
    ...row,
    members: members.filter((member) => member.workspaceId === row.id).map(({ workspaceId: _workspaceId, ...member }) => member),
  }));
}

/**
 * Members counted against the plan (PRODUCT §8): ACTIVE and INVITED alike, so pending
 * invitations hold their seat.
 */
export async function countMembers(db: Queryable, workspaceId: string): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), inArray(workspaceMembers.status, ['ACTIVE', 'INVITED'])));
  return row?.value ?? 0;
}

/** The workspace's subscription with limits (PRODUCT §8) and usage; members count invitations. */
export async function getSubscription(db: Queryable, workspaceId: string): Promise<Subscription | undefined> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.workspaceId, workspaceId));
  if (!row) return undefined;
  // One after the other: `db` may be a transaction, whose connection takes one query at a time.
  const members = await countMembers(db, workspaceId);
  const activeQuestionRequests = await countActiveRequests(db, workspaceId);
  const aiGenerationsThisMonth = await countAiGenerationsThisMonth(db, workspaceId);
  return {
    workspaceId,
    subscriptionType: row.subscriptionType,
    status: row.status,
    currentPeriodEnd: row.currentPeriodEnd?.toISOString() ?? null,
    limits: planLimits[row.subscriptionType],
    // AI generations: this calendar month's, UTC (features/ai). Active requests: SENT ones (PRODUCT §8).
    usage: { members, aiGenerationsThisMonth, activeQuestionRequests },
  };
}

type SubscriptionRow = typeof subscriptions.$inferSelect;
type MemberRow = typeof workspaceMembers.$inferSelect;

/**
 * Locks a workspace for a change of its members or plan, in one order everywhere (subscription
 * row, then member rows by id) so concurrent changes queue instead of deadlocking: two requests
 * can never both pass a check on the member list (PRODUCT §1 one EXECUTIVE, §6 last admin, §8
 * limits). Returns the locked rows, or undefined for an unknown workspace. Needs a transaction.
 */
export async function lockWorkspace(
  tx: Queryable,
  workspaceId: string,
): Promise<{ subscription: SubscriptionRow; members: MemberRow[] } | undefined> {
  const [subscription] = await tx.select().from(subscriptions).where(eq(subscriptions.workspaceId, workspaceId)).for('update');
  if (!subscription) return undefined;
  const members = await tx
    .select()
    .from(workspaceMembers)
    .where(eq(workspaceMembers.workspaceId, workspaceId))
    .orderBy(asc(workspaceMembers.id))
    .for('update');
  return { subscription, members };
}

/** Creates a workspace on the FREE plan with `personId` as its ACTIVE OWNER (PRODUCT §1). */
export async function insertWorkspace(tx: Queryable, input: { name: string; personId: string }): Promise<{ id: string; memberId: string }> {
  const [workspace] = await tx.insert(workspaces).values({ name: input.name }).returning({ id: workspaces.id });
  await tx.insert(subscriptions).values({ workspaceId: workspace!.id, subscriptionType: 'FREE', status: 'ACTIVE' });
  const [member] = await tx
    .insert(workspaceMembers)
    .values({ workspaceId: workspace!.id, personId: input.personId, workspaceMemberType: 'OWNER', status: 'ACTIVE' })
    .returning({ id: workspaceMembers.id });
  return { id: workspace!.id, memberId: member!.id };
}

/** Renames a workspace; returns the previous name, or undefined when there is no such workspace. */
export async function updateWorkspaceName(tx: Queryable, workspaceId: string, name: string): Promise<string | undefined> {
  const [before] = await tx.select({ name: workspaces.name }).from(workspaces).where(eq(workspaces.id, workspaceId)).for('update');
  if (!before) return undefined;
  await tx.update(workspaces).set({ name }).where(eq(workspaces.id, workspaceId));
  return before.name;
}

/** Moves the workspace to another plan (PRODUCT §8, self-hosted: no billing provider). */
export async function updateSubscriptionType(tx: Queryable, workspaceId: string, subscriptionType: SubscriptionType): Promise<void> {
  await tx.update(subscriptions).set({ subscriptionType }).where(eq(subscriptions.workspaceId, workspaceId));
}

const workspaceSummaryColumns = {
  id: workspaces.id,
  name: workspaces.name,
  subscriptionType: subscriptions.subscriptionType,
  workspaceMemberType: workspaceMembers.workspaceMemberType,
  memberId: workspaceMembers.id,
};

/**
 * The workspaces `personId` is an ACTIVE member of, with their own type and memberId, in the
 * order they joined (by memberId, a UUIDv7). `afterMemberId` is the page cursor (PRODUCT §4).
 */
export async function findWorkspaceSummaries(
  db: Queryable,
  personId: string,
  page: { limit: number; afterMemberId?: string | undefined },
): Promise<WorkspaceSummary[]> {
  return db
    .select(workspaceSummaryColumns)
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .innerJoin(subscriptions, eq(subscriptions.workspaceId, workspaceMembers.workspaceId))
    .where(
      and(
        eq(workspaceMembers.personId, personId),
        eq(workspaceMembers.status, 'ACTIVE'),
        page.afterMemberId ? gt(workspaceMembers.id, page.afterMemberId) : undefined,
      ),
    )
    .orderBy(asc(workspaceMembers.id))
    .limit(page.limit);
}

/** One workspace as `personId` (an ACTIVE member) sees it, or undefined. */
export async function getWorkspaceSummary(db: Queryable, workspaceId: string, personId: string): Promise<WorkspaceSummary | undefined> {
  const [row] = await db
    .select(workspaceSummaryColumns)
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .innerJoin(subscriptions, eq(subscriptions.workspaceId, workspaceMembers.workspaceId))
    .where(
      and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.personId, personId), eq(workspaceMembers.status, 'ACTIVE')),
    );
  return row;
}
