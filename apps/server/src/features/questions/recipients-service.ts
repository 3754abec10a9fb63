import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { and, eq, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import {
  planLimits,
  REQUEST_ITEMS_MAX,
  REQUEST_ITEMS_MIN,
  REQUEST_RECIPIENTS_MAX,
  REQUEST_RECIPIENTS_MIN,
  type QuestionRequestDetail,
  type Recipient,
  type RecipientChannel,
} from '@tandem/contract';
import type { Queryable } from '../../db/client.js';
import { contacts, people, questionRecipients, subscriptions, workspaceMembers, workspaces } from '../../db/schema/index.js';
import { AppError, invalidField, notFound } from '../../lib/errors.js';
import { questionRequestMail } from '../../mail/templates.js';
import { assertAllowed, loadMembership, type MemberRow } from '../../permissions/membership.js';
import { createPublicLink, revokePublicLink } from '../../public/public-links.js';
import { findPublicLinkViews } from '../../public/public-links-views.js';
import { countActiveRequests, findRecipientRows, findRecipients, updateRequestRow, type RequestRow } from './requests-repository.js';
import {
  announceRequest,
  assertLiveContacts,
  detailOf,
  lockForEdit,
  lockRequestToEdit,
  messengerOf,
  recipientLinkExpiry,
  type QuestionsDeps,
} from './requests-service.js';

const personName = (contact: { firstName: string; lastName: string }) => `${contact.firstName} ${contact.lastName}`.trim();

/**
 * 402 PLAN_LIMIT when the workspace already has as many SENT requests as its plan allows (PRODUCT
 * §8). Locks the workspace row FOR UPDATE first, so two concurrent sends queue and the count is
 * exact; the lock holds until the transaction ends.
 */
async function assertRoomForRequest(tx: Queryable, workspaceId: string): Promise<void> {
  await tx.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.id, workspaceId)).for('update');
  const [subscription] = await tx
    .select({ plan: subscriptions.subscriptionType })
    .from(subscriptions)
    .where(eq(subscriptions.workspaceId, workspaceId));
  const plan = subscription?.plan ?? 'FREE';
  const limit = planLimits[plan].activeQuestionRequests;
  if (limit === null) return;
  if ((await countActiveRequests(tx, workspaceId)) >= limit) {
    throw new AppError(
      'PLAN_LIMIT',
      `Your ${plan} plan allows ${limit} active question requests. Close one or upgrade the plan to send this one.`,
    );
  }
}

/** The due date as a mail reads it: "Friday, December 4, 2026". */
const readableDate = (dueDate: string) => {
  const [year, month, day] = dueDate.split('-').map(Number) as [number, number, number];
  return format(new TZDate(year, month - 1, day, 'UTC'), 'EEEE, MMMM d, yyyy');
};

/** Who asks: the sending member's first name and the workspace's name, as the request mail names them. */
async function findAsker(tx: Queryable, memberId: string): Promise<{ firstName: string; workspaceName: string }> {
  const [asker] = await tx
    .select({ firstName: people.firstName, workspaceName: workspaces.name })
    .from(workspaceMembers)
    .innerJoin(people, eq(people.id, workspaceMembers.personId))
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(eq(workspaceMembers.id, memberId));
  return { firstName: asker?.firstName ?? 'Someone', workspaceName: asker?.workspaceName ?? 'Tandem' };
}

/**
 * Enqueues the request mail to `email` in `tx` with the recipient id as message id (issue #10):
 * one mail per recipient however often this runs, whether at send or by "send by email instead".
 */
async function enqueueRequestMail(
  tx: Queryable,
  deps: QuestionsDeps,
  row: RequestRow,
  asker: { firstName: string; workspaceName: string },
  recipient: { id: string; linkId: string; email: string; firstName: string },
): Promise<void> {
  await deps.mailOutbox.enqueue(
    tx,
    questionRequestMail(recipient.email, {
      askerFirstName: asker.firstName,
      workspaceName: asker.workspaceName,
      recipientFirstName: recipient.firstName,
      title: row.title,
      context: row.context,
      questionCount: row.items.length,
      dueDate: row.dueDate === null ? null : readableDate(row.dueDate),
      link: `${deps.publicUrl}/q/${recipient.linkId}`,
    }),
    { messageId: recipient.id },
  );
}

