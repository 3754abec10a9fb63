import type { WebClient } from '@slack/web-api';
import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { v5 as uuidv5 } from 'uuid';
import type { Database, Queryable } from '../../db/client.js';
import {
  chatMessages,
  contacts,
  people,
  questionRecipients,
  slackConnections,
  slackMessages,
  workspaceMembers,
} from '../../db/schema/index.js';
import type { Jobs } from '../../jobs/jobs.js';
import {
  findRecipientDelivery,
  recordDeliveryFailure,
  recordRecipientChannel,
  type RecipientDelivery,
  type RecipientMessenger,
} from '../questions/index.js';
import { followUpMessage, questionMessage, reminderMessage, requestMessage, type DmMessage, type DmRequest } from './dm-blocks.js';
import { slackClient, slackErrorCode, TOKEN_GONE_ERRORS, type SlackAppConfig } from './slack-client.js';
import { endConnection, findLiveConnection, TOKEN_REFUSED_REASON } from './slack-connections.js';

/** The queue that posts questions, reminders and follow-ups in people's DMs (issue #12). */
export const SLACK_DELIVER_QUEUE = 'slack.deliver';

/** One delivery: a recipient's request, their `n`-th reminder, or a member's follow-up (chat message `messageId`). */
export type SlackDeliveryJob =
  | { kind: 'REQUEST'; workspaceId: string; recipientId: string }
  | { kind: 'REMINDER'; workspaceId: string; recipientId: string; n: number }
  | { kind: 'FOLLOW_UP'; workspaceId: string; contactId: string; recipientId: string; messageId: string };

/** Namespace of the deterministic ids of delivery jobs and of the slack_messages rows they write (UUIDv5). */
const DELIVERY_NAMESPACE = uuidv5('https://tandem.app/slack/dm-delivery', uuidv5.URL);
const deterministicId = (name: string) => uuidv5(name, DELIVERY_NAMESPACE);

/** The job id of a delivery: enqueueing the same delivery twice (a retried send) runs it once. */
export function deliveryJobId(job: SlackDeliveryJob): string {
  if (job.kind === 'REQUEST') return deterministicId(`job:request:${job.recipientId}`);
  if (job.kind === 'REMINDER') return deterministicId(`job:reminder:${job.recipientId}:${job.n}`);
  return deterministicId(`job:follow-up:${job.messageId}`);
}

/**
 * The slack_messages id of each message a delivery posts: one per opening message, question,
 * reminder and follow-up, so a retried job finds what it already posted and posts only the rest.
 */
const messageIds = {
  request: (recipientId: string) => deterministicId(`message:request:${recipientId}`),
  question: (recipientId: string, itemId: string) => deterministicId(`message:question:${recipientId}:${itemId}`),
  reminder: (recipientId: string, n: number) => deterministicId(`message:reminder:${recipientId}:${n}`),
  followUp: (chatMessageId: string) => deterministicId(`message:follow-up:${chatMessageId}`),
};

/** The sentence the request's page shows when Slack refuses a DM (issue #12 "delivery failures shown per recipient"). */
export function deliveryErrorSentence(code: string): string {
  switch (code) {
    case 'messages_tab_disabled':
    case 'cannot_dm_bot':
      return 'Slack could not deliver: they turned off messages from apps.';
    case 'user_not_found':
    case 'users_not_found':
    case 'channel_not_found':
      return 'Slack could not deliver: their Slack user was not found (they may have left the Slack workspace).';
    case 'user_disabled':
    case 'account_inactive':
      return 'Slack could not deliver: their Slack account is deactivated.';
    case 'is_archived':
      return 'Slack could not deliver: their conversation with the app is archived.';
    default:
      return `Slack could not deliver the message (${code}).`;
  }
}
export const SLACK_DISCONNECTED_SENTENCE =
  'Slack was disconnected, so the message could not be delivered. Reconnect Slack, or send by email instead.';
export const SLACK_NOT_CONNECTED_SENTENCE =
  'Slack is not connected, so the message could not be delivered. Connect Slack, or send by email instead.';
export const SLACK_UNMATCHED_SENTENCE = 'They are no longer matched to a Slack user. Match them on their page, or send by email instead.';

/**
 * The message metadata event type of every DM a delivery posts; its payload's `message_id` is the
 * slack_messages id, so a retried job can find a post whose answer it never got ({@link findLostPost}).
 */
export const DM_METADATA_EVENT_TYPE = 'tandem_dm';

/**
 * How many messages a retry looks through for a lost post: the DM's newest (conversations.history),
 * or a thread's first (conversations.replies). The lost post is the newest this job made; Slack
 * may cap a page lower (15 for some apps).
 */
const LOST_POST_LOOKBACK = 100;

