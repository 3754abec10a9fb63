import { and, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import { CHAT_MESSAGE_MAX, answerText, type QuestionItem } from '@tandem/contract';
import type { Queryable } from '../../db/client.js';
import { contacts, questionRecipients, questionRequests, slackMessages } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { findRecipientContext, postChannelMessage, recordChannelAnswer } from '../questions/index.js';
import { TOKEN_GONE_ERRORS, slackErrorCode } from './slack-client.js';
import { endConnection, TOKEN_REFUSED_REASON } from './slack-connections.js';
import type { SlackEventContext, SlackMessageEvent } from './slack-event-types.js';
import { decodeSlackText, escapeMrkdwn, matchReply, replyHint } from './reply-matching.js';

type SlackMessageRow = typeof slackMessages.$inferSelect;

// ---------------------------------------------------------------------------------------------
// Reads (slack_messages, contacts and recipients of the event's workspace)

/** The current contact of `workspaceId` matched to Slack user `slackUserId` (the newest match when several are), or undefined. */
async function findMatchedContact(db: Queryable, workspaceId: string, slackUserId: string) {
  const [row] = await db
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(eq(contacts.workspaceId, workspaceId), eq(contacts.slackUserId, slackUserId), isNull(contacts.deletedAt)))
    .orderBy(desc(contacts.updatedAt))
    .limit(1);
  return row;
}

/** Whether contact `contactId` of `workspaceId` is a current contact matched to Slack user `slackUserId`. */
async function isMatchedTo(db: Queryable, workspaceId: string, contactId: string, slackUserId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: contacts.id })
    .from(contacts)
    .where(
      and(
        eq(contacts.workspaceId, workspaceId),
        eq(contacts.id, contactId),
        eq(contacts.slackUserId, slackUserId),
        isNull(contacts.deletedAt),
      ),
    );
  return row !== undefined;
}

/** The bot's message of `workspaceId` at (channel, ts): the thread a reply names. */
async function findThreadMessage(db: Queryable, workspaceId: string, channelId: string, ts: string): Promise<SlackMessageRow | undefined> {
  const [row] = await db
    .select()
    .from(slackMessages)
    .where(and(eq(slackMessages.workspaceId, workspaceId), eq(slackMessages.channelId, channelId), eq(slackMessages.ts, ts)));
  return row;
}

/** The contact's newest recipient of a sent (or closed) request: where a top-level DM belongs. */
async function findNewestRecipientId(db: Queryable, workspaceId: string, contactId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: questionRecipients.id })
    .from(questionRecipients)
    .innerJoin(questionRequests, eq(questionRequests.id, questionRecipients.requestId))
    .where(
      and(
        eq(questionRecipients.workspaceId, workspaceId),
        eq(questionRecipients.contactId, contactId),
        ne(questionRequests.status, 'DRAFT'),
      ),
    )
    .orderBy(desc(questionRecipients.sentAt), desc(questionRecipients.id))
    .limit(1);
  return row?.id;
}

/**
 * Whether the bot already replied about this item after the person's message at `ts` (Slack's
 * ts order their messages): the event was handled before a retry, or a later reply superseded it.
 */
