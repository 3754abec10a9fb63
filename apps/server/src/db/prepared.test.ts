import { DrizzleQueryError, inArray, sql } from 'drizzle-orm';
import { alias, type SelectedFields } from 'drizzle-orm/pg-core';
import { describe, expect, it, vi } from 'vitest';
import { useTestApp } from '../test/test-app.js';
import type { Queryable } from './client.js';
import { listPlaceholders, listValues, preparedQuery, preparedStatements } from './prepared.js';
import { people } from './schema/index.js';

const t = useTestApp();

let statements = 0;

/** A statement (named `test_case<n>_…`) whose text depends on `shape.upper`; counts how often it is built. */
function countedStatement() {
  const name = `test_case${++statements}`;
  const build = vi.fn((db: Queryable, shape: { upper: boolean }, name: string) =>
    db
      .select({ value: shape.upper ? sql<string>`upper(${sql.placeholder('text')})` : sql<string>`lower(${sql.placeholder('text')})` })
      .from(sql`(select 1) as one`)
      .prepare(name),
  );
  return { name, build, statement: preparedStatements(name, (shape: { upper: boolean }) => String(shape.upper), build) };
}

describe('preparedStatements (issue #13)', () => {
  it('builds each shape once per database, names it per shape and binds new values on every run', async () => {
    const { name, build, statement } = countedStatement();
    for (const text of ['Ada', 'Grace']) {
      expect(await statement(t.db, { upper: true }).execute({ text })).toEqual([{ value: text.toUpperCase() }]);
      expect(await statement(t.db, { upper: false }).execute({ text })).toEqual([{ value: text.toLowerCase() }]);
    }
    expect(build).toHaveBeenCalledTimes(2);
    expect(build.mock.calls.map(([, shape, name]) => [shape.upper, name])).toEqual([
      [true, `${name}_1`],
      [false, `${name}_2`],
    ]);
    expect(statement(t.db, { upper: true })).toBe(statement(t.db, { upper: true }));
  });

  it('runs the statement built on the database inside a transaction, on its connection: it sees what the transaction wrote', async () => {
    const { build, statement } = countedStatement();
    expect(await statement(t.db, { upper: false }).execute({ text: 'Out' })).toEqual([{ value: 'out' }]);
    const personById = preparedStatements(
      'test_person_in_tx',
      () => 'one',
      (db, _shape, name) =>
        db
          .select({ firstName: people.firstName })
          .from(people)
          .where(sql`${people.id} = ${sql.placeholder('id')}`)
          .prepare(name),
    );
    const id = '00000000-0000-4000-8000-0000000000aa';
    const rolledBack = new Error('roll back');
    const seen = await t.db
      .transaction(async (tx) => {
        await tx.insert(people).values({ id, firstName: 'Uncommitted', lastName: 'Row', email: 'uncommitted@example.test' });
        // The transaction's view of a statement is made once per connection, not per run.
        expect(statement(tx, { upper: false })).toBe(statement(tx, { upper: false }));
        expect(statement(tx, { upper: false })).not.toBe(statement(t.db, { upper: false }));
        const inside = [
          await statement(tx, { upper: false }).execute({ text: 'In' }),
          await statement(tx, { upper: false }).execute({ text: 'Tx' }),
          await personById(tx, undefined).execute({ id }),
        ];
        // The pool's other connections (PostgreSQL) do not see the row; PGlite would wait for the transaction.
        if (process.env.TEST_DATABASE === 'postgres') inside.push(await personById(t.db, undefined).execute({ id }));
        throw Object.assign(rolledBack, { inside });
      })
      .catch((error: unknown) => (error === rolledBack ? (rolledBack as Error & { inside: unknown[] }).inside : Promise.reject(error)));
    expect(seen.slice(0, 3)).toEqual([[{ value: 'in' }], [{ value: 'tx' }], [{ firstName: 'Uncommitted' }]]);
    if (process.env.TEST_DATABASE === 'postgres') expect(seen[3]).toEqual([]);
    expect(await personById(t.db, undefined).execute({ id })).toEqual([]);
    expect(build).toHaveBeenCalledTimes(1);
  });

  it('refuses a name already in use, where it is declared', () => {
    const { name } = countedStatement();
    expect(() => preparedStatements(name, String, vi.fn())).toThrow(`the name "${name}" is already in use`);
  });
});