/**
 * Each contact's channel (issue #12): their own (`recipientChannels`), else the request's, where
 * SLACK means "Slack where possible": Slack for people the messenger reaches, email for the others.
 * @throws 400 errorData.recipientChannels naming people set to Slack whom Slack cannot reach (not
 * matched to a Slack user, or the workspace not connected).
 */
async function channelsOf(
  tx: Queryable,
  deps: QuestionsDeps,
  row: RequestRow,
  contacts: { id: string; firstName: string; lastName: string }[],
): Promise<Map<string, RecipientChannel>> {
  const wantsSlack = row.channel === 'SLACK' || contacts.some((contact) => row.recipientChannels[contact.id] === 'SLACK');
  const reachable = wantsSlack
    ? await messengerOf(deps).reachable(
        tx,
        row.workspaceId,
        contacts.map((contact) => contact.id),
      )
    : new Set<string>();
  const channels = new Map<string, RecipientChannel>();
  for (const contact of contacts) {
    const fallback = row.channel === 'SLACK' ? (reachable.has(contact.id) ? 'SLACK' : 'EMAIL') : row.channel;
    channels.set(contact.id, row.recipientChannels[contact.id] ?? fallback);
  }
  const unreachable = contacts.filter((contact) => channels.get(contact.id) === 'SLACK' && !reachable.has(contact.id));
  if (unreachable.length > 0) {
    throw invalidField(
      'recipientChannels',
      `Slack cannot reach ${unreachable.map(personName).join(', ')}: match them to a Slack user on their page (and connect Slack), or choose email.`,
    );
  }
  return channels;
}

/**
 * Sends a SENT (or being-sent) request to `contactIds` in `tx` (issues #10, #12; the one code path
 * of send and add recipients): one recipient row per contact on their channel ({@link channelsOf}),
 * each with its own public link (subject RECIPIENT; expiry {@link recipientLinkExpiry}); for EMAIL
 * the request mail through the mail queue with the recipient id as message id, for SLACK a DM
 * delivery job through the messenger (job id per recipient), so a retried send delivers at most
 * once. Contacts already recipients are skipped.
 * @throws 400 errorData.contactIds (unknown or deleted contacts; EMAIL to contacts without an
 * email; more than 100 recipients in all), errorData.recipientChannels (Slack cannot reach them);
 * 409 when the workspace's public links are off.
 * @returns the ids of the new recipients.
 */
async function sendToContacts(
  tx: Queryable,
  deps: QuestionsDeps,
  member: MemberRow,
  row: RequestRow,
  contactIds: string[],
  sentAt: Date,
): Promise<string[]> {
  const existing = new Set((await findRecipientRows(tx, row.workspaceId, row.id)).map((recipient) => recipient.contactId));
  const wanted = contactIds.filter((id) => !existing.has(id));
  if (existing.size + wanted.length > REQUEST_RECIPIENTS_MAX) {
    throw invalidField('contactIds', `A request can go to at most ${REQUEST_RECIPIENTS_MAX} people; it has ${existing.size} already.`);
  }
  const found = await assertLiveContacts(tx, row.workspaceId, wanted);
  const byId = new Map(found.map((contact) => [contact.id, contact]));
  const contactsInOrder = wanted.map((id) => byId.get(id)!);
  const channels = await channelsOf(tx, deps, row, contactsInOrder);
  const missing = contactsInOrder.filter((contact) => channels.get(contact.id) === 'EMAIL' && !contact.email);
  if (missing.length > 0) {
    throw invalidField(
      'contactIds',
      `${missing.map(personName).join(', ')} ${missing.length === 1 ? 'has' : 'have'} no email address. Add one or send by link.`,
    );
  }
  const expiresAt = recipientLinkExpiry(row.dueDate, row.timeZone, sentAt);
  if (expiresAt.getTime() <= sentAt.getTime()) {
    throw invalidField('dueDate', 'The due date has long passed; choose a later one before sending.');
  }
  const asker = await findAsker(tx, member.id);
  const created: string[] = [];
  for (const contact of contactsInOrder) {
    const recipientId = uuidv7();
    const channel = channels.get(contact.id)!;
    const { publicId } = await createPublicLink(tx, {
      workspaceId: row.workspaceId,
      subjectType: 'RECIPIENT',
      subjectId: recipientId,
      label: personName(contact),
      expiresAt,
      passcode: null,
      createdByMemberId: member.id,
    });
    await tx.insert(questionRecipients).values({
      id: recipientId,
      workspaceId: row.workspaceId,
      requestId: row.id,
      contactId: contact.id,
      channel,
      linkId: publicId,
      sentAt,
      sentByMemberId: member.id,
    });
    if (channel === 'EMAIL') {
      await enqueueRequestMail(tx, deps, row, asker, {
        id: recipientId,
        linkId: publicId,
        email: contact.email!,
        firstName: contact.firstName,
      });
    } else if (channel === 'SLACK') {
      await messengerOf(deps).enqueueRequest(tx, { workspaceId: row.workspaceId, recipientId });
    }
    created.push(recipientId);
  }
  return created;
}