/** Slack errors worth another attempt (Slack's own trouble); every other platform error is final. */
const TRANSIENT_ERRORS = new Set(['internal_error', 'fatal_error', 'service_unavailable', 'request_timeout', 'ratelimited']);

/** A delivery that cannot succeed: recorded on the recipient, never retried. */
class FinalDeliveryFailure extends Error {
  constructor(readonly sentence: string) {
    super(sentence);
  }
}

export interface SlackDeliveryOptions {
  db: Database;
  /** AppConfig.slack; null = Slack not configured: nobody is reachable. */
  slack: SlackAppConfig | null;
  encryptionKey: string;
  publicUrl: string;
  logger: FastifyBaseLogger;
}

/** Whether `workspaceId` has a live connection row (token stored, not disconnected). */
async function hasLiveConnection(tx: Queryable, workspaceId: string): Promise<boolean> {
  const [row] = await tx
    .select({ workspaceId: slackConnections.workspaceId })
    .from(slackConnections)
    .where(
      and(eq(slackConnections.workspaceId, workspaceId), isNull(slackConnections.disconnectedAt), isNotNull(slackConnections.botToken)),
    );
  return row !== undefined;
}

/**
 * Registers the {@link SLACK_DELIVER_QUEUE} on `jobs` and returns the Slack implementation of the
 * questions feature's {@link RecipientMessenger} (app.ts registers it as `app.recipientMessenger`).
 * Reachable = the contact is matched to a Slack user (slackUserId) and not deleted, and the
 * workspace's connection is live while Slack is configured. Each enqueue writes one job inside the
 * caller's transaction with a deterministic id ({@link deliveryJobId}). Retries: 5 with backoff
 * from 2 s (Slack's 5xx, network, rate limits); Slack's refusals are final ({@link deliverSlackJob}).
 */
export function registerSlackDelivery(jobs: Jobs, options: SlackDeliveryOptions): RecipientMessenger {
  jobs.register<SlackDeliveryJob>({
    name: SLACK_DELIVER_QUEUE,
    concurrency: 2,
    options: { retryLimit: 5, retryDelay: 2, retryBackoff: true, expireInSeconds: 120 },
    handler: async ({ data, retryCount }) => deliverSlackJob(options, data, { retry: retryCount > 0 }),
  });
  const enqueue = async (tx: Queryable, job: SlackDeliveryJob) => {
    await jobs.enqueue(tx, SLACK_DELIVER_QUEUE, job, { id: deliveryJobId(job) });
  };
  const isConnected = async (tx: Queryable, workspaceId: string) => options.slack !== null && hasLiveConnection(tx, workspaceId);
  return {
    isConnected,
    async reachable(tx, workspaceId, contactIds) {
      if (contactIds.length === 0 || !(await isConnected(tx, workspaceId))) return new Set();
      const rows = await tx
        .select({ id: contacts.id })
        .from(contacts)
        .where(
          and(
            eq(contacts.workspaceId, workspaceId),
            inArray(contacts.id, contactIds),
            isNotNull(contacts.slackUserId),
            isNull(contacts.deletedAt),
          ),
        );
      return new Set(rows.map((row) => row.id));
    },
    enqueueRequest: (tx, target) => enqueue(tx, { kind: 'REQUEST', ...target }),
    enqueueReminder: (tx, target) => enqueue(tx, { kind: 'REMINDER', ...target }),
    enqueueFollowUp: (tx, target) => enqueue(tx, { kind: 'FOLLOW_UP', ...target }),
  };
}

/** The person's Slack user and the DM channel already opened with them (null before the first post). */
async function findDmTarget(db: Queryable, workspaceId: string, recipientId: string) {
  const [row] = await db
    .select({ slackUserId: contacts.slackUserId, slackChannelId: questionRecipients.slackChannelId })
    .from(questionRecipients)
    .innerJoin(contacts, eq(contacts.id, questionRecipients.contactId))
    .where(and(eq(questionRecipients.workspaceId, workspaceId), eq(questionRecipients.id, recipientId)));
  return row;
}

async function isPosted(db: Queryable, workspaceId: string, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: slackMessages.id })
    .from(slackMessages)
    .where(and(eq(slackMessages.workspaceId, workspaceId), eq(slackMessages.id, id)));
  return row !== undefined;
}

/** What one delivery works with: the connection's client and the recipient. */
interface DeliveryScope {
  db: Database;
  client: WebClient;
  recipient: RecipientDelivery;
  /** A retried job: a message not recorded yet may have reached Slack anyway (its answer lost). */
  retry: boolean;
}

