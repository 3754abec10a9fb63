import { inArray, like, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { beforeAll, describe, expect, it } from 'vitest';
import { authThrottles, oneTimeCodes, people, refreshTokens } from '../../db/schema/index.js';
import { uniqueEmail, useTestApp } from '../../test/test-app.js';
import { sweepOneTimeCodes, sweepRefreshTokens, sweepThrottles } from './sweeps.js';

const t = useTestApp();

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;
const ago = (ms: number) => new Date(Date.now() - ms);
const fromNow = (ms: number) => new Date(Date.now() + ms);

let personId: string;
beforeAll(async () => {
  const [person] = await t.db
    .insert(people)
    .values({ firstName: 'Sweep', lastName: 'Example', email: uniqueEmail('sweep') })
    .returning();
  personId = person!.id;
});

describe('the auth sweeps are scheduled on the job queue', () => {
  it('registers a cron schedule per sweep', async () => {
    const { rows } = await t.app.database.executeSql('select name, cron from pgboss.schedule order by name');
    expect(rows.map((row) => row.name)).toEqual(
      expect.arrayContaining(['auth.sweep-codes', 'auth.sweep-refresh-tokens', 'auth.sweep-throttles', 'idempotency.sweep-keys']),
    );
  });
});

describe('sweepOneTimeCodes', () => {
  it('deletes used and expired codes, in batches, and keeps the live ones', async () => {
    const code = (label: string, values: { expiresAt: Date; consumedAt?: Date | null }) => ({
      personId,
      purpose: 'PASSWORDLESS' as const,
      codeHash: `sweep-${label}`,
      ...values,
    });
    await t.db.execute(
      sql`insert into one_time_codes (id, person_id, purpose, code_hash, expires_at)
          select gen_random_uuid(), ${personId}, 'ACTIVATION', 'sweep-expired-' || g, now() - interval '1 minute'
          from generate_series(1, 2100) g`,
    );
    await t.db
      .insert(oneTimeCodes)
      .values([
        code('used', { expiresAt: fromNow(HOUR), consumedAt: ago(60_000) }),
        code('expired', { expiresAt: ago(1000) }),
        code('live', { expiresAt: fromNow(10 * 60_000) }),
        code('live-reset', { expiresAt: fromNow(HOUR), consumedAt: null }),
      ]);
    expect(await sweepOneTimeCodes(t.db)).toBe(2102);
    const left = await t.db.select({ codeHash: oneTimeCodes.codeHash }).from(oneTimeCodes).where(like(oneTimeCodes.codeHash, 'sweep-%'));
    expect(left.map((row) => row.codeHash).sort()).toEqual(['sweep-live', 'sweep-live-reset']);
  });
});

describe('sweepThrottles', () => {
  it('deletes rows untouched for 24 hours, whatever the policy, and keeps the others', async () => {
    await t.db.insert(authThrottles).values([
      { key: 'sweep:stale', count: 3, windowStartedAt: ago(3 * DAY), lastAt: ago(DAY + 60_000) },
      // The per-IP window (24 h, fixed) started 23 hours ago: still counting.
      { key: 'sweep:ip-window', count: 50, windowStartedAt: ago(23 * HOUR), lastAt: ago(23 * HOUR) },
      // A lockout restarts at each attempt: an old window start with a recent attempt is live.
      { key: 'sweep:lockout', count: 10, windowStartedAt: ago(2 * DAY), lastAt: ago(5 * 60_000) },
    ]);
    expect(await sweepThrottles(t.db)).toBe(1);
    const left = await t.db.select({ key: authThrottles.key }).from(authThrottles).where(like(authThrottles.key, 'sweep:%'));
    expect(left.map((row) => row.key).sort()).toEqual(['sweep:ip-window', 'sweep:lockout']);
  });
});

describe('sweepRefreshTokens', () => {
  it('deletes expired families and long-dead revoked ones; keeps live families whole and recently revoked ones', async () => {
    const token = (familyId: string, label: string, values: Partial<typeof refreshTokens.$inferInsert>) => ({
      familyId,
      personId,
      tokenHash: `sweep-${label}`,
      clientId: 'tandem-web',
      familyExpiresAt: fromNow(20 * DAY),
      ...values,
    });
    const expired = uuidv7();
    const live = uuidv7();
    const deadLongAgo = uuidv7();
    const deadRecently = uuidv7();
    await t.db.insert(refreshTokens).values([
      token(expired, 'expired-active', { familyExpiresAt: ago(60_000) }),
      token(expired, 'expired-rotated', { familyExpiresAt: ago(60_000), status: 'ROTATED', rotatedAt: ago(HOUR) }),
      // A ROTATED token of a live family: reuse detection still needs it, however old.
      token(live, 'live-rotated', { status: 'ROTATED', rotatedAt: ago(9 * DAY), createdAt: ago(10 * DAY) }),
      token(live, 'live-active', { createdAt: ago(9 * DAY) }),
      token(deadLongAgo, 'dead-old-rotated', { status: 'REVOKED', rotatedAt: ago(3 * DAY), createdAt: ago(4 * DAY) }),
      token(deadLongAgo, 'dead-old-last', { status: 'REVOKED', createdAt: ago(3 * DAY) }),
      token(deadRecently, 'dead-new-rotated', { status: 'REVOKED', rotatedAt: ago(HOUR), createdAt: ago(5 * DAY) }),
      token(deadRecently, 'dead-new-last', { status: 'REVOKED', createdAt: ago(HOUR) }),
    ]);
    expect(await sweepRefreshTokens(t.db)).toBe(4);
    const left = await t.db
      .select({ tokenHash: refreshTokens.tokenHash })
      .from(refreshTokens)
      .where(inArray(refreshTokens.familyId, [expired, live, deadLongAgo, deadRecently]));
    expect(left.map((row) => row.tokenHash).sort()).toEqual([
      'sweep-dead-new-last',
      'sweep-dead-new-rotated',
      'sweep-live-active',
      'sweep-live-rotated',
    ]);
  });

  it('deletes more than one batch', async () => {
    await t.db.execute(
      sql`insert into refresh_tokens (id, family_id, person_id, token_hash, client_id, family_expires_at)
          select gen_random_uuid(), gen_random_uuid(), ${personId}, 'sweep-batch-' || g, 'tandem-web', now() - interval '1 day'
          from generate_series(1, 2300) g`,
    );
    expect(await sweepRefreshTokens(t.db)).toBe(2300);
    expect(await t.db.select().from(refreshTokens).where(like(refreshTokens.tokenHash, 'sweep-batch-%'))).toEqual([]);
  });
});
