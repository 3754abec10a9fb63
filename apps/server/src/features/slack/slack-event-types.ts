import type { WebClient } from '@slack/web-api';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import type { LiveSlackConnection } from './slack-connections.js';

/**
 * A `message` event of Slack's Events API as Tandem receives it (https://api.slack.com/events/message):
 * in a DM with the bot `channel_type` is "im"; a reply in a thread carries `thread_ts` (the thread's
 * first message); the bot's own messages carry `bot_id`, edits and joins a `subtype`.
 */
export interface SlackMessageEvent {
  type: 'message';
  channel: string;
  channel_type?: string;
  user?: string;
  text?: string;
  ts: string;
  thread_ts?: string;
  bot_id?: string;
  subtype?: string;
}

/** What a handler of one accepted event gets: the connection of the event's team and a client with its token. */
export interface SlackEventContext {
  db: Database;
  connection: LiveSlackConnection;
  client: WebClient;
  /** Slack's event id (already recorded: the handler runs once per id, retried on failure). */
  eventId: string;
  publicUrl: string;
  logger: FastifyBaseLogger;
}
