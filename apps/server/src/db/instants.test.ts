import { sql } from 'drizzle-orm';
import { pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/test-app.js';
import { isoInstant } from './instants.js';

const t = useTestApp();

/** A throw-away table of the shape every timestamptz column of the schema has. */
const moments = pgTable('instants_test_moments', {
  id: uuid().primaryKey(),
  at: timestamp({ withTimezone: true, mode: 'date' }),
});

/** Date#toISOString of an instant given in whole microseconds since 1970 (milliseconds truncated, as Date does). */
const isoOfMicros = (micros: bigint) => {
  const millis = micros / 1000n - (micros % 1000n < 0n ? 1n : 0n);
  return new Date(Number(millis)).toISOString();
};

describe('isoInstant (issue #13)', () => {
  it('writes every instant of years 1000–9999 as Date#toISOString would, microseconds truncated, in any session time zone; null stays null', async () => {
    await t.db.execute(sql`create table instants_test_moments (id uuid primary key, at timestamptz)`);
    const micros = fc.sample(fc.bigInt({ min: -30_610_224_000_000_000n, max: 253_402_300_799_999_999n }), 300);
    micros.push(0n, -1n, 1_795_650_000_999_999n, 253_402_300_799_999_999n);
    const expected = new Map<string, string | null>(
      micros.map((value, index) => [`00000000-0000-4000-8000-${String(index).padStart(12, '0')}`, isoOfMicros(value)]),
    );
    const values = [...expected.keys()].map((id, index) => `('${id}', timestamptz 'epoch' + '${micros[index]} microseconds'::interval)`);
    expected.set('00000000-0000-4000-8000-999999999999', null);
    values.push(`('00000000-0000-4000-8000-999999999999', null)`);
    await t.db.execute(sql.raw(`insert into instants_test_moments (id, at) values ${values.join(', ')}`));
    // One connection whose session reads instants in a time zone 12:45 ahead of UTC.
    const rows = await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local time zone 'Pacific/Chatham'`);
      return tx.select({ id: moments.id, iso: isoInstant(moments.at) }).from(moments);
    });
    expect(new Map(rows.map((row) => [row.id, row.iso]))).toEqual(expected);
  });
});
