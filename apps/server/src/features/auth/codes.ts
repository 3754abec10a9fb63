import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { oneTimeCodes } from '../../db/schema/index.js';
import { generateDigitCode, generateToken, keyedHash } from './secrets.js';

export type CodePurpose = (typeof oneTimeCodes.$inferSelect)['purpose'];

/** Lifetimes and tries (PRODUCT §5). */
export const codeRules = {
  ACTIVATION: { ttlMs: 24 * 60 * 60_000, maxFailedAttempts: 5 },
  PASSWORDLESS: { ttlMs: 10 * 60_000, maxFailedAttempts: 5 },
  PASSWORD_RESET: { ttlMs: 60 * 60_000, maxFailedAttempts: 1 },
} as const satisfies Record<CodePurpose, { ttlMs: number; maxFailedAttempts: number }>;

const hashCode = (pepper: string, purpose: CodePurpose, personId: string, code: string) =>
  keyedHash(pepper, `${purpose}:${personId}:${code}`);
const hashActionCode = (pepper: string, code: string) => keyedHash(pepper, `PASSWORD_RESET:${code}`);

/**
 * Issues a new code for `personId` and voids every earlier unused one of the same purpose
 * ("a new code invalidates the previous one"). Activation and passwordless codes are 6 digits;
 * reset action codes are 256 random bits. Returns the plain code (to mail) and its creation time.
 */
export async function issueCode(
  tx: Queryable,
  input: { pepper: string; personId: string; purpose: CodePurpose; now?: Date },
): Promise<{ code: string; createdAt: Date }> {
  const now = input.now ?? new Date();
  await voidCodes(tx, input.personId, input.purpose, now);
  const code = input.purpose === 'PASSWORD_RESET' ? generateToken(32) : generateDigitCode();
  const codeHash =
    input.purpose === 'PASSWORD_RESET' ? hashActionCode(input.pepper, code) : hashCode(input.pepper, input.purpose, input.personId, code);
  await tx.insert(oneTimeCodes).values({
    personId: input.personId,
    purpose: input.purpose,
    codeHash,
    expiresAt: new Date(now.getTime() + codeRules[input.purpose].ttlMs),
    createdAt: now,
  });
  return { code, createdAt: now };
}

/** Marks every unused code of `purpose` for the person as used (e.g. after a password change). */
export async function voidCodes(tx: Queryable, personId: string, purpose: CodePurpose, now = new Date()) {
  await tx
    .update(oneTimeCodes)
    .set({ consumedAt: now })
    .where(and(eq(oneTimeCodes.personId, personId), eq(oneTimeCodes.purpose, purpose), isNull(oneTimeCodes.consumedAt)));
}

export type CodeCheck = 'valid' | 'wrong' | 'expired' | 'missing';

/**
 * Checks a 6-digit code against the person's live code of `purpose` and consumes it when right.
 * A wrong try counts; the 5th wrong try burns the code. The row is locked so parallel tries are
 * counted exactly. With `issuedAt`, only the code created at that instant is considered
 * (the passwordless `originalTimestamp`). Must run inside a transaction.
 */
export async function checkDigitCode(
  tx: Queryable,
  input: { pepper: string; personId: string; purpose: 'ACTIVATION' | 'PASSWORDLESS'; code: string; issuedAt?: number },
): Promise<CodeCheck> {
  const [live] = await tx
    .select()
    .from(oneTimeCodes)
    .where(and(eq(oneTimeCodes.personId, input.personId), eq(oneTimeCodes.purpose, input.purpose), isNull(oneTimeCodes.consumedAt)))
    .orderBy(desc(oneTimeCodes.createdAt))
    .limit(1)
    .for('update');
  if (!live || (input.issuedAt !== undefined && live.createdAt.getTime() !== input.issuedAt)) return 'missing';
  const now = new Date();
  if (live.expiresAt <= now) return 'expired';
  if (live.codeHash === hashCode(input.pepper, input.purpose, input.personId, input.code)) {
    await tx.update(oneTimeCodes).set({ consumedAt: now }).where(eq(oneTimeCodes.id, live.id));
    return 'valid';
  }
  const failedAttempts = live.failedAttempts + 1;
  const burned = failedAttempts >= codeRules[input.purpose].maxFailedAttempts;
  await tx
    .update(oneTimeCodes)
    .set({ failedAttempts, consumedAt: burned ? now : null })
    .where(eq(oneTimeCodes.id, live.id));
  return 'wrong';
}

/**
 * Finds the live reset action code, locking it. Returns its person id, or null when unknown,
 * used, or expired.
 */
export async function findLiveActionCode(tx: Queryable, pepper: string, actionCode: string) {
  const [row] = await tx
    .select()
    .from(oneTimeCodes)
    .where(and(eq(oneTimeCodes.codeHash, hashActionCode(pepper, actionCode)), eq(oneTimeCodes.purpose, 'PASSWORD_RESET')))
    .for('update');
  if (!row || row.consumedAt || row.expiresAt <= new Date()) return null;
  return { id: row.id, personId: row.personId };
}

/** Consumes a code by id. */
export async function consumeCode(tx: Queryable, codeId: string): Promise<void> {
  await tx.update(oneTimeCodes).set({ consumedAt: new Date() }).where(eq(oneTimeCodes.id, codeId));
}