describe('the row mapper of a prepared select (issue #13)', () => {
  const id = '00000000-0000-4000-8000-0000000000bb';
  const fields = {
    id: people.id,
    firstName: people.firstName,
    passwordHash: people.passwordHash,
    status: people.status,
    isPlatformAdmin: people.isPlatformAdmin,
    createdAt: people.createdAt,
    nameLength: sql`length(${people.firstName})`.mapWith(Number),
    upperName: sql<string>`upper(${people.lastName})`.as('upper_name'),
    nothing: sql<null>`null`,
  };

  /** The person `id` selected with `selection` twice: by a prepared statement (our row mapper) and by Drizzle itself. */
  async function personTwice<S extends SelectedFields>(selection: S, name: string) {
    const statement = preparedQuery((db) =>
      db
        .select(selection)
        .from(people)
        .where(sql`${people.id} = ${sql.placeholder('id')}`)
        .prepare(name),
    );
    const expected = await t.db
      .select(selection)
      .from(people)
      .where(sql`${people.id} = ${id}`);
    return { statement, rows: await statement(t.db).execute({ id }), expected };
  }

  it('answers a flat select with the objects Drizzle maps itself: keys in order, decoders applied, null kept', async () => {
    await t.db.insert(people).values({ id, firstName: 'Mapped', lastName: 'Row', email: 'mapped@example.test' });
    const { statement, rows, expected } = await personTwice(fields, 'test_row_mapper');
    const [row] = rows;
    expect(row).toEqual(expected[0]);
    expect(Object.keys(row!)).toEqual(Object.keys(fields));
    expect(row).toMatchObject({ passwordHash: null, nameLength: 6, upperName: 'ROW', nothing: null });
    expect(row!.createdAt).toBeInstanceOf(Date);
    expect((statement(t.db) as unknown as { customResultMapper?: unknown }).customResultMapper).toBeTypeOf('function');
  });

  it('writes field names as data: quotes, backslashes and line breaks in a key map as Drizzle maps them', async () => {
    await t.db.insert(people).values({ id, firstName: 'Odd', lastName: 'Keys', email: 'odd-keys@example.test' }).onConflictDoNothing();
    const odd = {
      'we"ird\\ key': people.id,
      "it's\n}; throw 1; //": people.firstName,
      nested: { '"quoted"': people.lastName, 'line\u2028break': sql<string>`'x'` },
    };
    const { rows, expected } = await personTwice(odd, 'test_row_mapper_odd_keys');
    expect(rows).toEqual(expected);
    expect(Object.keys(rows[0]!)).toEqual(Object.keys(odd));
    expect(rows[0]!['we"ird\\ key']).toBe(id);
  });

  it('maps nested selections as Drizzle does: a left join that found nothing is null, an inner one keeps its object', async () => {
    await t.db.insert(people).values({ id, firstName: 'Nested', lastName: 'Row', email: 'nested@example.test' }).onConflictDoNothing();
    const other = alias(people, 'other');
    const nested = {
      person: { id: people.id, firstName: people.firstName, createdAt: people.createdAt },
      missing: { id: other.id, email: other.email },
      same: { id: other.id, lastName: people.lastName },
      length: sql`length(${people.lastName})`.mapWith(Number),
    };
    const onNothing = sql`${other.id} = ${people.id} and false`;
    const statement = preparedQuery((db) =>
      db
        .select(nested)
        .from(people)
        .leftJoin(other, onNothing)
        .where(sql`${people.id} = ${sql.placeholder('id')}`)
        .prepare('test_row_mapper_nested'),
    );
    const expected = await t.db
      .select(nested)
      .from(people)
      .leftJoin(other, onNothing)
      .where(sql`${people.id} = ${id}`);
    const rows = await statement(t.db).execute({ id });
    expect(rows).toEqual(expected);
    expect(rows[0]).toMatchObject({
      person: { id, firstName: expect.any(String) },
      missing: null,
      same: { id: null, lastName: 'Row' },
      length: 3,
    });
    expect(rows[0]!.person.createdAt).toBeInstanceOf(Date);
    expect((statement(t.db) as unknown as { customResultMapper?: unknown }).customResultMapper).toBeTypeOf('function');
  });
});

