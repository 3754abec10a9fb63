import { and, asc, gte, isNull, lt, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import { activityItems, tasks } from '../../db/schema/index.js';
import type { Jobs } from '../../jobs/jobs.js';
import { recordActivity } from './activity-repository.js';

/** The queue of the overdue sweep (ARCHITECTURE "jobs"). */
export const OVERDUE_QUEUE = 'activity.record-overdue';

/**
 * How far back a passed due date is still news: a task overdue for longer (e.g. on the first run
 * after an upgrade, or after a long outage) gets no item, so the feed is not flooded with old
 * news. Issue #8 leaves this open; a week covers any outage worth surviving.
 */
export const OVERDUE_LOOKBACK_DAYS = 7;

/** Tasks handled per transaction. */
const BATCH = 200;

/** The key that makes TASK_OVERDUE once per task and due date. */
export const overdueKey = (taskId: string, dueDate: string) => `TASK_OVERDUE:${taskId}:${dueDate}`;

/**
 * Records TASK_OVERDUE (actor: none, the system) once for every task whose due date has passed —
 * not DONE, due before today (UTC, the task list's and dashboard's "overdue") and at most
 * {@link OVERDUE_LOOKBACK_DAYS} ago — with its live event. Idempotent: the item's dedupe key is
 * the task and its due date, so a re-run (or a second process) records nothing new, while a task
 * whose due date was moved and passes again is news again. Subject: taskId, title, dueDate and
 * the assignee as memberId when there is one.
 * @returns how many items were recorded.
 */
export async function recordOverdueTasks(db: Database): Promise<number> {
  let recorded = 0;
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const due = await tx
        .select({
          id: tasks.id,
          workspaceId: tasks.workspaceId,
          title: tasks.title,
          dueDate: tasks.dueDate,
          assigneeMemberId: tasks.assigneeMemberId,
        })
        .from(tasks)
        .leftJoin(activityItems, sql`${activityItems.dedupeKey} = 'TASK_OVERDUE:' || ${tasks.id}::text || ':' || ${tasks.dueDate}::text`)
        .where(
          and(
            ne(tasks.status, 'DONE'),
            lt(tasks.dueDate, sql`current_date`),
            gte(tasks.dueDate, sql`current_date - ${OVERDUE_LOOKBACK_DAYS}::int`),
            isNull(activityItems.id),
          ),
        )
        .orderBy(asc(tasks.dueDate), asc(tasks.id))
        .limit(BATCH);
      let inserted = 0;
      for (const task of due) {
        const dueDate = task.dueDate!;
        const id = await recordActivity(tx, {
          workspaceId: task.workspaceId,
          kind: 'TASK_OVERDUE',
          actorMemberId: null,
          taskId: task.id,
          dedupeKey: overdueKey(task.id, dueDate),
          subject: { taskId: task.id, title: task.title, dueDate, ...(task.assigneeMemberId ? { memberId: task.assigneeMemberId } : {}) },
        });
        if (id) inserted += 1;
      }
      return { seen: due.length, inserted };
    });
    recorded += batch.inserted;
    if (batch.seen < BATCH || batch.inserted === 0) return recorded;
  }
}

/**
 * Schedules {@link recordOverdueTasks} hourly (at :05, so a due date that passed at midnight UTC
 * is news within minutes, and a missed tick is caught up by the next) on the job queue.
 */
export function registerOverdueJob(jobs: Jobs, db: Database, logger: FastifyBaseLogger): void {
  jobs.register({
    name: OVERDUE_QUEUE,
    schedule: '5 * * * *',
    pollingIntervalSeconds: 30,
    options: { retryLimit: 2, expireInSeconds: 15 * 60 },
    handler: async () => {
      const recorded = await recordOverdueTasks(db);
      if (recorded > 0) logger.info({ recorded }, 'activity: overdue tasks recorded');
    },
  });
}
