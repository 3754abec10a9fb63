import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { eq, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import {
  planLimits,
  REQUEST_ITEMS_MAX,
  REQUEST_ITEMS_MIN,
  REQUEST_RECIPIENTS_MAX,
  REQUEST_RECIPIENTS_MIN,
  type QuestionRequestDetail,
  type Recipient,
} from '@tandem/contract';
import type { Queryable } from '../../db/client.js';
import { people, questionRecipients, subscriptions, workspaceMembers, workspaces } from '../../db/schema/index.js';
import { AppError, invalidField, notFound } from '../../lib/errors.js';
import { questionRequestMail } from '../../mail/templates.js';
import { assertAllowed, loadMembership, type MemberRow } from '../../permissions/membership.js';
import { createPublicLink, revokePublicLink } from '../../public/public-links.js';
import { findPublicLinkViews } from '../../public/public-links-views.js';
import {
  countActiveRequests,
  findRecipientRows,
  findRecipients,
  lockRequestRow,
  updateRequestRow,
  type RequestRow,
} from './requests-repository.js';
import {
  announceRequest,
  assertLiveContacts,
  detailOf,
  lockForEdit,
  recipientLinkExpiry,
  requestNotFound,
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

/**
 * Sends a SENT (or being-sent) request to `contactIds` in `tx` (issue #10; the one code path of
 * send and add recipients): one recipient row per contact (channel = the request's), each with its
 * own public link (subject RECIPIENT; expiry {@link recipientLinkExpiry}), and for EMAIL the
 * request mail per recipient through the mail queue with the recipient id as message id, so a
 * retried send mails at most once. Contacts already recipients are skipped.
 * @throws 400 errorData.contactIds (unknown or deleted contacts; EMAIL to contacts without an
 * email; more than 100 recipients in all); 409 when the workspace's public links are off.
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
  if (row.channel === 'EMAIL') {
    const missing = contactsInOrder.filter((contact) => !contact.email);
    if (missing.length > 0) {
      throw invalidField(
        'contactIds',
        `${missing.map(personName).join(', ')} ${missing.length === 1 ? 'has' : 'have'} no email address. Add one or send by link.`,
      );
    }
  }
  const expiresAt = recipientLinkExpiry(row.dueDate, row.timeZone, sentAt);
  if (expiresAt.getTime() <= sentAt.getTime()) {
    throw invalidField('dueDate', 'The due date has long passed; choose a later one before sending.');
  }
  const [asker] = await tx
    .select({ firstName: people.firstName, workspaceName: workspaces.name })
    .from(workspaceMembers)
    .innerJoin(people, eq(people.id, workspaceMembers.personId))
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(eq(workspaceMembers.id, member.id));
  const created: string[] = [];
  for (const contact of contactsInOrder) {
    const recipientId = uuidv7();
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
      channel: row.channel,
      linkId: publicId,
      sentAt,
      sentByMemberId: member.id,
    });
    if (row.channel === 'EMAIL') {
      await deps.mailOutbox.enqueue(
        tx,
        questionRequestMail(contact.email!, {
          askerFirstName: asker?.firstName ?? 'Someone',
          workspaceName: asker?.workspaceName ?? 'Tandem',
          recipientFirstName: contact.firstName,
          title: row.title,
          context: row.context,
          questionCount: row.items.length,
          dueDate: row.dueDate === null ? null : readableDate(row.dueDate),
          link: `${deps.publicUrl}/q/${publicId}`,
        }),
        { messageId: recipientId },
      );
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
    const member = await loadMembership(tx, workspaceId, personId);
    assertAllowed(member, 'editQuestions');
    const row = await lockRequestRow(tx, workspaceId, requestId);
    if (!row) throw requestNotFound();
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
    const member = await loadMembership(tx, workspaceId, personId);
    assertAllowed(member, 'editQuestions');
    const row = await lockRequestRow(tx, workspaceId, requestId);
    if (!row) throw requestNotFound();
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