describe('preparedQuery', () => {
  it('builds once per database and answers each run with its own values', async () => {
    const build = vi.fn((db: Queryable) =>
      db
        .select({ id: people.id })
        .from(people)
        .where(sql`${people.id} = ${sql.placeholder('id')}`)
        .prepare('test_person_by_id'),
    );
    const query = preparedQuery(build);
    expect(await query(t.db).execute({ id: '00000000-0000-4000-8000-000000000000' })).toEqual([]);
    expect(await query(t.db).execute({ id: '00000000-0000-4000-8000-000000000001' })).toEqual([]);
    expect(build).toHaveBeenCalledTimes(1);
  });
});

describe("a prepared query's execute (issue #13: node-postgres runs its own, decided once)", () => {
  const personById = preparedQuery((db) =>
    db
      .select({ id: people.id, firstName: people.firstName })
      .from(people)
      .where(sql`${people.id} = ${sql.placeholder('id')}`)
      .prepare('test_direct_person_by_id'),
  );
  const renameStatement = preparedQuery((db) =>
    db
      .update(people)
      .set({ firstName: sql`${sql.placeholder('firstName')}` })
      .where(sql`${people.id} = ${sql.placeholder('id')}`)
      .prepare('test_direct_rename'),
  );
  const id = '00000000-0000-4000-8000-0000000000d1';

  it('binds the values, runs on the client and maps rows; a statement that selects nothing answers with the driver result', async () => {
    await t.db.insert(people).values({ id, firstName: 'Direct', lastName: 'Run', email: 'direct.run@example.test' });
    expect(await personById(t.db).execute({ id })).toEqual([{ id, firstName: 'Direct' }]);
    // The driver's own result: node-postgres counts rowCount, PGlite affectedRows.
    const result = (await renameStatement(t.db).execute({ id, firstName: 'Renamed' })) as unknown as {
      rows: unknown[];
      rowCount?: number;
      affectedRows?: number;
    };
    expect(result.rows).toEqual([]);
    expect(result.rowCount ?? result.affectedRows).toBe(1);
    expect(await personById(t.db).execute({ id })).toEqual([{ id, firstName: 'Renamed' }]);
  });

  it("refuses a missing value with Drizzle's message and wraps a driver error in DrizzleQueryError, its cause the database's error", async () => {
    await expect(personById(t.db).execute({})).rejects.toThrow('No value for placeholder "id" was provided');
    const failure = await personById(t.db)
      .execute({ id: 'not a uuid' })
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(failure).toBeInstanceOf(DrizzleQueryError);
    expect((failure as DrizzleQueryError).cause).toMatchObject({ code: '22P02' });
    expect((failure as DrizzleQueryError).params).toEqual(['not a uuid']);
  });
});

describe('listPlaceholders and listValues', () => {
  it('bind a list whose length is part of the shape, one placeholder per item', async () => {
    const ids = ['00000000-0000-4000-8000-00000000000a', '00000000-0000-4000-8000-00000000000b'];
    expect(listValues('id', ids)).toEqual({ id0: ids[0], id1: ids[1] });
    expect(listValues('id', undefined)).toEqual({});
    const statement = t.db
      .select({ id: people.id })
      .from(people)
      .where(inArray(people.id, listPlaceholders('id', ids.length)))
      .prepare('test_people_in_list');
    expect(statement.getQuery().sql).toContain('in ($1, $2)');
    expect(await statement.execute(listValues('id', ids))).toEqual([]);
  });
});
