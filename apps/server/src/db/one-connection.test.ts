import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/test-app.js';
import type { Database, Queryable } from './client.js';
import { inOrder, onOneConnection, readSnapshot } from './one-connection.js';
import { people } from './schema/index.js';

const t = useTestApp();

/** The PostgreSQL backend (one per connection) that runs a statement on `db`. */
async function backendOf(db: Queryable): Promise<number> {
  const result = await db.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`);
  return Number(result.rows[0]!.pid);
}

const isPostgres = () => t.app.database.kind === 'postgres';

describe('onOneConnection (issue #13: a request takes one pool connection, as the floor does)', () => {
  it('runs every statement of the work on one connection, held for it: meanwhile the pool answers on others', async () => {
    const busy = Array.from({ length: 30 }, () => backendOf(t.db));
    const [seen] = await Promise.all([
      onOneConnection(t.db, async (db) => {
        const backends: number[] = [];
        const elsewhere: number[] = [];
        for (let index = 0; index < 6; index++) {
          backends.push(await backendOf(db));
          elsewhere.push(await backendOf(t.db));
        }
        return { backends, elsewhere };
      }),
      ...busy,
    ]);
    expect(new Set(seen.backends).size).toBe(1);
    // On PostgreSQL the work's connection is its own while it runs: the pool's statements go to others.
    if (isPostgres()) expect(seen.elsewhere).not.toContain(seen.backends[0]);
  });

  it('gives the connection back when the work fails, however often (the pool holds ten)', async () => {
    for (let attempt = 0; attempt < 15; attempt++) {
      await expect(
        onOneConnection(t.db, async (db) => {
          await backendOf(db);
          throw new Error(`refused ${attempt}`);
        }),
      ).rejects.toThrow(`refused ${attempt}`);
    }
    expect(await backendOf(t.db)).toBeGreaterThan(0);
  });

  it('runs a transaction of the work on its connection, committed when it returns and rolled back when it throws', async () => {
    const kept = '00000000-0000-4000-8000-0000000001c1';
    const dropped = '00000000-0000-4000-8000-0000000001c2';
    await onOneConnection(t.db, async (db) => {
      const outside = await backendOf(db);
      const inside = await db.transaction(async (tx) => {
        await tx.insert(people).values({ id: kept, firstName: 'Kept', lastName: 'Row', email: 'kept.row@example.test' });
        return backendOf(tx);
      });
      expect(inside).toBe(outside);
      await expect(
        db.transaction(async (tx) => {
          await tx.insert(people).values({ id: dropped, firstName: 'Dropped', lastName: 'Row', email: 'dropped.row@example.test' });
          throw new Error('roll back');
        }),
      ).rejects.toThrow('roll back');
    });
    expect(await t.db.select({ id: people.id }).from(people).where(eq(people.id, kept))).toEqual([{ id: kept }]);
    expect(await t.db.select({ id: people.id }).from(people).where(eq(people.id, dropped))).toEqual([]);
  });

  it('hands PGlite, one connection already, the database itself', async () => {
    const given = await onOneConnection(t.db, async (db) => db);
    if (isPostgres()) expect(given).not.toBe(t.db);
    else expect(given).toBe(t.db);
  });
});

describe('readSnapshot (one snapshot for a page of reads, issue #13)', () => {
  const countPeople = async (db: Queryable) => (await db.select({ id: people.id }).from(people)).length;
  const inTransaction = async (db: Queryable) =>
    (await db.execute<{ readOnly: string }>(sql`select current_setting('transaction_read_only') as "readOnly"`)).rows[0]!.readOnly;

  for (const held of [true, false]) {
    const run = <T>(work: (db: Queryable) => Promise<T>) =>
      held ? onOneConnection(t.db, (db) => readSnapshot(db, work)) : readSnapshot(t.db, work);

    it(`reads one snapshot, read-only, ${held ? 'on a held connection' : 'from the pool'}: a row committed meanwhile is not seen`, async () => {
      let written: Promise<unknown> = Promise.resolve();
      const seen = await run(async (db) => {
        const before = await countPeople(db);
        const id = crypto.randomUUID();
        written = t.db
          .insert(people)
          .values({ id, firstName: 'Meanwhile', lastName: 'Row', email: `${id}@example.test` })
          .execute();
        // PostgreSQL writes on another connection now; PGlite's one connection waits for the snapshot's end.
        if (isPostgres()) await written;
        return { before, after: await countPeople(db), readOnly: await inTransaction(db) };
      });
      await written;
      expect(seen.after).toBe(seen.before);
      expect(seen.readOnly).toBe('on');
      expect(await countPeople(t.db)).toBe(seen.before + 1);
    });

    it(`refuses writes and rolls back when the work throws, ${held ? 'on a held connection' : 'from the pool'}`, async () => {
      const id = crypto.randomUUID();
      await expect(
        run((db) => db.insert(people).values({ id, firstName: 'Never', lastName: 'Row', email: `${id}@example.test` })),
        // 25006 read_only_sql_transaction
      ).rejects.toMatchObject({ cause: { code: '25006' } });
      await expect(
        run(async () => {
          throw new Error('refused');
        }),
      ).rejects.toThrow('refused');
      expect(await t.db.select({ id: people.id }).from(people).where(eq(people.id, id))).toEqual([]);
    });
  }

  it('leaves the held connection outside any transaction after a commit or a rollback', async () => {
    await onOneConnection(t.db, async (db) => {
      await readSnapshot(db, countPeople);
      expect(await inTransaction(db)).toBe('off');
      // 22012 division_by_zero
      await expect(readSnapshot(db, (inner) => inner.execute(sql`select 1/0`))).rejects.toMatchObject({ cause: { code: '22012' } });
      expect(await inTransaction(db)).toBe('off');
      // Work that throws before it returns a promise, while its BEGIN is still on the wire.
      const throwsAtOnce = (() => {
        throw new Error('thrown at once');
      }) as unknown as (db: Queryable) => Promise<number>;
      await expect(readSnapshot(db, throwsAtOnce)).rejects.toThrow('thrown at once');
      expect(await inTransaction(db)).toBe('off');
      expect(await readSnapshot(db, countPeople)).toBeGreaterThan(0);
    });
  });

  it("inside a transaction, leaves the caller's transaction open: its writes still roll back with it", async () => {
    const id = crypto.randomUUID();
    await expect(
      onOneConnection(t.db, (db) =>
        db.transaction(async (tx) => {
          await tx.insert(people).values({ id, firstName: 'Outer', lastName: 'Row', email: `${id}@example.test` });
          expect(await readSnapshot(tx as unknown as Database, countPeople)).toBeGreaterThan(0);
          expect(await inTransaction(tx)).toBe('off');
          throw new Error('roll back the outer transaction');
        }),
      ),
    ).rejects.toThrow('roll back the outer transaction');
    expect(await t.db.select({ id: people.id }).from(people).where(eq(people.id, id))).toEqual([]);
  });
});

describe('inOrder (statements issued back to back on one transaction, issue #13)', () => {
  const newPerson = (id: string) => ({ id, firstName: 'In', lastName: 'Order', email: `${id}@example.test` });
  const countOf = (db: Queryable, ids: string[]) =>
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(people)
      .where(sql`${people.id} in ${ids}`)
      .then(([row]) => row!.count);

  it('sends them pipelined, not queued: node-postgres deprecates queuing a busy client’s queries (decision 038)', async () => {
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.message);
    process.on('warning', onWarning);
    try {
      const results = await t.db.transaction((tx) =>
        inOrder(tx.execute(sql`select 1 as n`), tx.execute(sql`select 2 as n`), tx.execute(sql`select 3 as n`)),
      );
      expect(results.map((result) => Number(result.rows[0]!.n))).toEqual([1, 2, 3]);
      // process.emitWarning emits on the next tick: one turn of the event loop lets it through.
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off('warning', onWarning);
    }
    expect(warnings.filter((message) => message.includes('client.query()'))).toEqual([]);
  });

  it('runs them in the order issued, each seeing the writes issued before it', async () => {
    const ids = Array.from({ length: 8 }, () => crypto.randomUUID());
    const counts = await t.db.transaction((tx) =>
      inOrder(
        ...ids.flatMap((id) => [
          tx
            .insert(people)
            .values(newPerson(id))
            .then(() => -1),
          countOf(tx, ids),
        ]),
      ),
    );
    expect(counts.filter((count) => count >= 0)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(await countOf(t.db, ids)).toBe(8);
  });

  it('rejects with the first failure and the transaction writes nothing, also what was issued before it', async () => {
    const [before, after] = [crypto.randomUUID(), crypto.randomUUID()];
    // 22012 division_by_zero
    await expect(
      t.db.transaction((tx) =>
        inOrder(tx.insert(people).values(newPerson(before)), tx.execute(sql`select 1/0`), tx.insert(people).values(newPerson(after))),
      ),
    ).rejects.toMatchObject({ cause: { code: '22012' } });
    expect(await countOf(t.db, [before, after])).toBe(0);
  });
});
