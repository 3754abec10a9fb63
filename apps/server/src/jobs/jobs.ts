import { EventEmitter } from 'node:events';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { DatabaseHandle, Queryable } from '../db/client.js';
import { transactionAdapter, type SqlExecutor } from './transaction-adapter.js';

/** The NOTIFY channel that wakes a queue's workers on every process; the payload is the queue name. */
export const JOBS_CHANNEL = 'tandem_jobs';

/** One job as a handler receives it. */
export interface Job<T> {
  id: string;
  queue: string;
  data: T;
  /** 0 on the first attempt, then 1, 2, … */
  retryCount: number;
}

/** Runs one job; a throw (or exceeding `expireInSeconds`) fails the attempt and schedules a retry. */
export type JobHandler<T> = (job: Job<T>) => Promise<void>;

/** Per-queue settings, stored on the queue (pg-boss `createQueue` / `updateQueue`). */
export interface QueueOptions {
  /** Retries after the first attempt (pg-boss default 2). */
  retryLimit?: number;
  /** Seconds before a retry; with `retryBackoff` the base of an exponential, jittered delay. */
  retryDelay?: number;
  retryBackoff?: boolean;
  /** An active attempt older than this fails and is retried (e.g. its process died). */
  expireInSeconds?: number;
  /** How long a job may wait to start before it is dropped (pg-boss default 14 days). */
  retentionMinutes?: number;
}

export interface QueueDefinition<T> {
  /** e.g. 'mail.send'; letters, digits, '.', '_' and '-'. */
  name: string;
  handler: JobHandler<T>;
  options?: QueueOptions;
  /** Workers in this process, each running one job at a time (default 1). */
  concurrency?: number;
  /** Seconds between polls when no NOTIFY came (default 2; min 0.5). */
  pollingIntervalSeconds?: number;
  /** A cron expression (UTC): the queue then gets one job per tick across all processes. */
  schedule?: string;
}

export interface EnqueueOptions {
  /** The job's id (a UUID): enqueueing the same id again is ignored while the job is kept. */
  id?: string;
  /** With `singletonSeconds`: at most one job per key in each such time slot. */
  singletonKey?: string;
  singletonSeconds?: number;
  /** Seconds from now, or a moment, before which the job does not start. */
  startAfter?: number | Date;
}

export interface JobsOptions {
  database: DatabaseHandle;
  logger: FastifyBaseLogger;
  /** How long stop() lets running jobs finish before failing them for a retry (default 10 s). */
  shutdownTimeoutMs?: number;
}

type State = 'registering' | 'starting' | 'started' | 'stopping' | 'stopped';

const MAX_MAINTENANCE_INTERVAL_SECONDS = 60;
const IDLE_RECHECK_MS = 100;

/**
 * The durable job queue (ARCHITECTURE "background work", decision 011): pg-boss 10 on the
 * app's own database through pg-boss's `db` option, so PostgreSQL and PGlite run the same code.
 *
 * Order of use: features `register` their queues while the app is built; `start` (the jobs
 * plugin's onReady) creates the queues and schedules and starts the workers — registering after
 * that throws; `enqueue` writes a job inside the caller's transaction; `stop` (the plugin's
 * onClose) stops fetching, lets running jobs finish (bounded), and only then may the database
 * close. The module never names a feature: queues come from `register`.
 *
 * Jobs start within milliseconds of the commit that enqueued them: `enqueue` also sends
 * `pg_notify('tandem_jobs', queue)` in the same transaction, and every process LISTENs and
 * wakes its workers for that queue; polling remains the fallback (retries, missed notices).
 * pg-boss's maintenance (failing expired attempts so they are retried) runs every
 * min(60 s, the shortest registered `expireInSeconds`).
 */
