import { and, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import { deleteInBatches } from '../../db/delete-in-batches.js';
import { authThrottles, oneTimeCodes, refreshTokens } from '../../db/schema/index.js';
import type { Jobs } from '../../jobs/jobs.js';
import { registerSweeps } from '../../jobs/sweeps.js';
import { throttlePolicies } from '../../lib/throttle.js';

/**
 * A throttle row can go once the window of every policy is over: the longest is 24 hours
 * (signInPerIp, lib/throttle.ts), and both window anchors (windowStartedAt, lastAt) are at most lastAt.
 */
export const THROTTLE_RETENTION_MS = Math.max(...Object.values(throttlePolicies).map((policy) => policy.windowMs));

/**
 * A refresh-token family with no ACTIVE token can no longer be used; its rows are kept this long
 * after its last rotation or issue, then deleted. See sweepRefreshTokens.
 */
export const DEAD_FAMILY_RETENTION_MS = 24 * 60 * 60_000;

/**
 * Deletes one-time codes (PRODUCT §5) that were used, burned or replaced (consumedAt set) or have
 * expired: neither can be redeemed again, and a missing code answers exactly like an expired one.
 * @returns how many rows were deleted.
 */
export function sweepOneTimeCodes(db: Database, now = new Date()): Promise<number> {
  return deleteInBatches(db, oneTimeCodes, oneTimeCodes.id, or(isNotNull(oneTimeCodes.consumedAt), lt(oneTimeCodes.expiresAt, now)));
}

/**
 * Deletes auth_throttles rows untouched for THROTTLE_RETENTION_MS (24 h, the longest policy
 * window): every policy would start such a row over, so deleting it changes no decision.
 * @returns how many rows were deleted.
 */
export function sweepThrottles(db: Database, now = new Date()): Promise<number> {
  return deleteInBatches(db, authThrottles, authThrottles.key, lt(authThrottles.lastAt, new Date(now.getTime() - THROTTLE_RETENTION_MS)));
}

/**
 * Deletes refresh tokens (PRODUCT §5, decision 002) that no check needs any more:
 * - every token of an expired family (rotate answers 401 for it, known or not);
 * - every token of a family without an ACTIVE token — revoked by sign-out, password change or
 *   detected reuse — once DEAD_FAMILY_RETENTION_MS (24 h) has passed since its last rotation or
 *   issue. Such a family can never grant again; deleting it only turns "revoked" into "unknown",
 *   both 401, and 24 h is far beyond the 10-second grace window.
 * ROTATED tokens of a live family are kept until the family expires (at most 30 days): reuse
 * detection needs them, since presenting one after the grace window must revoke the family.
 * @returns how many rows were deleted.
 */
export function sweepRefreshTokens(db: Database, now = new Date()): Promise<number> {
  const deadBefore = new Date(now.getTime() - DEAD_FAMILY_RETENTION_MS);
  return deleteInBatches(
    db,
    refreshTokens,
    refreshTokens.id,
    or(
      lt(refreshTokens.familyExpiresAt, now),
      and(
        // Qualified by hand: the outer row is refresh_tokens, the inner ones live / recent.
        sql`not exists (select 1 from refresh_tokens live where live.family_id = refresh_tokens.family_id and live.status = 'ACTIVE')`,
        sql`(select max(coalesce(recent.rotated_at, recent.created_at)) from refresh_tokens recent where recent.family_id = refresh_tokens.family_id) < ${deadBefore}`,
      ),
    ),
  );
}

/**
 * Schedules the auth sweeps (ARCHITECTURE "jobs"): codes and refresh tokens every 15 minutes,
 * throttles hourly. Each runs in one process per tick; failures are retried by the queue.
 */
export function registerAuthSweeps(jobs: Jobs, db: Database, logger: FastifyBaseLogger): void {
  registerSweeps(jobs, db, logger, [
    { name: 'auth.sweep-codes', schedule: '*/15 * * * *', sweep: sweepOneTimeCodes },
    { name: 'auth.sweep-refresh-tokens', schedule: '7,22,37,52 * * * *', sweep: sweepRefreshTokens },
    { name: 'auth.sweep-throttles', schedule: '41 * * * *', sweep: sweepThrottles },
  ]);
}
