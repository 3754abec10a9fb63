import { and, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { questionRecipients } from '../../db/schema/index.js';
import { findAuthorFirstName, findRecipientContext, type RecipientContext } from './answers-repository.js';
import { publishQuestionEvent } from './recipient-state.js';

/**
 * The seam between the questions feature and a chat channel that reaches recipients (issue #12:
 * Slack DMs). The questions feature decides who is asked, reminded or followed up and when; a
 * messenger delivers, always through the job queue: each `enqueue…` writes a job inside `tx`, the
 * transaction that causes it (a rolled-back send delivers nothing), with a deterministic job id so
 * that a retried caller enqueues once. The questions feature never imports the messenger's
 * feature; app.ts registers the implementation (features/slack/dm-delivery.ts) as
 * `app.recipientMessenger`.
 */
export interface RecipientMessenger {
  /** Whether the workspace has a live connection to the channel (the default request channel is SLACK then; issue #12). */
  isConnected(tx: Queryable, workspaceId: string): Promise<boolean>;
  /** Of `contactIds`, those the channel can reach now (matched to a Slack user, the workspace connected). */
  reachable(tx: Queryable, workspaceId: string, contactIds: string[]): Promise<Set<string>>;
  /** Delivers a SLACK recipient's request: the opening message with the button, then one message per question. */
  enqueueRequest(tx: Queryable, target: { workspaceId: string; recipientId: string }): Promise<void>;
  /** Delivers the recipient's `n`-th reminder (n ≥ 1, as counted by reminders_sent). */
  enqueueReminder(tx: Queryable, target: { workspaceId: string; recipientId: string; n: number }): Promise<void>;
  /** Delivers chat message `messageId` (a member's follow-up) in the thread of the recipient's opening message. */
  enqueueFollowUp(tx: Queryable, target: { workspaceId: string; contactId: string; recipientId: string; messageId: string }): Promise<void>;
}

/**
 * A messenger for an app without any (no Slack configured, or tests that do not need one): nobody
 * is reachable, nothing is connected, and enqueueing is a programming error.
 */
export const noRecipientMessenger: RecipientMessenger = {
  isConnected: async () => false,
  reachable: async () => new Set(),
  enqueueRequest: async () => {
    throw new Error('recipient messenger: no channel is registered');
  },
  enqueueReminder: async () => {
    throw new Error('recipient messenger: no channel is registered');
  },
  enqueueFollowUp: async () => {
    throw new Error('recipient messenger: no channel is registered');
  },
};

declare module 'fastify' {
  interface FastifyInstance {
    /** Delivers questions over chat (Slack DMs; issue #12), registered by app.ts. */
    recipientMessenger: RecipientMessenger;
  }
}

/** What a messenger needs to write a recipient's message: the recipient, their request and contact, and who asks. */
export interface RecipientDelivery extends RecipientContext {
  /** The first name of the request's author (null once they left the workspace). */
  askerFirstName: string | null;
  /** The recipient's answer page: `{publicUrl}/q/{linkId}`. */
  answerUrl: string;
}

/**
 * The recipient `recipientId` of workspace `workspaceId` as a messenger delivers to them, or
 * undefined when absent (PRODUCT §2: every query scoped by the workspace).
 */
export async function findRecipientDelivery(
  db: Queryable,
  publicUrl: string,
  workspaceId: string,
  recipientId: string,
): Promise<RecipientDelivery | undefined> {
  const recipient = await findRecipientContext(db, workspaceId, recipientId);
  if (!recipient) return undefined;
  return {
    ...recipient,
    askerFirstName: await findAuthorFirstName(db, recipient.requestCreatedByMemberId),
    answerUrl: `${publicUrl}/q/${recipient.linkId}`,
  };
}

/**
 * Records that the channel could not deliver to a recipient (issue #12 "delivery failures shown
 * per recipient"): `message` is the plain sentence the request's page shows next to "send by
 * email instead"; a `question` event (action recipient) tells open pages. Nothing when the
 * recipient is gone or no longer on the channel `channel` (they were switched to email meanwhile).
 */
export async function recordDeliveryFailure(
  tx: Queryable,
  target: { workspaceId: string; recipientId: string; channel: 'SLACK' },
  message: string,
): Promise<void> {
  const changed = await tx
    .update(questionRecipients)
    .set({ deliveryError: message })
    .where(
      and(
        eq(questionRecipients.workspaceId, target.workspaceId),
        eq(questionRecipients.id, target.recipientId),
        eq(questionRecipients.channel, target.channel),
      ),
    )
    .returning({ id: questionRecipients.id });
  if (changed.length === 0) return;
  const recipient = await findRecipientContext(tx, target.workspaceId, target.recipientId);
  if (recipient) await publishQuestionEvent(tx, recipient, 'recipient', null);
}

/** Stores the DM channel Slack opened for the recipient (question_recipients.slack_channel_id). */
export async function recordRecipientChannel(tx: Queryable, target: { workspaceId: string; recipientId: string }, channelId: string) {
  await tx
    .update(questionRecipients)
    .set({ slackChannelId: channelId })
    .where(and(eq(questionRecipients.workspaceId, target.workspaceId), eq(questionRecipients.id, target.recipientId)));
}
