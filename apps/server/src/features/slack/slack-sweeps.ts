import { lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { SLACK_OAUTH_STATE_TTL_SECONDS } from '@tandem/contract';
import type { Database } from '../../db/client.js';
import { deleteInBatches } from '../../db/delete-in-batches.js';
import { slackEvents, slackOAuthStates } from '../../db/schema/index.js';
import type { Jobs } from '../../jobs/jobs.js';
import { registerSweeps } from '../../jobs/sweeps.js';

/** Slack retries an event three times within minutes; a day of event ids covers every retry (issue #12 "idempotent on event id"). */
export const SLACK_EVENT_RETENTION_MS = 24 * 60 * 60_000;

/** A used install state matters only while the state itself is valid (10 minutes); an hour is ample. */
export const SLACK_OAUTH_STATE_RETENTION_MS = Math.max(60 * 60_000, SLACK_OAUTH_STATE_TTL_SECONDS * 1000);

/**
 * Deletes slack_events rows older than SLACK_EVENT_RETENTION_MS (1 day).
 * @returns how many rows were deleted.
 */
export function sweepSlackEvents(db: Database, now = new Date()): Promise<number> {
  return deleteInBatches(
    db,
    slackEvents,
    slackEvents.eventId,
    lt(slackEvents.receivedAt, new Date(now.getTime() - SLACK_EVENT_RETENTION_MS)),
  );
}

/**
 * Deletes slack_oauth_states rows older than SLACK_OAUTH_STATE_RETENTION_MS (1 hour): their
 * states have expired, so the signature check alone refuses them.
 * @returns how many rows were deleted.
 */
export function sweepSlackOAuthStates(db: Database, now = new Date()): Promise<number> {
  return deleteInBatches(
    db,
    slackOAuthStates,
    slackOAuthStates.stateId,
    lt(slackOAuthStates.usedAt, new Date(now.getTime() - SLACK_OAUTH_STATE_RETENTION_MS)),
  );
}

/** Schedules the Slack sweeps (ARCHITECTURE "jobs"), hourly; each runs in one process per tick, retried by the queue. */
export function registerSlackSweeps(jobs: Jobs, db: Database, logger: FastifyBaseLogger): void {
  registerSweeps(jobs, db, logger, [
    { name: 'slack.sweep-events', schedule: '23 * * * *', sweep: sweepSlackEvents },
    { name: 'slack.sweep-oauth-states', schedule: '53 * * * *', sweep: sweepSlackOAuthStates },
  ]);
}
