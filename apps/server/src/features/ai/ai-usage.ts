import { planLimits, type AiGenerationKind } from '@tandem/contract';
import { and, eq, gte, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { aiGenerations, subscriptions, workspaces } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';

/** The first instant of the current calendar month in UTC: AI usage counts from here (PRODUCT §8). */
export function monthStart(now = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

/** When this month's count starts again: the first instant of next month, UTC. */
export function nextMonthStart(now = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
}

/** How many AI generations the workspace used this calendar month (UTC). */
export async function countAiGenerationsThisMonth(db: Queryable, workspaceId: string, now = new Date()): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(aiGenerations)
    .where(and(eq(aiGenerations.workspaceId, workspaceId), gte(aiGenerations.createdAt, monthStart(now))));
  return row?.count ?? 0;
}

/** The workspace's monthly AI limit (PRODUCT §8), null = unlimited. */
export async function getAiLimit(db: Queryable, workspaceId: string): Promise<{ plan: keyof typeof planLimits; limit: number | null }> {
  const [row] = await db
    .select({ plan: subscriptions.subscriptionType })
    .from(subscriptions)
    .where(eq(subscriptions.workspaceId, workspaceId));
  const plan = row?.plan ?? 'FREE';
  return { plan, limit: planLimits[plan].aiGenerationsPerMonth };
}

/**
 * Reserves one AI generation of the month (PRODUCT §8) and returns its row id, to be released
 * with {@link releaseAiGeneration} when the generation is cancelled or fails. Locks the workspace
 * row FOR UPDATE so concurrent reservations count exactly.
 * @throws 402 PLAN_LIMIT naming the limit when the month's generations are used up.
 */
export async function reserveAiGeneration(
  tx: Queryable,
  input: { workspaceId: string; memberId: string | null; kind: AiGenerationKind; provider: string },
): Promise<string> {
  await tx.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.id, input.workspaceId)).for('update');
  const { plan, limit } = await getAiLimit(tx, input.workspaceId);
  if (limit !== null && (await countAiGenerationsThisMonth(tx, input.workspaceId)) >= limit) {
    throw new AppError(
      'PLAN_LIMIT',
      `Your ${plan} plan allows ${limit} AI generations a month, and this month's are used. Upgrade the plan or wait until next month.`,
    );
  }
  const [row] = await tx
    .insert(aiGenerations)
    .values({ workspaceId: input.workspaceId, memberId: input.memberId, kind: input.kind, provider: input.provider })
    .returning({ id: aiGenerations.id });
  return row!.id;
}

/** Gives a reserved generation back (cancelled or failed: it does not count). */
export async function releaseAiGeneration(db: Queryable, workspaceId: string, id: string): Promise<void> {
  await db.delete(aiGenerations).where(and(eq(aiGenerations.workspaceId, workspaceId), eq(aiGenerations.id, id)));
}

/** Records which provider answered a reserved generation (the built-in one after a fall-back). */
export async function setAiGenerationProvider(db: Queryable, workspaceId: string, id: string, provider: string): Promise<void> {
  await db
    .update(aiGenerations)
    .set({ provider })
    .where(and(eq(aiGenerations.workspaceId, workspaceId), eq(aiGenerations.id, id)));
}
