import { like, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { idempotencyKeys } from '../db/schema/index.js';
import { useTestApp } from '../test/test-app.js';
import { sweepIdempotencyKeys } from './idempotency-sweep.js';

const t = useTestApp();

describe('sweepIdempotencyKeys', () => {
  it('deletes keys older than 24 hours, in batches, and keeps the younger ones', async () => {
    await t.db.execute(
      sql`insert into idempotency_keys (scoped_key, method, path, request_hash, response_status, created_at)
          select 'sweep:old-' || g, 'POST', '/api/v1/x', 'h', 201, now() - interval '25 hours' from generate_series(1, 1500) g`,
    );
    const key = (scopedKey: string, hoursAgo: number) => ({
      scopedKey,
      method: 'POST',
      path: '/api/v1/x',
      requestHash: 'h',
      createdAt: new Date(Date.now() - hoursAgo * 60 * 60_000),
    });
    await t.db.insert(idempotencyKeys).values([key('sweep:young', 23), key('sweep:in-flight', 0)]);
    expect(await sweepIdempotencyKeys(t.db)).toBe(1500);
    const left = await t.db
      .select({ key: idempotencyKeys.scopedKey })
      .from(idempotencyKeys)
      .where(like(idempotencyKeys.scopedKey, 'sweep:%'));
    expect(left.map((row) => row.key).sort()).toEqual(['sweep:in-flight', 'sweep:young']);
  });
});