/**
 * POST …/{requestId}/send at `version` (issue #10; contract SendQuestionRequestBody): a DRAFT with
 * 1–20 items and 1–100 contacts becomes SENT (sentAt, version + 1) with one recipient and link per
 * contact, mailed for EMAIL, all in one transaction, and a `question` event.
 * @throws 403; 404; 409 VERSION_CONFLICT with `current`; 409 CONFLICT unless DRAFT; 400
 * errorData.items / .contactIds / .dueDate; 402 PLAN_LIMIT (PRODUCT §8); 409 when public links are off.
 */
export async function sendRequest(
  deps: QuestionsDeps,
  personId: string,
  workspaceId: string,
  requestId: string,
  version: number,
): Promise<QuestionRequestDetail> {
  return deps.db.transaction(async (tx) => {
    const { member, row } = await lockForEdit(
      tx,
      deps,
      personId,
      workspaceId,
      requestId,
      version,
      'Someone else changed this request meanwhile. Review their version before sending it.',
    );
    if (row.status !== 'DRAFT') throw new AppError('CONFLICT', 'This request has already been sent.');
    if (row.items.length < REQUEST_ITEMS_MIN || row.items.length > REQUEST_ITEMS_MAX) {
      throw invalidField('items', `Add ${REQUEST_ITEMS_MIN} to ${REQUEST_ITEMS_MAX} questions before sending.`);
    }
    if (row.contactIds.length < REQUEST_RECIPIENTS_MIN || row.contactIds.length > REQUEST_RECIPIENTS_MAX) {
      throw invalidField('contactIds', `Choose ${REQUEST_RECIPIENTS_MIN} to ${REQUEST_RECIPIENTS_MAX} people to ask before sending.`);
    }
    await assertRoomForRequest(tx, workspaceId);
    const sentAt = new Date();
    const updated = await updateRequestRow(tx, row, {
      status: 'SENT',
      sentAt,
      version: row.version + 1,
      updatedByMemberId: member.id,
      updatedAt: sql`now()`,
    });
    await sendToContacts(tx, deps, member, updated, row.contactIds, sentAt);
    await announceRequest(tx, updated, 'sent', member);
    return detailOf(tx, deps, updated);
  });
}

/**
 * POST …/{requestId}/recipients (issue #10): more people for a SENT request, each sent to at once
 * through the same path as send; contacts already recipients are ignored; 100 at most in all.
 * Adding changes the request's contactIds, not its version.
 * @throws 403; 404; 409 CONFLICT unless SENT; 400 errorData.contactIds.
 */
export async function addRecipients(
  deps: QuestionsDeps,
  personId: string,
  workspaceId: string,
  requestId: string,
  contactIds: string[],
): Promise<QuestionRequestDetail> {
  return deps.db.transaction(async (tx) => {
    const { member, row } = await lockRequestToEdit(tx, personId, workspaceId, requestId);
    if (row.status !== 'SENT') {
      throw new AppError(
        'CONFLICT',
        row.status === 'DRAFT' ? 'This request is still a draft: choose its people and send it.' : 'This request is closed.',
      );
    }
    const sentAt = new Date();
    const created = await sendToContacts(tx, deps, member, row, contactIds, sentAt);
    if (created.length === 0) return detailOf(tx, deps, row);
    const merged = [...new Set([...row.contactIds, ...contactIds])];
    const updated = await updateRequestRow(tx, row, { contactIds: merged, updatedByMemberId: member.id, updatedAt: sql`now()` });
    for (const recipientId of created) await announceRequest(tx, updated, 'recipient', member, recipientId);
    return detailOf(tx, deps, updated);
  });
}

