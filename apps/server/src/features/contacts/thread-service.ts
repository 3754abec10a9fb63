import { and, eq } from 'drizzle-orm';
import type { ChatMessage, ListTimelineQuery, PostChatMessageBody, TimelinePage } from '@tandem/contract';
import type { Database, Queryable } from '../../db/client.js';
import { people, questionRecipients } from '../../db/schema/index.js';
import { AppError, notFound } from '../../lib/errors.js';
import type { MailOutbox } from '../../mail/mail-jobs.js';
import { followUpMail } from '../../mail/templates.js';
import { assertAllowed, loadMembership } from '../../permissions/membership.js';
import type { RecipientMessenger } from '../questions/index.js';
import { insertChatMessage } from './chat-repository.js';
import { getContact, shareLockContactRow } from './contacts-repository.js';
import { announceContact, contactNotFound } from './contacts-service.js';
import { findAnswerLink, findTimeline } from './timeline-repository.js';

/** What posting a follow-up needs besides the database: the mail queue, the public pages' base URL and the chat channel. */
export interface ThreadContext {
  db: Database;
  mailOutbox: MailOutbox;
  publicUrl: string;
  /** Slack DMs (issue #12); none = follow-ups go by mail only. */
  messenger?: RecipientMessenger;
}

/** The recipient of `requestId` that is `contactId`, with their channel and delivery error. */
async function findThreadRecipient(tx: Queryable, workspaceId: string, contactId: string, requestId: string) {
  const [row] = await tx
    .select({ id: questionRecipients.id, channel: questionRecipients.channel, deliveryError: questionRecipients.deliveryError })
    .from(questionRecipients)
    .where(
      and(
        eq(questionRecipients.workspaceId, workspaceId),
        eq(questionRecipients.contactId, contactId),
        eq(questionRecipients.requestId, requestId),
      ),
    );
  return row;
}

const noOpenLink = (name: string) =>
  new AppError('CONFLICT', `${name} has no open answer link, so they could not read or reply to a message; send them a request first.`);

/** A member's first and last name, for the mail's sender. */
async function findMemberName(tx: Queryable, personId: string): Promise<string> {
  const [row] = await tx.select({ firstName: people.firstName, lastName: people.lastName }).from(people).where(eq(people.id, personId));
  return row ? `${row.firstName} ${row.lastName}`.trim() : 'Someone';
}

/**
 * A member's follow-up to a contact (issue #10 chat; contract PostChatMessageBody): in one
 * transaction the message joins the contact's thread, a `contact` message event goes out, and it
 * is delivered for the recipient of their answer page (their newest active link, or that of
 * `requestId`): when that recipient is on SLACK and their DM did not fail (issue #12), via SLACK
 * by the messenger in the thread of the request's opening DM; otherwise via EMAIL when they have an
 * email — the follow-up mail with the link `{publicUrl}/q/{linkId}` — else LINK (no delivery).
 * Either is enqueued at most once per message (the message id is the job's).
 * @throws 403 for a USER or GUEST; 404 for a contact of another workspace, or a `requestId` they
 * are not a recipient of; 409 CONFLICT for a former contact or one without an active answer link.
 */
export async function postChatMessage(
  context: ThreadContext,
  personId: string,
  workspaceId: string,
  contactId: string,
  body: PostChatMessageBody,
): Promise<ChatMessage> {
  return context.db.transaction(async (tx) => {
    const member = await loadMembership(tx, workspaceId, personId);
    assertAllowed(member, 'editQuestions');
    const contact = await shareLockContactRow(tx, workspaceId, contactId);
    if (!contact) throw contactNotFound();
    const name = `${contact.firstName} ${contact.lastName}`.trim();
    if (contact.deletedAt !== null) throw new AppError('CONFLICT', `${name} is a former contact; messages can no longer reach them.`);
    const link = await findAnswerLink(tx, workspaceId, contactId, body.requestId);
    if (!link) {
      if (body.requestId !== undefined) throw notFound('That request');
      throw noOpenLink(name);
    }
    if (!link.isActive) throw noOpenLink(name);
    const recipient = await findThreadRecipient(tx, workspaceId, contactId, link.requestId);
    const slackRecipient = recipient?.channel === 'SLACK' && recipient.deliveryError === null ? recipient : undefined;
    const messenger = slackRecipient ? context.messenger : undefined;
    const message = await insertChatMessage(tx, {
      workspaceId,
      contactId,
      authorMemberId: member.id,
      body: body.body,
      via: messenger && slackRecipient ? 'SLACK' : contact.email ? 'EMAIL' : 'LINK',
      requestId: link.requestId,
    });
    await announceContact(tx, { workspaceId, contactId, action: 'message', actorMemberId: member.id, messageId: message.id });
    if (messenger && slackRecipient) {
      await messenger.enqueueFollowUp(tx, { workspaceId, contactId, recipientId: slackRecipient.id, messageId: message.id });
    } else if (contact.email) {
      const mail = followUpMail(contact.email, {
        senderName: await findMemberName(tx, personId),
        workspaceName: link.workspaceName,
        requestTitle: link.requestTitle,
        body: message.body,
        link: `${context.publicUrl}/q/${link.linkId}`,
      });
      await context.mailOutbox.enqueue(tx, mail, { messageId: message.id });
    }
    return message;
  });
}

/**
 * A contact's timeline, newest first (timeline-repository.ts), a former contact's included.
 * @throws 403 for a GUEST; 404 for a contact of another workspace; 400 errorData.cursor.
 */
export async function listTimeline(
  db: Database,
  personId: string,
  workspaceId: string,
  contactId: string,
  query: ListTimelineQuery,
): Promise<TimelinePage> {
  const member = await loadMembership(db, workspaceId, personId);
  assertAllowed(member, 'viewQuestions');
  if (!(await getContact(db, workspaceId, contactId))) throw contactNotFound();
  return findTimeline(db, workspaceId, contactId, query);
}
