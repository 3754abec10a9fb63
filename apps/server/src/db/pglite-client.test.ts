import { setImmediate as nextTurn } from 'node:timers/promises';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fromPglite, type DatabaseHandle } from './client.js';
import { openEmptyPglite } from '../test/empty-pglite.js';

let client: PGlite;
let handle: DatabaseHandle;

beforeEach(async () => {
  client = await openEmptyPglite();
  handle = fromPglite(client);
  await handle.db.execute(sql`create table notes (id int primary key, body text not null)`);
});

afterEach(async () => {
  await client.close();
});

/** Resolves once `heard` holds `count` payloads, or after a bounded number of event-loop turns. */
async function heardAfterTurns(heard: string[], count: number): Promise<string[]> {
  for (let turn = 0; turn < 50 && heard.length < count; turn += 1) await nextTurn();
  // A few more turns: a second delivery of the same NOTIFY would come by then.
  for (let turn = 0; turn < 5; turn += 1) await nextTurn();
  return heard;
}

describe('PGlite under Drizzle (db/client.ts, decisions 040 and 041)', () => {
  it('delivers a NOTIFY to its listener once, whether a prepared statement or a COMMIT carried it', async () => {
    const heard: string[] = [];
    const unlisten = await handle.listen('tandem_notes', (payload) => heard.push(payload));
    // Outside a transaction: PostgreSQL sends it with the prepared statement's own output.
    await handle.db.execute(sql`select pg_notify('tandem_notes', 'outside')`);
    // Inside one: with the COMMIT's output, which PGlite itself parses.
    await handle.db.transaction(async (tx) => {
      await tx.execute(sql`insert into notes (id, body) values (1, 'one')`);
      await tx.execute(sql`select pg_notify('tandem_notes', 'inside')`);
    });
    expect(await heardAfterTurns(heard, 2)).toEqual(['outside', 'inside']);

    await unlisten();
    await handle.db.execute(sql`select pg_notify('tandem_notes', 'after unlisten')`);
    expect(await heardAfterTurns(heard, 3)).toEqual(['outside', 'inside']);
  });

  it('lets the event loop turn before a statement or a transaction takes PGlite', async () => {
    // PGlite answers without I/O: without the turn, a request's statements would all run before any
    // request read in the meantime got its place in the queue (bench/README "thirteenth session").
    for (const run of [() => handle.db.execute(sql`select 1`), () => handle.db.transaction((tx) => tx.execute(sql`select 1`))]) {
      const order: string[] = [];
      const waiting = new Promise<void>((resolve) =>
        setImmediate(() => {
          order.push('work queued on the event loop before it');
          resolve();
        }),
      );
      await run();
      order.push('the statement');
      await waiting;
      expect(order).toEqual(['work queued on the event loop before it', 'the statement']);
    }
  });
});