/** The recipient `recipientId` of a request of the workspace, or 404 (either absent or another workspace's). */
async function recipientOf(
  db: Queryable,
  deps: Pick<QuestionsDeps, 'publicUrl'>,
  workspaceId: string,
  requestId: string,
  recipientId: string,
) {
  const [recipient] = await findRecipients(db, workspaceId, requestId, deps.publicUrl, recipientId);
  if (!recipient) throw notFound('That recipient');
  return recipient;
}

/**
 * POST …/recipients/{recipientId}/revoke: the recipient's link answers 410 from now on (decision
 * 012; revoking again changes nothing). A `question` event (action recipient).
 * @throws 403 USER/GUEST; 404 for the request or the recipient.
 */
export async function revokeRecipientLink(
  deps: QuestionsDeps,
  personId: string,
  workspaceId: string,
  requestId: string,
  recipientId: string,
): Promise<Recipient> {
  return deps.db.transaction(async (tx) => {
    const { member, row } = await lockRequestToEdit(tx, personId, workspaceId, requestId);
    const recipient = await recipientOf(tx, deps, workspaceId, requestId, recipientId);
    const result = await revokePublicLink(tx, {
      workspaceId,
      subjectType: 'RECIPIENT',
      subjectId: recipientId,
      linkId: recipient.link.shortUrl,
      memberId: member.id,
    });
    if (result?.revoked) await announceRequest(tx, row, 'recipient', member, recipientId);
    return recipientOf(tx, deps, workspaceId, requestId, recipientId);
  });
}

/**
 * GET …/recipients/{recipientId}/views: the recipient link's access log, newest first (decision
 * 012: when, IP prefix, browser family), cursor pagination.
 * @throws 403 GUEST; 404; 400 errorData.cursor.
 */
export async function listRecipientViews(
  deps: QuestionsDeps,
  personId: string,
  workspaceId: string,
  requestId: string,
  recipientId: string,
  page: { limit: number; cursor?: string | undefined },
) {
  const member = await loadMembership(deps.db, workspaceId, personId);
  assertAllowed(member, 'viewQuestions');
  const recipient = await recipientOf(deps.db, deps, workspaceId, requestId, recipientId);
  return findPublicLinkViews(deps.db, workspaceId, recipient.link.shortUrl, page);
}

/**
 * POST …/recipients/{recipientId}/email (issue #12 "send by email instead", editQuestions): a
 * recipient of a SENT request — typically one Slack could not deliver to — switches to EMAIL, their
 * delivery error is cleared, and the request mail goes to their contact's address with their link
 * (message id = the recipient id, so asking twice mails once), with a `question` event.
 * @throws 403 USER/GUEST; 404 for the request or the recipient; 409 CONFLICT unless the request is
 * SENT or when the person has no email address.
 */
export async function sendRecipientByEmail(
  deps: QuestionsDeps,
  personId: string,
  workspaceId: string,
  requestId: string,
  recipientId: string,
): Promise<Recipient> {
  return deps.db.transaction(async (tx) => {
    const { member, row } = await lockRequestToEdit(tx, personId, workspaceId, requestId);
    const [recipient] = await tx
      .select({ id: questionRecipients.id, linkId: questionRecipients.linkId, email: contacts.email, firstName: contacts.firstName })
      .from(questionRecipients)
      .innerJoin(contacts, eq(contacts.id, questionRecipients.contactId))
      .where(
        and(
          eq(questionRecipients.workspaceId, workspaceId),
          eq(questionRecipients.requestId, requestId),
          eq(questionRecipients.id, recipientId),
        ),
      )
      .for('update', { of: questionRecipients });
    if (!recipient) throw notFound('That recipient');
    if (row.status !== 'SENT') throw new AppError('CONFLICT', 'Only a sent request that is still open can be sent by email.');
    if (!recipient.email) throw new AppError('CONFLICT', `${recipient.firstName} has no email address. Add one on their page first.`);
    await tx
      .update(questionRecipients)
      .set({ channel: 'EMAIL', deliveryError: null })
      .where(and(eq(questionRecipients.workspaceId, workspaceId), eq(questionRecipients.id, recipientId)));
    const asker = await findAsker(tx, member.id);
    await enqueueRequestMail(tx, deps, row, asker, { ...recipient, email: recipient.email });
    await announceRequest(tx, row, 'recipient', member, recipientId);
    return recipientOf(tx, deps, workspaceId, requestId, recipientId);
  });
}
