import { eq, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client.js';
import { preparedQuery } from '../db/prepared.js';
import { authThrottles } from '../db/schema/index.js';

/** A counter policy: `limit` attempts per `windowMs`; once reached, refused until the window ends. */
export interface ThrottlePolicy {
  limit: number;
  windowMs: number;
  /** 'fixed': the window starts at the first attempt; 'lockout': it restarts at each attempt. */
  window: 'fixed' | 'lockout';
}

/** PRODUCT §5 numbers. */
export const throttlePolicies = {
  /** 10 consecutive failed sign-ins on one account → refused for up to 15 minutes. */
  signInPerAccount: { limit: 10, windowMs: 15 * 60_000, window: 'lockout' },
  /** 100 failures from one IP in 24 hours. */
  signInPerIp: { limit: 100, windowMs: 24 * 60 * 60_000, window: 'fixed' },
  /** Codes and links: at most 5 mails per address per hour, whatever their kind. */
  mailPerAddress: { limit: 5, windowMs: 60 * 60_000, window: 'fixed' },
  /** A new code of one kind (activation, sign-in, reset) at most every 60 seconds. */
  resendPerPurpose: { limit: 1, windowMs: 60_000, window: 'fixed' },
  /** Public links (/b, /q, /s): more than 60 misses a minute from one IP → 429 (PRODUCT §5). */
  publicMissesPerIp: { limit: 60, windowMs: 60_000, window: 'fixed' },
  /** 10 consecutive wrong passcodes on one public link → refused for up to 15 minutes (as sign-in, issue #9). */
  passcodePerLink: { limit: 10, windowMs: 15 * 60_000, window: 'lockout' },
  /** 100 wrong passcodes from one IP in 24 hours, whatever the link (as sign-in per IP). */
  passcodePerIp: { limit: 100, windowMs: 24 * 60 * 60_000, window: 'fixed' },
} satisfies Record<string, ThrottlePolicy>;

export type ThrottleResult = { allowed: true } | { allowed: false; retryAfterMs: number };

/**
 * Counts one attempt under `key` if the policy allows it, or always with `force` (the result then
 * tells whether it was over the limit). Must run inside a transaction: the row is locked (by
 * the upsert that reads it) so parallel attempts are counted exactly.
 */
export async function takeAttempt(
  tx: Queryable,
  key: string,
  policy: ThrottlePolicy,
  options: { force?: boolean } = {},
): Promise<ThrottleResult> {
  // One statement creates the row or locks the existing one, and returns it either way. (An
  // insert … on conflict do nothing, then select … for update, found no row when a parallel
  // successful sign-in deleted it in between: a 500 under load, issue #14.)
  const [row] = await tx
    .insert(authThrottles)
    .values({ key, count: 0 })
    .onConflictDoUpdate({ target: authThrottles.key, set: { key: sql`excluded.key` } })
    .returning();
  const now = Date.now();
  let count = row!.count;
  let windowStartedAt = row!.windowStartedAt.getTime();
  const windowAnchor = policy.window === 'lockout' ? row!.lastAt.getTime() : windowStartedAt;
  if (count > 0 && now - windowAnchor >= policy.windowMs) {
    count = 0;
    windowStartedAt = now;
  }
  if (count === 0) windowStartedAt = now;
  const refused: ThrottleResult | undefined =
    count >= policy.limit ? { allowed: false, retryAfterMs: windowAnchor + policy.windowMs - now } : undefined;
  if (refused && !options.force) return refused;
  await tx
    .update(authThrottles)
    .set({ count: count + 1, windowStartedAt: new Date(windowStartedAt), lastAt: new Date(now) })
    .where(eq(authThrottles.key, key));
  return refused ?? { allowed: true };
}

/**
 * {@link checkAttempts}' read of one counter by key (every public call runs it; issue #13: built
 * once and prepared, db/prepared.ts).
 */
const attemptsStatement = preparedQuery((db) =>
  db
    .select()
    .from(authThrottles)
    .where(eq(authThrottles.key, sql.placeholder('key')))
    .prepare('throttle_by_key'),
);

/**
 * Whether `key` is over `policy` now, without counting anything (a read; no lock needed).
 * @returns the same result takeAttempt would give, without taking an attempt.
 */
export async function checkAttempts(db: Queryable, key: string, policy: ThrottlePolicy): Promise<ThrottleResult> {
  const [row] = await attemptsStatement(db).execute({ key });
  if (!row || row.count < policy.limit) return { allowed: true };
  const windowAnchor = (policy.window === 'lockout' ? row.lastAt : row.windowStartedAt).getTime();
  const retryAfterMs = windowAnchor + policy.windowMs - Date.now();
  return retryAfterMs > 0 ? { allowed: false, retryAfterMs } : { allowed: true };
}

/** Forgets the counter (a successful sign-in ends a run of consecutive failures). */
export async function resetAttempts(db: Queryable, key: string): Promise<void> {
  await db.delete(authThrottles).where(eq(authThrottles.key, key));
}

/** Gives back one counted attempt (a success must not count as a failure from that IP). */
export async function refundAttempt(db: Queryable, key: string): Promise<void> {
  await db
    .update(authThrottles)
    .set({ count: sql`greatest(${authThrottles.count} - 1, 0)` })
    .where(eq(authThrottles.key, key));
}

export const throttleKeys = {
  signInAccount: (email: string) => `signin:account:${email}`,
  signInIp: (ip: string) => `signin:ip:${ip}`,
  mail: (email: string) => `mail:${email}`,
  /** `purpose`: the kind of code (ACTIVATION, PASSWORDLESS, PASSWORD_RESET). */
  resend: (email: string, purpose: string) => `mail:${email}:${purpose}`,
  publicMisses: (ip: string) => `public:miss:${ip}`,
  /** `linkKey`: the link's stored id hashed (public/public-ids.ts hashPublicId), so no working link is kept here. */
  passcodeLink: (linkKey: string) => `public:passcode:link:${linkKey}`,
  passcodeIp: (ip: string) => `public:passcode:ip:${ip}`,
};