export class Jobs {
  private readonly queues = new Map<string, QueueDefinition<never>>();
  /** Per queue whose workers have started (or are starting): their ids, once started. */
  private readonly workerStarts = new Map<string, Promise<string[]>>();
  /** Per queue whose workers wait for their first polling interval: the timer that starts them. */
  private readonly deferredStarts = new Map<string, NodeJS.Timeout>();
  private readonly events = new EventEmitter();
  private readonly pendingSql = new Set<Promise<unknown>>();
  private runningHandlers = 0;
  private state: State = 'registering';
  private boss: PgBoss | undefined;
  private unlisten: (() => Promise<void>) | undefined;

  constructor(private readonly options: JobsOptions) {
    this.events.setMaxListeners(0);
  }

  /**
   * Declares a queue and its handler. Call while the app is built, before `start`.
   * @throws Error after start, or when the name is taken.
   */
  register<T>(definition: QueueDefinition<T>): void {
    if (this.state !== 'registering')
      throw new Error(`jobs: queue ${definition.name} registered after start; register while building the app`);
    if (this.queues.has(definition.name)) throw new Error(`jobs: queue ${definition.name} is registered twice`);
    this.queues.set(definition.name, definition as QueueDefinition<never>);
  }

  /** Names of the registered queues. */
  get queueNames(): string[] {
    return [...this.queues.keys()];
  }

  /**
   * Installs or migrates pg-boss's schema, creates (and updates) the registered queues and their
   * schedules, LISTENs for wake-ups and starts each queue's workers one polling interval later,
   * or at the queue's first wake-up if that comes first (see {@link deferWorkers}). Idempotent.
   */
  async start(): Promise<void> {
    if (this.state !== 'registering') return;
    this.state = 'starting';
    const { logger, database } = this.options;
    const expiries = [...this.queues.values()].map((queue) => queue.options?.expireInSeconds ?? MAX_MAINTENANCE_INTERVAL_SECONDS);
    const boss = new PgBoss({
      db: this.trackedExecutor(),
      maintenanceIntervalSeconds: Math.max(1, Math.min(MAX_MAINTENANCE_INTERVAL_SECONDS, ...expiries)),
    });
    boss.on('error', (error) => logger.error({ err: error }, 'jobs: pg-boss error'));
    this.boss = boss;
    await boss.start();
    await this.syncQueues(boss);
    this.unlisten = await database.listen(JOBS_CHANNEL, (name) => this.wake(name), {
      onError: (error) => logger.warn({ err: error }, 'jobs: LISTEN connection failed'),
      // Notices sent while the connection was down are lost: look at every queue now.
      onReconnect: () => this.queueNames.forEach((name) => this.wake(name)),
    });
    // From here a wake-up (a NOTIFY, a finished job) starts a queue's workers at once.
    this.state = 'started';
    for (const queue of this.queues.values()) this.deferWorkers(queue);
    logger.debug({ queues: this.queueNames }, 'jobs: started');
  }

  /**
   * Starts `queue`'s workers (each polls at once, then every polling interval or when woken), once.
   */
  private startWorkers(queue: QueueDefinition<never>, boss: PgBoss): Promise<string[]> {
    clearTimeout(this.deferredStarts.get(queue.name));
    this.deferredStarts.delete(queue.name);
    let started = this.workerStarts.get(queue.name);
    if (!started) {
      const options = { batchSize: 1, includeMetadata: true as const, pollingIntervalSeconds: queue.pollingIntervalSeconds ?? 2 };
      const workers = Array.from({ length: queue.concurrency ?? 1 }, () =>
        boss.work<never>(queue.name, options, (jobs) => this.run(queue, jobs)),
      );
      started = Promise.all(workers);
      this.workerStarts.set(queue.name, started);
    }
    return started;
  }

