import { and, eq, gt, ne, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { Queryable, Transaction } from '../../db/client.js';
import { preparedQuery } from '../../db/prepared.js';
import { refreshTokens } from '../../db/schema/index.js';
import { generateToken, keyedHash } from './secrets.js';

/** PRODUCT §5 numbers for refresh tokens. */
export const sessionRules = {
  familyLifetimeMs: 30 * 24 * 60 * 60_000,
  impersonationLifetimeMs: 60 * 60_000,
  reuseGraceMs: 10_000,
} as const;

export interface SessionGrant {
  personId: string;
  sessionId: string;
  impersonatorId: string | null;
  refreshToken: string;
  familyExpiresAt: Date;
}

export type RotateResult =
  | { ok: true; grant: SessionGrant }
  | { ok: false; reason: 'unknown' | 'expired' | 'revoked' | 'reuse'; sessionId?: string; personId?: string };

/** An ACTIVE token of the family that has not expired: run by every signed-in request. */
const liveSessionQuery = preparedQuery((db) =>
  db
    .select({ id: refreshTokens.id })
    .from(refreshTokens)
    .where(
      and(
        eq(refreshTokens.familyId, sql.placeholder('sessionId')),
        eq(refreshTokens.status, 'ACTIVE'),
        gt(refreshTokens.familyExpiresAt, sql.placeholder('now')),
      ),
    )
    .limit(1)
    .prepare('session_is_live'),
);

/**
 * Refresh-token families (PRODUCT §5). Tokens are opaque (256 bits) and stored as keyed hashes.
 * A child token is derived from its parent as HMAC(pepper, parent): only the server can compute
 * it, and it lets the immediate parent, presented again within the 10-second grace window, return
 * the current child without the server ever storing a token in the clear.
 */
export class Sessions {
  constructor(private readonly pepper: string) {}

  private hash(token: string) {
    return keyedHash(this.pepper, `refresh:${token}`);
  }

  private deriveChild(parentToken: string) {
    return keyedHash(this.pepper, `refresh-child:${parentToken}`);
  }

  /** Starts a new family (a sign-in). Impersonation families end after 60 minutes. */
  async start(db: Queryable, input: { personId: string; clientId: string; impersonatorId?: string | null }): Promise<SessionGrant> {
    const familyId = uuidv7();
    const lifetime = input.impersonatorId ? sessionRules.impersonationLifetimeMs : sessionRules.familyLifetimeMs;
    const familyExpiresAt = new Date(Date.now() + lifetime);
    const refreshToken = generateToken(32);
    await db.insert(refreshTokens).values({
      familyId,
      personId: input.personId,
      impersonatorPersonId: input.impersonatorId ?? null,
      tokenHash: this.hash(refreshToken),
      clientId: input.clientId,
      familyExpiresAt,
    });
    return { personId: input.personId, sessionId: familyId, impersonatorId: input.impersonatorId ?? null, refreshToken, familyExpiresAt };
  }

  /**
   * Rotates `token`: an ACTIVE token is marked ROTATED and its child issued. An already-rotated
   * token within the grace window whose child is still ACTIVE returns that child; any other reuse
   * revokes the whole family. Must run inside a transaction (rows are locked).
   */
  async rotate(tx: Transaction, token: string, clientId: string): Promise<RotateResult> {
    const [row] = await tx
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, this.hash(token)))
      .for('update');
    if (!row || row.clientId !== clientId) return { ok: false, reason: 'unknown' };
    const base = { sessionId: row.familyId, personId: row.personId };
    if (row.status === 'REVOKED') return { ok: false, reason: 'revoked', ...base };
    const now = Date.now();
    if (row.familyExpiresAt.getTime() <= now) return { ok: false, reason: 'expired', ...base };
    const grant = (refreshToken: string): SessionGrant => ({
      personId: row.personId,
      sessionId: row.familyId,
      impersonatorId: row.impersonatorPersonId,
      refreshToken,
      familyExpiresAt: row.familyExpiresAt,
    });
    const childToken = this.deriveChild(token);
    if (row.status === 'ACTIVE') {
      await tx
        .update(refreshTokens)
        .set({ status: 'ROTATED', rotatedAt: new Date(now) })
        .where(eq(refreshTokens.id, row.id));
      await tx.insert(refreshTokens).values({
        familyId: row.familyId,
        personId: row.personId,
        impersonatorPersonId: row.impersonatorPersonId,
        tokenHash: this.hash(childToken),
        parentId: row.id,
        clientId: row.clientId,
        familyExpiresAt: row.familyExpiresAt,
      });
      return { ok: true, grant: grant(childToken) };
    }
    // ROTATED: a second tab refreshing at the same moment, or a stolen token being replayed.
    const withinGrace = row.rotatedAt !== null && now - row.rotatedAt.getTime() <= sessionRules.reuseGraceMs;
    if (withinGrace) {
      const [child] = await tx
        .select({ status: refreshTokens.status })
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, this.hash(childToken)));
      if (child?.status === 'ACTIVE') return { ok: true, grant: grant(childToken) };
    }
    await this.revokeFamily(tx, row.familyId);
    return { ok: false, reason: 'reuse', ...base };
  }

  /** Revokes one family (sign-out, detected reuse). */
  async revokeFamily(db: Queryable, familyId: string): Promise<void> {
    await db.update(refreshTokens).set({ status: 'REVOKED' }).where(eq(refreshTokens.familyId, familyId));
  }

  /** Revokes the family `token` belongs to, if any; returns the person it belonged to. */
  async revokeByToken(db: Queryable, token: string): Promise<{ personId: string; sessionId: string } | null> {
    const [row] = await db
      .select({ familyId: refreshTokens.familyId, personId: refreshTokens.personId })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, this.hash(token)));
    if (!row) return null;
    await this.revokeFamily(db, row.familyId);
    return { personId: row.personId, sessionId: row.familyId };
  }

  /** Revokes every session of a person except `keepSessionId` (password change or reset). */
  async revokeAllForPerson(db: Queryable, personId: string, keepSessionId?: string): Promise<void> {
    const condition = keepSessionId
      ? and(eq(refreshTokens.personId, personId), ne(refreshTokens.familyId, keepSessionId))
      : eq(refreshTokens.personId, personId);
    await db.update(refreshTokens).set({ status: 'REVOKED' }).where(condition);
  }

  /** True while the session has a live (ACTIVE, unexpired) token: access tokens die with it. */
  async isLive(db: Queryable, sessionId: string): Promise<boolean> {
    const [row] = await liveSessionQuery(db).execute({ sessionId, now: new Date() });
    return row !== undefined;
  }
}
