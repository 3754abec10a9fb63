import type { PGlite } from '@electric-sql/pglite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PREPARED_STATEMENTS_MAX, PreparedStatements } from './pglite-prepared.js';
import { openEmptyPglite } from '../test/empty-pglite.js';

let client: PGlite;
let prepared: PreparedStatements;

beforeEach(async () => {
  client = await openEmptyPglite();
  await client.exec(`
    create table notes (id uuid primary key, body text not null, tags text[] not null default '{}', data jsonb,
      due date, at timestamptz, done boolean not null default false, points int);
  `);
  prepared = new PreparedStatements(client);
});

afterEach(async () => {
  await client.close();
});

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** The names of the statements PostgreSQL holds prepared in this session. */
async function preparedNames(): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>('select name from pg_prepared_statements order by name');
  return rows.map((row) => row.name);
}

describe('PGlite statements prepared once per SQL text (issue #13, decision 039)', () => {
  it('answers exactly as PGlite’s own query, for every kind of value, in object and array rows', async () => {
    const insert = 'insert into notes (id, body, tags, data, due, at, done, points) values ($1, $2, $3, $4, $5, $6, $7, $8)';
    const values = [
      id(1),
      'it’s "quoted", with \\ and ;',
      ['a', 'b,c', 'd"e'],
      { nested: [1, 'two'] },
      '2026-11-30',
      new Date('2026-11-29T08:30:00.123Z'),
      true,
      null,
    ];
    const inserted = await prepared.query(insert, values);
    expect(inserted.affectedRows).toBe(1);

    const select = 'select id, body, tags, data, due, at, done, points from notes where id = $1';
    for (const options of [undefined, { rowMode: 'array' as const }]) {
      const mine = await prepared.query(select, [id(1)], options);
      const theirs = await client.query(select, [id(1)], options);
      expect(mine.rows).toEqual(theirs.rows);
      expect(mine.fields).toEqual(theirs.fields);
    }
    const [row] = (await prepared.query<Record<string, unknown>>(select, [id(1)])).rows;
    expect(row).toMatchObject({ body: values[1], tags: values[2], data: values[3], done: true, points: null });
  });

  it('answers text in every script and long results exactly as PGlite’s own query (decision 040)', async () => {
    // Multi-byte characters (2, 3 and 4 bytes in UTF-8) and 3,000 rows: PostgreSQL's output comes in
    // several chunks, some ending inside a message.
    await client.exec(`
      insert into notes (id, body, tags, points)
      select ('00000000-0000-4000-8000-' || lpad(n::text, 12, '0'))::uuid,
             'Zoë – 東京 – 🗓️ meeting ' || n || repeat(' ✓', n % 40), array['ünï', 'çødé ' || n], n
      from generate_series(1, 3000) as n`);
    const select = 'select id, body, tags, points, due, data from notes where points > $1 order by points';
    for (const options of [undefined, { rowMode: 'array' as const }]) {
      const mine = await prepared.query(select, [0], options);
      const theirs = await client.query(select, [0], options);
      expect(mine.rows).toHaveLength(3000);
      expect(mine.rows).toEqual(theirs.rows);
      expect(mine.fields).toEqual(theirs.fields);
    }
  });

  it('reports each command, its row count and the rows it affected as PGlite’s own query', async () => {
    const runs: [string, unknown[]][] = [
      ['insert into notes (id, body) values ($1, $2), ($3, $4)', [id(1), 'one', id(2), 'two']],
      ['update notes set done = true where body = $1', ['one']],
      ['select body from notes order by body', []],
      ['insert into notes (id, body) values ($1, $2) returning id, body', [id(3), 'three']],
      ['delete from notes where done = $1', [false]],
      ['select body from notes where body = $1', ['nobody']],
    ];
    for (const [index, [text, values]] of runs.entries()) {
      // Each run on a copy of the same data: mine, then PGlite's own, then the change undone.
      await client.exec('begin');
      const mine = await prepared.queryInTransaction(text, values);
      await client.exec('rollback');
      const theirs = await client.query(text, values);
      expect({ index, ...mine }).toEqual({ index, ...theirs });
    }
  });

  it('passes an error on with every field PGlite’s own query gives it', async () => {
    await client.exec('create table tags (note_id uuid not null references notes (id), name text not null unique)');
    const insert = 'insert into tags (note_id, name) values ($1, $2)';
    const fields = (error: unknown) => {
      const { code, detail, constraint, table, schema, severity, message } = error as Record<string, unknown>;
      return { code, detail, constraint, table, schema, severity, message };
    };
    const mine = await prepared.query(insert, [id(9), 'x']).catch((error: unknown) => error);
    const theirs = await client.query(insert, [id(9), 'x']).catch((error: unknown) => error);
    expect(fields(mine)).toEqual(fields(theirs));
    expect(fields(mine)).toMatchObject({ code: '23503', constraint: 'tags_note_id_fkey', table: 'tags' });
  });

  it('hands each NOTIFY in a statement’s output to its notification handler, once', async () => {
    const heard: [string, string][] = [];
    const listening = new PreparedStatements(client, (channel, payload) => heard.push([channel, payload]));
    await listening.query('listen tandem_test');
    await listening.query("select pg_notify('tandem_test', $1)", ['outside a transaction']);
    expect(heard).toEqual([['tandem_test', 'outside a transaction']]);
  });

  it('parses each SQL text once, however often it runs', async () => {
    const select = 'select body from notes where id = $1';
    await prepared.query('insert into notes (id, body) values ($1, $2)', [id(1), 'one']);
    for (let run = 0; run < 7; run += 1) expect((await prepared.query(select, [id(1)])).rows).toEqual([{ body: 'one' }]);
    expect(prepared.size).toBe(2);
    expect(await preparedNames()).toHaveLength(2);
  });

  it(`keeps at most ${PREPARED_STATEMENTS_MAX} statements, closing the least recently used`, async () => {
    const first = 'select 0 as n';
    await prepared.query(first);
    for (let n = 1; n < PREPARED_STATEMENTS_MAX; n += 1) await prepared.query(`select ${n} as n`);
    await prepared.query(first); // used again: now the most recent
    await prepared.query(`select ${PREPARED_STATEMENTS_MAX} as n`);
    expect(prepared.size).toBe(PREPARED_STATEMENTS_MAX);
    expect(await preparedNames()).toHaveLength(PREPARED_STATEMENTS_MAX);
    // 'select 1' was the least recently used: closed, and prepared again when it comes back.
    expect((await prepared.query(first)).rows).toEqual([{ n: 0 }]);
    expect((await prepared.query('select 1 as n')).rows).toEqual([{ n: 1 }]);
    expect(prepared.size).toBe(PREPARED_STATEMENTS_MAX);
  });

  it('passes PostgreSQL’s errors on with their codes and stays usable', async () => {
    const insert = 'insert into notes (id, body) values ($1, $2)';
    await prepared.query(insert, [id(1), 'one']);
    await expect(prepared.query(insert, [id(1), 'again'])).rejects.toMatchObject({ code: '23505' });
    await expect(prepared.query('select * from nowhere')).rejects.toMatchObject({ code: '42P01' });
    await expect(prepared.query('select body from notes where id = $1', ['not a uuid'])).rejects.toMatchObject({ code: '22P02' });
    expect((await prepared.query('select count(*)::int as n from notes')).rows).toEqual([{ n: 1 }]);
  });

  it('prepares a statement again when its table changed shape since', async () => {
    const select = 'select * from notes where id = $1';
    await prepared.query('insert into notes (id, body) values ($1, $2)', [id(1), 'one']);
    expect(Object.keys((await prepared.query<Record<string, unknown>>(select, [id(1)])).rows[0]!)).not.toContain('extra');
    await client.exec("alter table notes add column extra text not null default 'x'");
    expect((await prepared.query<Record<string, unknown>>(select, [id(1)])).rows[0]).toMatchObject({ body: 'one', extra: 'x' });
  });

  it('runs inside a transaction on its lock, and keeps queries from outside out of it until it ends', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let inserted!: () => void;
    const didInsert = new Promise<void>((resolve) => (inserted = resolve));
    const transaction = client.transaction(async () => {
      await prepared.queryInTransaction('insert into notes (id, body) values ($1, $2)', [id(1), 'uncommitted']);
      inserted();
      await held;
      await prepared.queryInTransaction('select 1');
      throw new Error('roll back');
    });
    await didInsert;
    // Issued while the transaction is open: it must wait, never see the uncommitted row.
    const outside = prepared.query('select count(*)::int as n from notes');
    release();
    await expect(transaction).rejects.toThrow('roll back');
    expect((await outside).rows).toEqual([{ n: 0 }]);
  });
});