  /**
   * Starts `queue`'s workers one polling interval from now, or at its first wake-up: their first
   * poll then comes when a poll would have come anyway. Every queue's first poll at once was a
   * quarter of a second of an embedded cold start, queued ahead of the first requests (issue
   * #13), and a burst on the database whenever several instances start together. A job committed
   * after the start wakes its queue the moment it is committed; one left waiting across a restart,
   * a retry or a scheduled sweep is found by the first poll, as pg-boss's polling finds it.
   */
  private deferWorkers(queue: QueueDefinition<never>): void {
    if (this.workerStarts.has(queue.name) || this.deferredStarts.has(queue.name)) return;
    const timer = setTimeout(() => this.startWorkersNow(queue), (queue.pollingIntervalSeconds ?? 2) * 1000);
    this.deferredStarts.set(queue.name, timer);
  }

  /** {@link startWorkers} from a timer or a wake-up, while started: a failure is logged. */
  private startWorkersNow(queue: QueueDefinition<never>): void {
    if (this.state !== 'started' || !this.boss) return;
    this.startWorkers(queue, this.boss).catch((error: unknown) =>
      this.options.logger.error({ err: error, queue: queue.name }, 'jobs: workers did not start'),
    );
  }

  /**
   * Makes the stored queues and schedules what the registered ones say: creates a missing queue,
   * updates one whose stored settings differ (createQueue keeps an existing queue as it was) and
   * (re)schedules a cron that is missing or changed. A restart with nothing changed reads the two
   * lists and writes nothing: writing every queue and schedule again took 40 statements, a
   * quarter of a second of an embedded cold start (issue #13).
   */
  private async syncQueues(boss: PgBoss): Promise<void> {
    const [stored, schedules] = await Promise.all([boss.getQueues(), boss.getSchedules()]);
    const storedByName = new Map(stored.map((queue) => [queue.name, queue]));
    const scheduleByName = new Map(schedules.map((schedule) => [schedule.name, schedule as PgBoss.Schedule & { timezone?: string }]));
    for (const queue of this.queues.values()) {
      const settings: PgBoss.Queue = { name: queue.name, policy: 'standard', ...queue.options };
      const current = storedByName.get(queue.name);
      if (!current) await boss.createQueue(queue.name, settings);
      else if (Object.entries(settings).some(([key, value]) => current[key as keyof PgBoss.QueueResult] !== value)) {
        await boss.updateQueue(queue.name, settings);
      }
      const schedule = scheduleByName.get(queue.name);
      if (queue.schedule && (schedule?.cron !== queue.schedule || schedule.timezone !== 'UTC')) {
        await boss.schedule(queue.name, queue.schedule, {}, { tz: 'UTC' });
      }
    }
  }

  /**
   * Stops taking jobs, waits for running ones (at most `shutdownTimeoutMs`; those still running
   * then are failed and retried later, by this or another process) and for pg-boss's last
   * statements. The database may be closed once this resolves.
   */
  async stop(): Promise<void> {
    if (this.state !== 'started' && this.state !== 'starting') {
      this.state = 'stopped';
      return;
    }
    this.state = 'stopping';
    for (const timer of this.deferredStarts.values()) clearTimeout(timer);
    this.deferredStarts.clear();
    await Promise.allSettled(this.workerStarts.values());
    const timeout = this.options.shutdownTimeoutMs ?? 10_000;
    const deadline = Date.now() + timeout;
    await this.unlisten?.();
    await this.boss?.stop({ graceful: true, wait: true, timeout });
    // A fetch in flight when stop began may still hand a job to a handler; pg-boss also writes
    // each outcome without awaiting it. Wait for both before the database goes away.
    while ((this.runningHandlers > 0 || this.pendingSql.size > 0) && Date.now() < deadline) {
      await this.nextSettle(Math.max(1, deadline - Date.now()));
      await new Promise((resolve) => setImmediate(resolve));
    }
    if (this.runningHandlers > 0) this.options.logger.warn({ running: this.runningHandlers }, 'jobs: stopped with jobs still running');
    this.state = 'stopped';
  }