/**
 * On a retry, the message `id` that an earlier attempt posted but could not record (issue #14: the
 * connection dropped, or the call timed out, after Slack posted it): looked up by its metadata
 * among the DM's newest messages (conversations.history; the thread's with conversations.replies),
 * the DM opened first when its channel is not known yet. Slack's chat.postMessage has no
 * idempotency key, so this is how a retry avoids a second DM. A lookup Slack refuses (e.g. a
 * missing im:history scope) finds nothing: the message is posted.
 */
async function findLostPost(
  client: WebClient,
  target: { slackUserId: string; slackChannelId: string | null },
  id: string,
  threadTs: string | undefined,
): Promise<{ channel: string; ts: string } | undefined> {
  try {
    const channel = target.slackChannelId ?? (await client.conversations.open({ users: target.slackUserId })).channel?.id;
    if (!channel) return undefined;
    const query = { channel, limit: LOST_POST_LOOKBACK, include_all_metadata: true };
    const { messages } = threadTs
      ? await client.conversations.replies({ ...query, ts: threadTs })
      : await client.conversations.history(query);
    // The response types declare event_payload as {}; it is the object posted.
    const found = messages?.find(
      (message) =>
        message.metadata?.event_type === DM_METADATA_EVENT_TYPE &&
        (message.metadata.event_payload as { message_id?: unknown } | undefined)?.message_id === id,
    );
    return found?.ts ? { channel, ts: found.ts } : undefined;
  } catch (error) {
    const code = slackErrorCode(error);
    if (code === null || TRANSIENT_ERRORS.has(code) || TOKEN_GONE_ERRORS.has(code)) throw error;
    return undefined;
  }
}

/**
 * Posts `message` in the recipient's DM (or the thread `threadTs`) unless message `id` was posted
 * already, and records it in slack_messages (and the DM channel on the recipient). The first post
 * goes to the Slack user id: Slack opens the DM and answers its channel id. Each post carries `id`
 * in its metadata; a retry first looks for it in Slack ({@link findLostPost}) and only records it
 * when found.
 */
async function postOnce(
  scope: DeliveryScope,
  id: string,
  message: DmMessage,
  record: { kind: 'REQUEST' | 'QUESTION' | 'REMINDER' | 'FOLLOW_UP'; itemId?: string; threadTs?: string },
): Promise<void> {
  const { db, client, recipient } = scope;
  if (await isPosted(db, recipient.workspaceId, id)) return;
  const target = await findDmTarget(db, recipient.workspaceId, recipient.id);
  if (!target?.slackUserId) throw new FinalDeliveryFailure(SLACK_UNMATCHED_SENTENCE);
  const lost = scope.retry ? await findLostPost(client, { ...target, slackUserId: target.slackUserId }, id, record.threadTs) : undefined;
  const result = lost
    ? { channel: lost.channel, ts: lost.ts }
    : await client.chat.postMessage({
        channel: target.slackChannelId ?? target.slackUserId,
        text: message.text,
        blocks: message.blocks,
        unfurl_links: false,
        unfurl_media: false,
        metadata: { event_type: DM_METADATA_EVENT_TYPE, event_payload: { message_id: id } },
        ...(record.threadTs ? { thread_ts: record.threadTs } : {}),
      });
  const channelId = result.channel ?? target.slackChannelId ?? target.slackUserId;
  if (!target.slackChannelId)
    await recordRecipientChannel(db, { workspaceId: recipient.workspaceId, recipientId: recipient.id }, channelId);
  await db
    .insert(slackMessages)
    .values({
      id,
      workspaceId: recipient.workspaceId,
      contactId: recipient.contactId,
      recipientId: recipient.id,
      itemId: record.itemId ?? null,
      kind: record.kind,
      channelId,
      ts: result.ts!,
    })
    .onConflictDoNothing();
}

const dmRequestOf = (recipient: RecipientDelivery): DmRequest => ({
  askerFirstName: recipient.askerFirstName,
  workspaceName: recipient.workspaceName,
  title: recipient.requestTitle,
  context: recipient.requestContext,
  dueDate: recipient.requestDueDate,
  questionCount: recipient.requestItems.length,
  answerUrl: recipient.answerUrl,
});

/** The opening message, then one message per question; each only if not posted yet. */
async function deliverRequest(scope: DeliveryScope): Promise<void> {
  const { recipient } = scope;
  await postOnce(scope, messageIds.request(recipient.id), requestMessage(dmRequestOf(recipient)), { kind: 'REQUEST' });
  const count = recipient.requestItems.length;
  for (const [index, item] of recipient.requestItems.entries()) {
    await postOnce(scope, messageIds.question(recipient.id, item.id), questionMessage(item, index + 1, count), {
      kind: 'QUESTION',
      itemId: item.id,
    });
  }
}

