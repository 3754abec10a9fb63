import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client.js';
import { openTestDatabase } from '../test/test-app.js';
import { Jobs, type Job } from './jobs.js';
import { toDrizzleSql, transactionAdapter } from './transaction-adapter.js';

const logger = Fastify({ logger: false }).log;

let database: DatabaseHandle;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ handle: database, drop } = await openTestDatabase());
});
afterAll(async () => drop?.());

/** A promise with its resolve function, to await one event. */
function signal<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

/** Rejects when `promise` takes longer than `ms`. */
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

async function countJobs(queue: string, where = 'true'): Promise<number> {
  const { rows } = await database.executeSql(`select count(*)::int as n from pgboss.job where name = $1 and ${where}`, [queue]);
  return Number(rows[0]?.n);
}

describe('toDrizzleSql', () => {
  it('binds each $n placeholder, repeated ones too, and refuses a missing value', () => {
    const query = toDrizzleSql('select $1::int + $2::int, $1::text', [1, 2]);
    expect(query.queryChunks.length).toBeGreaterThan(0);
    expect(() => toDrizzleSql('select $3', [1])).toThrow(/\$3/);
    expect(() => toDrizzleSql('do $$ begin end $$', [])).toThrow(/dollar-quoted/);
  });

  it('never splices a value into the SQL text: hostile values come back verbatim (the sql.raw chunks are pg-boss text only)', async () => {
    const hostile = ["'); drop table people; --", '$1', '$$ x $$', "\\' or 1=1 --"];
    const { rows } = await transactionAdapter(database.db).executeSql(
      'select $1::text as a, $2::text as b, $3::text as c, $4::text as d',
      hostile,
    );
    expect(rows[0]).toEqual({ a: hostile[0], b: hostile[1], c: hostile[2], d: hostile[3] });
    const { rows: people } = await database.executeSql(
      "select count(*)::int as n from information_schema.tables where table_name = 'people'",
      [],
    );
    expect(people[0]?.n).toBe(1);
  });
});