  /**
   * Adds a job to `queueName` inside `tx` — the Drizzle transaction of the work that causes it —
   * so a rolled-back transaction enqueues nothing (ARCHITECTURE "jobs"). Also NOTIFYs
   * `tandem_jobs` in that transaction, delivered on commit, to start it at once.
   * @returns the job id, or null when a job with the same `id` (or singleton slot) exists.
   * @throws Error when the queue is not registered or the module has not started yet.
   */
  async enqueue<T extends object>(tx: Queryable, queueName: string, data: T, options: EnqueueOptions = {}): Promise<string | null> {
    if (!this.queues.has(queueName)) throw new Error(`jobs: queue ${queueName} is not registered`);
    if (!this.boss || this.state === 'registering' || this.state === 'starting') {
      throw new Error(`jobs: enqueue on ${queueName} before the jobs module started (app.ready())`);
    }
    const id = await this.boss.send(queueName, data, { ...options, db: transactionAdapter(tx) });
    await tx.execute(sql`select pg_notify(${JOBS_CHANNEL}, ${queueName})`);
    return id;
  }

  /**
   * Resolves once none of `queueNames` (default: all registered) has a created, retry or active
   * job — re-checked after each job and each pg-boss statement — for tests and diagnostics.
   * @throws Error after `timeoutMs` (default 10 s) with the count still pending.
   */
  async waitUntilIdle(queueNames: string[] = this.queueNames, timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const { rows } = await this.options.database.executeSql(
        `select count(*)::int as pending from pgboss.job where name = any($1::text[]) and state < 'completed'`,
        [queueNames],
      );
      const pending = Number(rows[0]?.pending ?? 0);
      if (pending === 0) return;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`jobs: ${pending} job(s) still pending in ${queueNames.join(', ')} after ${timeoutMs} ms`);
      await this.nextSettle(Math.min(left, IDLE_RECHECK_MS));
    }
  }

  /** Resolves at the next job or statement that ends, or after `ms`, whichever comes first. */
  private nextSettle(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.events.off('settled', done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.events.once('settled', done);
    });
  }

  private wake(queueName: string): void {
    if (this.state !== 'started' || !this.boss) return;
    const started = this.workerStarts.get(queueName);
    const queue = this.queues.get(queueName);
    if (!started) return queue ? this.startWorkersNow(queue) : undefined;
    const boss = this.boss;
    void started.then(
      (ids) => ids.forEach((id) => boss.notifyWorker(id)),
      () => undefined,
    );
  }

  private async run(queue: QueueDefinition<never>, jobs: PgBoss.JobWithMetadata<never>[]): Promise<void> {
    this.runningHandlers += 1;
    try {
      for (const job of jobs) {
        try {
          await queue.handler({ id: job.id, queue: job.name, data: job.data, retryCount: job.retryCount });
        } catch (error) {
          this.options.logger.warn(
            { err: error, queue: job.name, jobId: job.id, retryCount: job.retryCount, retryLimit: job.retryLimit },
            'jobs: attempt failed',
          );
          throw error;
        }
      }
    } finally {
      this.runningHandlers -= 1;
      this.events.emit('settled');
      // A worker that found a job looks for the next one at once: pg-boss would otherwise wait a
      // whole polling interval after every job, and a backlog (a burst of mails, the queue after
      // an outage) would drain at one job per interval per worker (issue #14, bench/load).
      if (jobs.length > 0) this.wake(queue.name);
    }
  }

  /**
   * The database handle as pg-boss's `db`, counting statements in flight so stop() can wait for
   * them. Once stopped, a late statement (pg-boss writes job outcomes without awaiting them) is
   * logged instead of rejecting into an unhandled rejection.
   */
  private trackedExecutor(): SqlExecutor {
    return {
      executeSql: async (text, values) => {
        const run = this.options.database.executeSql(text, values);
        this.pendingSql.add(run);
        try {
          return await run;
        } catch (error) {
          if (this.state === 'stopped') {
            this.options.logger.debug({ err: error }, 'jobs: statement after stop ignored');
            return { rows: [] };
          }
          throw error;
        } finally {
          this.pendingSql.delete(run);
          this.events.emit('settled');
        }
      },
    };
  }
}
