import type { PGlite, QueryOptions, Transaction } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { date, interval, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { afterEach, describe, expect, it } from 'vitest';
import { fromPglite } from './client.js';
import { openEmptyPglite } from '../test/empty-pglite.js';

const events = pgTable('events', {
  name: text().primaryKey(),
  at: timestamp({ withTimezone: true }).notNull(),
  localAt: timestamp().notNull(),
  day: date().notNull(),
  length: interval().notNull(),
});

let client: PGlite | undefined;
afterEach(async () => {
  await client?.close();
  client = undefined;
});

/** A PGlite whose every `query` call's options are recorded (in and out of transactions), wrapped as Tandem wraps it. */
async function recordedHandle() {
  client = await openEmptyPglite();
  const sent: (QueryOptions | undefined)[] = [];
  const recorded = <T extends Pick<PGlite, 'query'>>(target: T) => {
    const query = target.query.bind(target);
    target.query = ((text: string, params?: unknown[], options?: QueryOptions) => {
      sent.push(options);
      return query(text, params, options);
    }) as PGlite['query'];
    return target;
  };
  recorded(client);
  const transaction = client.transaction.bind(client);
  client.transaction = ((work: (tx: Transaction) => Promise<unknown>) => transaction((tx) => work(recorded(tx)))) as PGlite['transaction'];
  const handle = fromPglite(client);
  await handle.db.execute(
    sql`create table events (name text primary key, at timestamptz not null, local_at timestamp not null, day date not null, length interval not null)`,
  );
  return { handle, sent };
}

describe("Drizzle's PGlite parsers set once on the instance (issue #13)", () => {
  it("reads Drizzle's types as its codecs expect, in and out of a transaction, with nothing sent through PGlite's query", async () => {
    const { handle, sent } = await recordedHandle();
    const row = {
      name: 'board',
      at: new Date('2026-11-29T08:30:00.123Z'),
      localAt: new Date('2026-11-29T09:30:00.000Z'),
      day: '2026-11-30',
      length: '01:30:00',
    };
    sent.length = 0;
    await handle.db.transaction(async (tx) => {
      await tx.insert(events).values(row);
      expect(await tx.select().from(events)).toEqual([row]);
    });
    expect(await handle.db.select().from(events)).toEqual([row]);
    // Drizzle's statements run prepared (decision 039), parsed with the instance's own parsers:
    // none reaches PGlite's query, whose per-query parsers cost ≈ 200 µs (decision 037).
    expect(sent).toEqual([]);
  });

  it("gives pg-boss and the readiness check PGlite's own parsers: timestamps as Dates", async () => {
    const { handle } = await recordedHandle();
    const [parameterised] = (await handle.executeSql('select $1::timestamptz as at', ['2026-11-29T08:30:00Z'])).rows;
    expect(parameterised!.at).toEqual(new Date('2026-11-29T08:30:00Z'));
    const [script] = (await handle.executeSql("select 1; select '2026-11-29T08:30:00Z'::timestamptz as at, '2026-11-30'::date as day"))
      .rows;
    expect(script!.at).toEqual(new Date('2026-11-29T08:30:00Z'));
    expect(script!.day).toBeInstanceOf(Date);
    expect(await handle.ping()).toBe(true);
  });

  it('runs pg-boss statements with parameters prepared: parsed once, planned from the cache', async () => {
    const { handle } = await recordedHandle();
    const text = 'select $1::text as name, $2::int as size';
    for (const [name, size] of [
      ['mail.send', 1],
      ['slack.deliver', 2],
    ] as const) {
      expect((await handle.executeSql(text, [name, size])).rows).toEqual([{ name, size }]);
    }
    const { rows } = await client!.query<{ count: number }>(
      'select count(*)::int as count from pg_prepared_statements where statement = $1',
      [text],
    );
    expect(rows[0]!.count).toBe(1);
  });

  it("keeps PGlite's own parsers for pg-boss when the same instance is wrapped twice", async () => {
    const { handle } = await recordedHandle();
    const again = fromPglite(client!);
    for (const each of [handle, again]) {
      const [row] = (await each.executeSql('select $1::timestamptz as at', ['2026-11-29T08:30:00Z'])).rows;
      expect(row!.at).toEqual(new Date('2026-11-29T08:30:00Z'));
    }
  });
});