describe('Jobs', () => {
  let jobs: Jobs;
  const recorded: string[] = [];
  let committedRan = signal();
  const flakyAttempts: { retryCount: number; at: number }[] = [];
  const onceRuns: string[] = [];

  beforeAll(async () => {
    jobs = new Jobs({ database, logger });
    jobs.register<{ label: string }>({
      name: 'test.record',
      // Far beyond the test's patience: only the NOTIFY wake-up can start the job in time.
      pollingIntervalSeconds: 120,
      handler: async ({ data }) => {
        recorded.push(data.label);
        if (data.label === 'committed') committedRan.resolve();
      },
    });
    jobs.register({
      name: 'test.flaky',
      pollingIntervalSeconds: 0.5,
      options: { retryLimit: 3, retryDelay: 1, retryBackoff: true },
      handler: async ({ retryCount }: Job<object>) => {
        flakyAttempts.push({ retryCount, at: Date.now() });
        if (retryCount === 0) throw new Error('the first attempt fails');
      },
    });
    jobs.register<{ label: string }>({
      name: 'test.once',
      handler: async ({ data }) => {
        onceRuns.push(data.label);
      },
    });
    await jobs.start();
  });
  afterAll(async () => jobs?.stop());

  it('refuses a registration after start, and an enqueue on an unknown queue', async () => {
    expect(() => jobs.register({ name: 'test.late', handler: async () => undefined })).toThrow(/after start/);
    await expect(database.db.transaction((tx) => jobs.enqueue(tx, 'test.unknown', {}))).rejects.toThrow(/not registered/);
  });

  it('runs nothing for a rolled-back transaction; a committed job starts at once through NOTIFY', async () => {
    committedRan = signal();
    await expect(
      database.db.transaction(async (tx) => {
        await jobs.enqueue(tx, 'test.record', { label: 'rolled-back' });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    const startedAt = Date.now();
    await database.db.transaction((tx) => jobs.enqueue(tx, 'test.record', { label: 'committed' }));
    await within(committedRan.promise, 10_000, 'the committed job');
    // Well before the next poll (120 s): the wake-up came from the commit's NOTIFY.
    expect(Date.now() - startedAt).toBeLessThan(10_000);
    await jobs.waitUntilIdle(['test.record']);
    expect(recorded).toEqual(['committed']);
    expect(await countJobs('test.record', `data->>'label' = 'rolled-back'`)).toBe(0);
  });

  it('drains a backlog without waiting a polling interval between jobs', async () => {
    const labels = ['backlog 1', 'backlog 2', 'backlog 3', 'backlog 4', 'backlog 5'];
    const allRan = signal();
    const check = () => labels.every((label) => recorded.includes(label)) && allRan.resolve();
    const timer = setInterval(check, 50);
    try {
      // One transaction: PostgreSQL folds its identical NOTIFYs into one, so one wake-up only;
      // the queue polls every 120 s, so only the worker's own look for the next job drains it.
      await database.db.transaction(async (tx) => {
        for (const label of labels) await jobs.enqueue(tx, 'test.record', { label });
      });
      await within(allRan.promise, 10_000, 'the backlog of five');
    } finally {
      clearInterval(timer);
    }
    await jobs.waitUntilIdle(['test.record']);
    expect(recorded.filter((label) => labels.includes(label)).sort()).toEqual(labels);
  });

  it('retries a failing handler with backoff, then it succeeds once', async () => {
    const id = await database.db.transaction((tx) => jobs.enqueue(tx, 'test.flaky', {}));
    await jobs.waitUntilIdle(['test.flaky'], 20_000);
    expect(flakyAttempts.map((attempt) => attempt.retryCount)).toEqual([0, 1]);
    // Backoff: retryDelay × 2^1 / 2 × (1 + jitter) ≥ 1 s before the second attempt.
    expect(flakyAttempts[1]!.at - flakyAttempts[0]!.at).toBeGreaterThanOrEqual(1000);
    expect(await countJobs('test.flaky', `id = '${id}' and state = 'completed'`)).toBe(1);
  });

  it('enqueues a job id once: a second enqueue with the same id is ignored', async () => {
    const id = crypto.randomUUID();
    const first = await database.db.transaction((tx) => jobs.enqueue(tx, 'test.once', { label: 'first' }, { id }));
    const second = await database.db.transaction((tx) => jobs.enqueue(tx, 'test.once', { label: 'second' }, { id }));
    expect(first).toBe(id);
    expect(second).toBeNull();
    await jobs.waitUntilIdle(['test.once']);
    expect(onceRuns).toEqual(['first']);
  });
});

describe('Jobs.stop', () => {
  it('stops taking jobs but lets a running one finish first', async () => {
    const jobs = new Jobs({ database, logger, shutdownTimeoutMs: 10_000 });
    const started = signal();
    const release = signal();
    let finished = false;
    jobs.register({
      name: 'test.slow',
      handler: async () => {
        started.resolve();
        await release.promise;
        finished = true;
      },
    });
    await jobs.start();
    const id = await database.db.transaction((tx) => jobs.enqueue(tx, 'test.slow', {}));
    await within(started.promise, 10_000, 'the slow job');
    const stopped = jobs.stop();
    let isStopped = false;
    void stopped.then(() => (isStopped = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(isStopped).toBe(false);
    release.resolve();
    await stopped;
    expect(finished).toBe(true);
    expect(await countJobs('test.slow', `id = '${id}' and state = 'completed'`)).toBe(1);
  });
});

describe('Jobs.start', () => {
  const stored = async () => {
    const { rows } = await database.executeSql(
      `select q.retry_limit, q.updated_on::text as queue_updated, s.cron, s.updated_on::text as schedule_updated
         from pgboss.queue q left join pgboss.schedule s on s.name = q.name where q.name = 'test.settings'`,
      [],
    );
    return rows[0] as { retry_limit: number; queue_updated: string; cron: string; schedule_updated: string };
  };
  const startWith = async (retryLimit: number, schedule: string) => {
    const jobs = new Jobs({ database, logger });
    jobs.register({ name: 'test.settings', options: { retryLimit }, schedule, handler: async () => undefined });
    await jobs.start();
    await jobs.stop();
  };

  it('creates a queue and its schedule, writes nothing again on a restart with the same settings, and stores changed ones', async () => {
    await startWith(2, '*/5 * * * *');
    const first = await stored();
    expect(first).toMatchObject({ retry_limit: 2, cron: '*/5 * * * *' });
    await startWith(2, '*/5 * * * *');
    expect(await stored()).toEqual(first);
    await startWith(4, '*/10 * * * *');
    const changed = await stored();
    expect(changed).toMatchObject({ retry_limit: 4, cron: '*/10 * * * *' });
    expect(changed.queue_updated).not.toBe(first.queue_updated);
    expect(changed.schedule_updated).not.toBe(first.schedule_updated);
  });
});

describe('Jobs.start: the workers', () => {
  it('polls no queue at start: a committed job wakes its queue at once, one left waiting is found by the first poll', async () => {
    const statements: { text: string; values: unknown[] }[] = [];
    const recording: DatabaseHandle = {
      ...database,
      executeSql: (text, values) => {
        statements.push({ text, values: values ?? [] });
        return database.executeSql(text, values);
      },
    };
    const ran: string[] = [];
    const waitingRan = signal();
    const idleRan = signal();
    const make = () => {
      const jobs = new Jobs({ database: recording, logger });
      jobs.register<{ label: string }>({
        name: 'test.waiting',
        pollingIntervalSeconds: 1,
        handler: async ({ data }) => {
          ran.push(data.label);
          waitingRan.resolve();
        },
      });
      jobs.register<{ label: string }>({
        name: 'test.idle',
        // Far beyond the test's patience: only the commit's wake-up can start the job in time.
        pollingIntervalSeconds: 120,
        handler: async ({ data }) => {
          ran.push(data.label);
          idleRan.resolve();
        },
      });
      return jobs;
    };
    const first = make();
    await first.start();
    await first.stop();
    // A job committed while no process ran (a restart in between).
    await database.executeSql(`insert into pgboss.job (name, data) values ('test.waiting', '{"label": "left waiting"}'::jsonb)`, []);
    statements.length = 0;
    const jobs = make();
    await jobs.start();
    const polls = (queue: string) => statements.filter(({ text, values }) => /skip locked/i.test(text) && values[0] === queue).length;
    expect(polls('test.waiting') + polls('test.idle')).toBe(0);
    await database.db.transaction((tx) => jobs.enqueue(tx, 'test.idle', { label: 'committed' }));
    await within(idleRan.promise, 10_000, 'the job committed after start');
    await within(waitingRan.promise, 10_000, 'the job left waiting');
    expect(polls('test.idle')).toBeGreaterThan(0);
    expect(polls('test.waiting')).toBeGreaterThan(0);
    await jobs.waitUntilIdle(['test.waiting', 'test.idle']);
    expect(ran.sort()).toEqual(['committed', 'left waiting']);
    await jobs.stop();
  });
});
