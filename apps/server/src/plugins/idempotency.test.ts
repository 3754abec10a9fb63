import { randomUUID } from 'node:crypto';
import { and, eq, like, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Task } from '@tandem/contract';
import { idempotencyKeys, tasks } from '../db/schema/index.js';
import { taskUrls } from '../test/task-fixtures.js';
import { useTestApp } from '../test/test-app.js';
import { signUpOwner, type SignedInMember } from '../test/workspace-fixtures.js';

/**
 * The Idempotency-Key lease (issue #14): a key whose attempt died unanswered is not stuck for its
 * 24 hours. The attempts that died are made by hand in the key's row, as a killed server leaves
 * it: claimed and never answered, with or without its work committed.
 */
const LEASE_SECONDS = 30;
const t = useTestApp({ idempotencyLeaseSeconds: LEASE_SECONDS });
let owner: SignedInMember;

beforeAll(async () => {
  owner = await signUpOwner(t);
});

const createTask = (title: string, key: string) =>
  t.post(taskUrls.tasks(owner.workspaceId), { title }, { token: owner.token, headers: { 'idempotency-key': key } });
const keyRow = async (key: string) => {
  const [row] = await t.db
    .select()
    .from(idempotencyKeys)
    .where(like(idempotencyKeys.scopedKey, `%:${key}`));
  return row;
};
const tasksTitled = (title: string) =>
  t.db
    .select()
    .from(tasks)
    .where(and(eq(tasks.workspaceId, owner.workspaceId), eq(tasks.title, title)));
/** Moves the key's claim `seconds` into the past, as if its attempt had started then. */
const ageClaim = (key: string, seconds: number) =>
  t.db
    .update(idempotencyKeys)
    .set({ claimedAt: sql`now() - make_interval(secs => ${seconds})` })
    .where(like(idempotencyKeys.scopedKey, `%:${key}`));
/** Leaves the key as a server killed after the work's commit and before the answer leaves it. */
const loseAnswer = (key: string) =>
  t.db
    .update(idempotencyKeys)
    .set({ responseStatus: null, responseBody: null })
    .where(like(idempotencyKeys.scopedKey, `%:${key}`));

describe('Idempotency-Key lease (issue #14)', () => {
  it("marks the key committed in the work's own transaction, with the transaction's result", async () => {
    const key = randomUUID();
    const created = await createTask('Marked in its transaction', key);
    expect(created.statusCode).toBe(201);
    const row = await keyRow(key);
    expect(row?.committedAt).toBeInstanceOf(Date);
    expect(row?.attempt).toBe(1);
    expect((row?.committedResult as Task).id).toBe(created.json<{ payload: Task }>().payload.id);
    expect(row?.responseStatus).toBe(201);
  });

  it('a replay after the lease of an attempt that died before committing runs the work once', async () => {
    const key = randomUUID();
    const title = `Died before its commit ${key}`;
    const first = await createTask(title, key);
    expect(first.statusCode).toBe(201);
    // As a server killed mid-request leaves it: claimed, nothing committed, never answered.
    await t.db.delete(tasks).where(eq(tasks.title, title));
    await t.db
      .update(idempotencyKeys)
      .set({ responseStatus: null, responseBody: null, committedAt: null, committedResult: null })
      .where(like(idempotencyKeys.scopedKey, `%:${key}`));

    const during = await createTask(title, key);
    expect(during.statusCode).toBe(409);
    expect(during.json().errorCode).toBe('IDEMPOTENCY_IN_FLIGHT');
    expect(await tasksTitled(title)).toHaveLength(0);

    await ageClaim(key, LEASE_SECONDS + 1);
    const replayed = await createTask(title, key);
    expect(replayed.statusCode).toBe(201);
    expect(replayed.headers['idempotent-replayed']).toBeUndefined();
    expect(await tasksTitled(title)).toHaveLength(1);
    expect((await keyRow(key))?.attempt).toBe(2);

    // The new attempt's answer is the key's answer from now on.
    const again = await createTask(title, key);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(replayed.json());
    expect(await tasksTitled(title)).toHaveLength(1);
  });

  it('a replay after the lease of an attempt that committed but never answered gets the answer, and nothing runs twice', async () => {
    const key = randomUUID();
    const title = `Committed, never answered ${key}`;
    const first = await createTask(title, key);
    expect(first.statusCode).toBe(201);
    await loseAnswer(key);

    const during = await createTask(title, key);
    expect(during.statusCode).toBe(409);

    await ageClaim(key, LEASE_SECONDS + 1);
    const replayed = await createTask(title, key);
    expect(replayed.statusCode).toBe(201);
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    expect(replayed.json<{ payload: Task }>().payload).toEqual(first.json<{ payload: Task }>().payload);
    expect(await tasksTitled(title)).toHaveLength(1);
    // The rebuilt answer is stored: later replays get it at once, also within a new lease.
    expect((await keyRow(key))?.responseStatus).toBe(201);
    const again = await createTask(title, key);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(replayed.json());
  });

  it('a replay with another body is still refused after the lease', async () => {
    const key = randomUUID();
    expect((await createTask('The first body', key)).statusCode).toBe(201);
    await loseAnswer(key);
    await ageClaim(key, LEASE_SECONDS + 1);
    const other = await createTask('Another body', key);
    expect(other.statusCode).toBe(422);
    expect(other.json().errorCode).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await tasksTitled('Another body')).toHaveLength(0);
  });

  it('only one of two replays racing for an expired lease takes the key over', async () => {
    const key = randomUUID();
    const title = `Raced for the lease ${key}`;
    expect((await createTask(title, key)).statusCode).toBe(201);
    await t.db.delete(tasks).where(eq(tasks.title, title));
    await t.db
      .update(idempotencyKeys)
      .set({ responseStatus: null, responseBody: null, committedAt: null, committedResult: null })
      .where(like(idempotencyKeys.scopedKey, `%:${key}`));
    await ageClaim(key, LEASE_SECONDS + 1);
    const answers = await Promise.all([createTask(title, key), createTask(title, key), createTask(title, key)]);
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses.filter((status) => status === 201).length).toBeGreaterThanOrEqual(1);
    expect(statuses.every((status) => status === 201 || status === 409)).toBe(true);
    expect(await tasksTitled(title)).toHaveLength(1);
  });
});