async function hasLaterReply(db: Queryable, thread: SlackMessageRow, ts: string): Promise<boolean> {
  const [row] = await db
    .select({ id: slackMessages.id })
    .from(slackMessages)
    .where(
      and(
        eq(slackMessages.workspaceId, thread.workspaceId),
        eq(slackMessages.channelId, thread.channelId),
        eq(slackMessages.kind, 'REPLY'),
        thread.recipientId ? eq(slackMessages.recipientId, thread.recipientId) : undefined,
        thread.itemId ? eq(slackMessages.itemId, thread.itemId) : undefined,
        sql`${slackMessages.ts}::numeric > ${ts}::numeric`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

// ---------------------------------------------------------------------------------------------
// Replies of the bot

/**
 * Posts the bot's reply in the thread `threadTs` and records it (REPLY, about the thread's
 * recipient and item). A token Slack no longer accepts ends the connection (the reply is dropped);
 * any other failure is thrown, so the job is retried.
 */
async function replyInThread(
  context: SlackEventContext,
  thread: { channelId: string; threadTs: string; contactId: string; recipientId: string | null; itemId: string | null },
  text: string,
): Promise<void> {
  let ts: string | undefined;
  try {
    const posted = await context.client.chat.postMessage({ channel: thread.channelId, thread_ts: thread.threadTs, text, mrkdwn: true });
    ts = posted.ts;
  } catch (error) {
    const code = slackErrorCode(error);
    if (code && TOKEN_GONE_ERRORS.has(code)) {
      await endConnection(context.db, context.connection.workspaceId, TOKEN_REFUSED_REASON);
      context.logger.warn({ workspaceId: context.connection.workspaceId, code }, 'slack: token gone; DM reply dropped');
      return;
    }
    throw error;
  }
  if (!ts) return;
  await context.db
    .insert(slackMessages)
    .values({
      workspaceId: context.connection.workspaceId,
      contactId: thread.contactId,
      recipientId: thread.recipientId,
      itemId: thread.itemId,
      kind: 'REPLY',
      channelId: thread.channelId,
      ts,
    })
    .onConflictDoNothing();
}

/** "Got it: “Yes” recorded for question 2. Reply again to change it." (+ done, with the /q link). */
function confirmation(item: QuestionItem, number: number, value: Parameters<typeof answerText>[1], done: string | null): string {
  const recorded = `Got it: “${escapeMrkdwn(answerText(item, value))}” recorded for question ${number}. Reply again to change it.`;
  return done ? `${recorded}\n${done}` : recorded;
}

// ---------------------------------------------------------------------------------------------
// The handler

/**
 * A person's message in their DM with the bot (issue #12 "answer in the DM thread"), run by the
 * events job once per Slack event id:
 * - in the thread of a QUESTION message: the text is matched to the item's kind (reply-matching.ts)
 *   and saved as that item's answer through the web's path (recordChannelAnswer, via SLACK), then
 *   confirmed in the thread; an unmatched text saves nothing and the bot says what fits; a closed
 *   request is said to be closed; the answer completing the required items says they are done,
 *   with their /q link to review;
 * - in the thread of a REQUEST, REMINDER or FOLLOW_UP message, or a top-level DM: a ChatMessage via
 *   SLACK on that recipient's request (top-level: their newest request), live in the chat;
 * - from an unmatched user, in an unknown thread, from a bot, or an edit: ignored (logged).
 * Retry-safe: an answer already confirmed (a later REPLY about the item) is not saved or confirmed
 * again; a chat message is written in one transaction.
 */
export async function handleDirectMessage(context: SlackEventContext, event: SlackMessageEvent): Promise<void> {
  const { db, logger } = context;
  const workspaceId = context.connection.workspaceId;
  const log = { workspaceId, channel: event.channel, ts: event.ts, eventId: context.eventId };
  if (event.bot_id || event.subtype || !event.user || event.user === context.connection.botUserId) return;
  if (event.channel_type !== undefined && event.channel_type !== 'im') return;
  const text = event.text ?? '';

  if (event.thread_ts && event.thread_ts !== event.ts) {
    const thread = await findThreadMessage(db, workspaceId, event.channel, event.thread_ts);
    if (!thread || thread.recipientId === null || !(await isMatchedTo(db, workspaceId, thread.contactId, event.user))) {
      logger.info(log, 'slack: reply in an unknown thread or from another user; ignored');
      return;
    }
    if (thread.kind === 'QUESTION' && thread.itemId) {
      await answerInThread(context, event, thread, text);
      return;
    }
    if (thread.kind === 'REPLY') {
      logger.info(log, 'slack: reply in a thread of a bot reply; ignored');
      return;
    }
    await writeChatMessage(
      context,
      event,
      { contactId: thread.contactId, recipientId: thread.recipientId, threadTs: event.thread_ts },
      text,
    );
    return;
  }

  const contact = await findMatchedContact(db, workspaceId, event.user);
  const recipientId = contact && (await findNewestRecipientId(db, workspaceId, contact.id));
  if (!contact || !recipientId) {
    logger.info(log, 'slack: direct message from a user matched to no person with a request; ignored');
    return;
  }
  await writeChatMessage(context, event, { contactId: contact.id, recipientId, threadTs: event.ts }, text);
}

/** A reply in a question's thread: matched, saved and confirmed (see {@link handleDirectMessage}). */
async function answerInThread(context: SlackEventContext, event: SlackMessageEvent, thread: SlackMessageRow, text: string) {
  const workspaceId = context.connection.workspaceId;
  if (await hasLaterReply(context.db, thread, event.ts)) {
    context.logger.info({ workspaceId, ts: event.ts }, 'slack: answer already handled (or superseded); skipped');
    return;
  }
  const recipient = await findRecipientContext(context.db, workspaceId, thread.recipientId!);
  const index = recipient?.requestItems.findIndex((item) => item.id === thread.itemId) ?? -1;
  if (!recipient || index < 0) {
    context.logger.info({ workspaceId, ts: event.ts }, 'slack: reply about a question no longer in its request; ignored');
    return;
  }
  const item = recipient.requestItems[index]!;
  const where = {
    channelId: thread.channelId,
    threadTs: thread.ts,
    contactId: thread.contactId,
    recipientId: recipient.id,
    itemId: item.id,
  };
  const closed = 'This request is closed: answers can no longer change. Thank you!';
  if (recipient.requestStatus === 'CLOSED') {
    await replyInThread(context, where, closed);
    return;
  }
  const value = matchReply(item, text);
  if (value === null) {
    await replyInThread(context, where, `I could not match that to an answer for question ${index + 1}: ${replyHint(item)}.`);
    return;
  }
  let completedNow: boolean;
  try {
    ({ completedNow } = await recordChannelAnswer(context.db, {
      workspaceId,
      recipientId: recipient.id,
      itemId: item.id,
      value,
      via: 'SLACK',
    }));
  } catch (error) {
    if (error instanceof AppError && error.errorCode === 'CONFLICT') {
      await replyInThread(context, where, closed);
      return;
    }
    throw error;
  }
  const done = completedNow
    ? `That was the last required question: you are done, thank you! Review or change your answers on <${context.publicUrl}/q/${recipient.linkId}|your answer page>.`
    : null;
  await replyInThread(context, where, confirmation(item, index + 1, value, done));
}

/** Any other message: a ChatMessage via SLACK on the recipient's request (see {@link handleDirectMessage}). */
async function writeChatMessage(
  context: SlackEventContext,
  event: SlackMessageEvent,
  target: { contactId: string; recipientId: string; threadTs: string },
  text: string,
) {
  const workspaceId = context.connection.workspaceId;
  const body = decodeSlackText(text).trim();
  if (body === '') return;
  if (body.length > CHAT_MESSAGE_MAX) {
    const tooLong = `That message is longer than ${CHAT_MESSAGE_MAX.toLocaleString('en-US')} characters, so it did not reach the office: please send it in shorter parts.`;
    await replyInThread(
      context,
      { channelId: event.channel, threadTs: target.threadTs, contactId: target.contactId, recipientId: target.recipientId, itemId: null },
      tooLong,
    );
    return;
  }
  try {
    await postChannelMessage(context.db, { workspaceId, recipientId: target.recipientId, body, via: 'SLACK' });
  } catch (error) {
    // The person became a former contact meanwhile: nothing to retry.
    if (error instanceof AppError && error.errorCode === 'NOT_FOUND') {
      context.logger.info({ workspaceId, ts: event.ts }, 'slack: message of a former contact; ignored');
      return;
    }
    throw error;
  }
}