/** The ts of the recipient's opening message, or undefined while it has not been posted. */
async function findOpeningTs(db: Queryable, workspaceId: string, recipientId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ ts: slackMessages.ts })
    .from(slackMessages)
    .where(and(eq(slackMessages.workspaceId, workspaceId), eq(slackMessages.id, messageIds.request(recipientId))));
  return row?.ts;
}

/** A member's follow-up in the opening message's thread (issue #12); waits (retries) while the opening is not posted. */
async function deliverFollowUp(scope: DeliveryScope, messageId: string): Promise<void> {
  const { db, recipient } = scope;
  const [message] = await db
    .select({ body: chatMessages.body, firstName: people.firstName, lastName: people.lastName })
    .from(chatMessages)
    .leftJoin(workspaceMembers, eq(workspaceMembers.id, chatMessages.authorMemberId))
    .leftJoin(people, eq(people.id, workspaceMembers.personId))
    .where(and(eq(chatMessages.workspaceId, recipient.workspaceId), eq(chatMessages.id, messageId)));
  if (!message) return;
  const threadTs = await findOpeningTs(db, recipient.workspaceId, recipient.id);
  if (!threadTs) throw new Error(`slack: the opening message of recipient ${recipient.id} is not posted yet`);
  const senderName = message.firstName ? `${message.firstName} ${message.lastName ?? ''}`.trim() : recipient.workspaceName;
  await postOnce(scope, messageIds.followUp(messageId), followUpMessage({ senderName, body: message.body }), {
    kind: 'FOLLOW_UP',
    threadTs,
  });
}

/**
 * Runs one delivery (the {@link SLACK_DELIVER_QUEUE} handler; issue #12). Idempotent: each message
 * is looked up in slack_messages before it is posted, so a retried job posts only what is missing;
 * with `retry` (pg-boss's retryCount > 0) also in Slack by its metadata, so a post whose answer was
 * lost is recorded rather than posted twice (issue #14).
 * Nothing is posted for a recipient no longer on SLACK (sent by email instead) or of a request no
 * longer SENT. Outcomes: Slack's refusals (messages_tab_disabled, user_not_found, is_archived…) →
 * the recipient's delivery error, a `question` event, no retry; token_revoked / invalid_auth →
 * the connection is marked disconnected and the recipient gets {@link SLACK_DISCONNECTED_SENTENCE};
 * no live connection → {@link SLACK_NOT_CONNECTED_SENTENCE}; network, 5xx and rate limits throw (the
 * job queue retries).
 */
export async function deliverSlackJob(
  options: SlackDeliveryOptions,
  job: SlackDeliveryJob,
  attempt: { retry?: boolean } = {},
): Promise<void> {
  const { db } = options;
  const recipient = await findRecipientDelivery(db, options.publicUrl, job.workspaceId, job.recipientId);
  if (!recipient || recipient.channel !== 'SLACK') return;
  if (job.kind !== 'FOLLOW_UP' && recipient.requestStatus !== 'SENT') return;
  const failure = { workspaceId: job.workspaceId, recipientId: job.recipientId, channel: 'SLACK' as const };
  const connection = options.slack ? await findLiveConnection(db, options.encryptionKey, job.workspaceId) : null;
  if (!options.slack || !connection) {
    await recordDeliveryFailure(db, failure, SLACK_NOT_CONNECTED_SENTENCE);
    return;
  }
  const scope: DeliveryScope = { db, client: slackClient(options.slack, connection.botToken), recipient, retry: attempt.retry ?? false };
  try {
    if (job.kind === 'REQUEST') await deliverRequest(scope);
    else if (job.kind === 'REMINDER') {
      await postOnce(scope, messageIds.reminder(recipient.id, job.n), reminderMessage(dmRequestOf(recipient)), { kind: 'REMINDER' });
    } else await deliverFollowUp(scope, job.messageId);
  } catch (error) {
    if (error instanceof FinalDeliveryFailure) {
      await recordDeliveryFailure(db, failure, error.sentence);
      return;
    }
    const code = slackErrorCode(error);
    if (code === null || TRANSIENT_ERRORS.has(code)) throw error;
    if (TOKEN_GONE_ERRORS.has(code)) {
      await endConnection(db, job.workspaceId, TOKEN_REFUSED_REASON);
      await recordDeliveryFailure(db, failure, SLACK_DISCONNECTED_SENTENCE);
      options.logger.warn({ workspaceId: job.workspaceId, code }, 'slack: token refused; connection marked disconnected');
      return;
    }
    options.logger.info({ workspaceId: job.workspaceId, recipientId: job.recipientId, code }, 'slack: delivery refused');
    await recordDeliveryFailure(db, failure, deliveryErrorSentence(code));
  }
}
