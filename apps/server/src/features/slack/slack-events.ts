import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config/env.js';
import type { Database } from '../../db/client.js';
import { slackEvents } from '../../db/schema/index.js';
import type { Jobs } from '../../jobs/jobs.js';
import { handleDirectMessage } from './dm-replies.js';
import { slackClient } from './slack-client.js';
import { endConnection, findLiveConnectionByTeam } from './slack-connections.js';
import type { SlackMessageEvent } from './slack-event-types.js';

/** The queue every accepted Slack event is handled on (issue #12: acknowledged at once, work on the queue). */
export const SLACK_EVENT_QUEUE = 'slack.event';

/** Slack's replay window (https://api.slack.com/authentication/verifying-requests-from-slack): 5 minutes. */
export const SLACK_SIGNATURE_MAX_AGE_SECONDS = 5 * 60;

/**
 * Whether a request really comes from Slack (issue #12): `timestamp` (X-Slack-Request-Timestamp,
 * seconds) within 5 minutes of `now` either way, and `signature` (X-Slack-Signature) equal to
 * `v0=` + hex HMAC-SHA256 of `v0:{timestamp}:{raw body}` with the signing secret, compared in
 * constant time.
 */
export function verifySlackSignature(
  signingSecret: string,
  input: { rawBody: string; timestamp: string | undefined; signature: string | undefined },
  now = new Date(),
): { ok: true } | { ok: false; reason: 'stale' | 'signature' } {
  const seconds = input.timestamp !== undefined && /^\d{1,12}$/.test(input.timestamp) ? Number(input.timestamp) : NaN;
  if (!Number.isFinite(seconds) || Math.abs(Math.floor(now.getTime() / 1000) - seconds) > SLACK_SIGNATURE_MAX_AGE_SECONDS) {
    return { ok: false, reason: 'stale' };
  }
  const expected = Buffer.from(`v0=${createHmac('sha256', signingSecret).update(`v0:${input.timestamp}:${input.rawBody}`).digest('hex')}`);
  const given = Buffer.from(input.signature ?? '');
  // timingSafeEqual needs equal lengths; a length mismatch reveals nothing about the secret.
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'signature' };
  return { ok: true };
}

/** The part of an `event_callback` envelope Tandem reads (https://api.slack.com/apis/events-api#callback-field). */
export interface SlackEventEnvelope {
  type: 'event_callback';
  event_id: string;
  team_id: string;
  event_time?: number;
  event: { type: string; [field: string]: unknown };
}

/** A `slack.event` job: the envelope as Slack sent it. */
export interface SlackEventJobData {
  envelope: SlackEventEnvelope;
}

/**
 * Accepts one event_callback (issue #12 "idempotent on event id"): in one transaction records
 * its event id in slack_events and, only when the id is new, enqueues SLACK_EVENT_QUEUE. A retry
 * of Slack's (X-Slack-Retry-Num) or a replay with the same id is accepted again and does nothing.
 * @returns whether the event was new.
 */
export async function acceptSlackEvent(db: Database, jobs: Jobs, envelope: SlackEventEnvelope): Promise<boolean> {
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(slackEvents)
      .values({ eventId: envelope.event_id, teamId: envelope.team_id })
      .onConflictDoNothing()
      .returning({ eventId: slackEvents.eventId });
    if (inserted.length === 0) return false;
    await jobs.enqueue<SlackEventJobData>(tx, SLACK_EVENT_QUEUE, { envelope });
    return true;
  });
}

export interface SlackEventJobsOptions {
  db: Database;
  config: Pick<AppConfig, 'slack' | 'slackMissingSettings' | 'encryptionKey' | 'publicUrl'>;
  logger: FastifyBaseLogger;
}

/** A person's message in their DM with the bot: not the bot's, not an edit, join or deletion. */
function isDirectMessage(event: SlackEventEnvelope['event']): event is SlackEventEnvelope['event'] & SlackMessageEvent {
  return (
    event.type === 'message' &&
    event['channel_type'] === 'im' &&
    typeof event['user'] === 'string' &&
    typeof event['channel'] === 'string' &&
    typeof event['ts'] === 'string' &&
    event['bot_id'] === undefined &&
    event['subtype'] === undefined
  );
}

/**
 * Registers SLACK_EVENT_QUEUE (retried with backoff, like mail): finds the live connection of the
 * event's team (none: dropped) and handles
 * - `app_uninstalled`, and `tokens_revoked` naming the bot user: the token is deleted and the
 *   connection marked disconnected, announced live (issue #12);
 * - `message` in a DM from a person: handleDirectMessage (dm-replies.ts).
 * Other events are ignored.
 */
export function registerSlackEventJobs(jobs: Jobs, options: SlackEventJobsOptions): void {
  const { db, config, logger } = options;
  jobs.register<SlackEventJobData>({
    name: SLACK_EVENT_QUEUE,
    concurrency: 2,
    options: { retryLimit: 8, retryDelay: 5, retryBackoff: true, expireInSeconds: 120 },
    handler: async ({ data }) => {
      const { envelope } = data;
      const { event } = envelope;
      if (!config.slack) return;
      const connection = await findLiveConnectionByTeam(db, config.encryptionKey, envelope.team_id);
      if (!connection) {
        logger.debug({ teamId: envelope.team_id, eventType: event.type }, 'slack: event of a team without a live connection dropped');
        return;
      }
      if (event.type === 'app_uninstalled') {
        await endConnection(db, connection.workspaceId, 'Tandem was uninstalled from Slack');
        return;
      }
      if (event.type === 'tokens_revoked') {
        const bot = (event['tokens'] as { bot?: unknown } | undefined)?.bot;
        if (Array.isArray(bot) && bot.includes(connection.botUserId)) {
          await endConnection(db, connection.workspaceId, 'Slack revoked Tandem’s token');
        }
        return;
      }
      if (isDirectMessage(event)) {
        await handleDirectMessage(
          {
            db,
            connection,
            client: slackClient(config.slack, connection.botToken),
            eventId: envelope.event_id,
            publicUrl: config.publicUrl,
            logger,
          },
          event,
        );
      }
    },
  });
}
