import type { Subscription, SubscriptionType, WorkspaceSummary } from '@tandem/contract';
import type { Database } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import { recordPlanChanged } from '../activity/index.js';
import { recordAuditEvent } from '../audit/index.js';
import type { Actor } from './members-service.js';
import { assertAllowed, loadMembership } from '../../permissions/membership.js';
import { assertUsageFitsPlan } from './plans.js';
import {
  getSubscription,
  getWorkspaceSummary,
  insertWorkspace,
  lockWorkspace,
  updateSubscriptionType,
  updateWorkspaceName,
} from './workspaces-repository.js';

/**
 * POST v1/workspaces: a new workspace on the FREE plan with the caller as its OWNER, in one
 * transaction (PRODUCT §1).
 */
export async function createWorkspace(db: Database, actor: Actor, name: string): Promise<WorkspaceSummary> {
  return db.transaction(async (tx) => {
    const created = await insertWorkspace(tx, { name, personId: actor.personId });
    await recordAuditEvent(tx, {
      action: 'WORKSPACE_CREATED',
      actorPersonId: actor.personId,
      impersonatorPersonId: actor.impersonatorId,
      workspaceId: created.id,
      target: name,
      ip: actor.ip,
    });
    return { id: created.id, name, subscriptionType: 'FREE' as const, workspaceMemberType: 'OWNER' as const, memberId: created.memberId };
  });
}

/**
 * PATCH v1/workspaces/{id}: renames the workspace.
 * @throws 404 not a member; 403 (OWNER/EXECUTIVE only, PRODUCT §6).
 */
export async function renameWorkspace(db: Database, actor: Actor, workspaceId: string, name: string): Promise<WorkspaceSummary> {
  assertAllowed(await loadMembership(db, workspaceId, actor.personId), 'renameWorkspace');
  await db.transaction(async (tx) => {
    const previous = await updateWorkspaceName(tx, workspaceId, name);
    if (previous === undefined) throw notFound('That workspace');
    if (previous === name) return;
    await recordAuditEvent(tx, {
      action: 'WORKSPACE_RENAMED',
      actorPersonId: actor.personId,
      impersonatorPersonId: actor.impersonatorId,
      workspaceId,
      target: name,
      ip: actor.ip,
    });
  });
  const summary = await getWorkspaceSummary(db, workspaceId, actor.personId);
  if (!summary) throw notFound('That workspace');
  return summary;
}

/**
 * PATCH v1/workspaces/{id}/subscription: moves the workspace to `subscriptionType` directly
 * (self-hosted, no billing provider: PRODUCT §8). Refused with 402 PLAN_LIMIT while the usage
 * exceeds the target plan; nothing is written then.
 * @throws 404 not a member; 403 (OWNER/EXECUTIVE only, PRODUCT §6); 402 PLAN_LIMIT.
 */
export async function changePlan(
  db: Database,
  actor: Actor,
  workspaceId: string,
  subscriptionType: SubscriptionType,
): Promise<Subscription> {
  assertAllowed(await loadMembership(db, workspaceId, actor.personId), 'changePlan');
  await db.transaction(async (tx) => {
    const locked = await lockWorkspace(tx, workspaceId);
    const caller = locked?.members.find((member) => member.personId === actor.personId && member.status === 'ACTIVE');
    if (!locked || !caller) throw notFound('That workspace');
    assertAllowed(caller, 'changePlan');
    const previous = locked.subscription.subscriptionType;
    if (previous === subscriptionType) return;
    const current = await getSubscription(tx, workspaceId);
    if (!current) throw notFound('That workspace');
    assertUsageFitsPlan(subscriptionType, current.usage);
    await updateSubscriptionType(tx, workspaceId, subscriptionType);
    await recordAuditEvent(tx, {
      action: 'SUBSCRIPTION_CHANGED',
      actorPersonId: actor.personId,
      impersonatorPersonId: actor.impersonatorId,
      workspaceId,
      target: `${previous}->${subscriptionType}`,
      ip: actor.ip,
    });
    await recordPlanChanged(tx, { workspaceId, actorMemberId: caller.id, from: previous, to: subscriptionType });
  });
  const subscription = await getSubscription(db, workspaceId);
  if (!subscription) throw notFound('That workspace');
  return subscription;
}
