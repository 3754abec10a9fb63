import { TZDate } from '@date-fns/tz';
import { addDays } from 'date-fns';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import {
  RECIPIENT_LINK_DAYS_AFTER_DUE,
  RECIPIENT_LINK_DAYS_WITHOUT_DUE,
  type CreateQuestionRequestBody,
  type ListQuestionRequestsQuery,
  type QuestionEvent,
  type QuestionItem,
  type QuestionItemInput,
  type QuestionRequestDetail,
  type QuestionRequestPage,
  type RecipientChannels,
  type UpdateQuestionRequestBody,
} from '@tandem/contract';
import type { Database, Queryable } from '../../db/client.js';
import { publicLinks, questionRecipients } from '../../db/schema/index.js';
import { publishWorkspaceEvent } from '../../events/event-bus.js';
import { AppError, invalidField, notFound, versionConflict } from '../../lib/errors.js';
import type { MailOutbox } from '../../mail/mail-jobs.js';
import { assertAllowed, loadMembership, type MemberRow } from '../../permissions/membership.js';
import { noRecipientMessenger, type RecipientMessenger } from './recipient-messengers.js';
import {
  deleteRequestRow,
  findLiveContacts,
  findRequests,
  getRequestDetail,
  insertRequest,
  lockRequestRow,
  updateRequestRow,
  type RequestRow,
  type RequestWrite,
} from './requests-repository.js';

/** What the questions services need besides the database: the public address, the mail queue and the chat channel. */
export interface QuestionsDeps {
  db: Database;
  /** PUBLIC_URL: recipient links are `${publicUrl}/q/{shortUrl}`. */
  publicUrl: string;
  mailOutbox: MailOutbox;
  /** Slack DMs (issue #12; recipient-messengers.ts); none = nobody reachable (the demo seed). */
  messenger?: RecipientMessenger;
}

/** The deps' messenger, or the one that reaches nobody. */
export const messengerOf = (deps: Pick<QuestionsDeps, 'messenger'>): RecipientMessenger => deps.messenger ?? noRecipientMessenger;

export const requestNotFound = () => notFound('That question request');

/** Publishes a `question` event in `tx` (heard by members who may view questions; not GUESTs). */
export async function announceRequest(
  tx: Queryable,
  row: Pick<RequestRow, 'id' | 'workspaceId' | 'version'>,
  action: QuestionEvent['action'],
  actor: MemberRow,
  recipientId: string | null = null,
): Promise<void> {
  await publishWorkspaceEvent<'question'>(
    tx,
    {
      type: 'question',
      workspaceId: row.workspaceId,
      requestId: row.id,
      action,
      recipientId,
      version: row.version,
      actorMemberId: actor.id,
    },
    {},
  );
}

/** The request as the API answers it after a write (or a read). */
export async function detailOf(db: Queryable, deps: Pick<QuestionsDeps, 'publicUrl'>, row: Pick<RequestRow, 'id' | 'workspaceId'>) {
  const detail = await getRequestDetail(db, row.workspaceId, row.id, deps.publicUrl);
  if (!detail) throw requestNotFound();
  return detail;
}

/** Items as stored: given ids kept, a new UUIDv7 for each item without one. */
export function itemsOf(items: QuestionItemInput[] | undefined): QuestionItem[] {
  return (items ?? []).map((item) => ({
    id: item.id ?? uuidv7(),
    prompt: item.prompt,
    kind: item.kind,
    options: item.options ?? [],
    required: item.required ?? true,
  }));
}

/**
 * 400 errorData.contactIds unless every id is a contact of the workspace that is not deleted; the
 * message names how many are unknown, errorData lists them.
 */
export async function assertLiveContacts(tx: Queryable, workspaceId: string, ids: string[]) {
  const found = await findLiveContacts(tx, workspaceId, ids);
  const known = new Set(found.map((contact) => contact.id));
  const unknown = ids.filter((id) => !known.has(id));
  if (unknown.length > 0) {
    throw new AppError('VALIDATION_FAILED', 'Choose people among the contacts of this workspace.', {
      contactIds: `Unknown or deleted contacts: ${unknown.join(', ')}.`,
    });
  }
  return found;
}

/** `channels` with its keys in order, so that two equal maps compare equal as JSON. */
const sortedChannels = (channels: RecipientChannels): RecipientChannels =>
  Object.fromEntries(Object.entries(channels).sort(([a], [b]) => a.localeCompare(b)));

/**
 * The per-person channels of a request (issue #12): 400 errorData.recipientChannels unless each
 * key is one of `contactIds` (the people the request asks).
 */
function recipientChannelsOf(channels: RecipientChannels, contactIds: string[]): RecipientChannels {
  const asked = new Set(contactIds);
  const strangers = Object.keys(channels).filter((id) => !asked.has(id));
  if (strangers.length > 0) {
    throw invalidField('recipientChannels', `Only people this request asks can have their own channel: ${strangers.join(', ')}.`);
  }
  return sortedChannels(channels);
}

/** A member who may view questions (PRODUCT §6), or 403 / 404. */
async function viewer(db: Queryable, personId: string, workspaceId: string): Promise<MemberRow> {
  const member = await loadMembership(db, workspaceId, personId);
  assertAllowed(member, 'viewQuestions');
  return member;
}

/** GET …/question-requests: one page of the workspace's requests (viewQuestions). @throws 403 GUEST; 400 cursor. */
export async function listRequests(
  db: Database,
  personId: string,
  workspaceId: string,
  query: ListQuestionRequestsQuery,
): Promise<QuestionRequestPage> {
  await viewer(db, personId, workspaceId);
  return findRequests(db, workspaceId, query);
}

/** GET …/question-requests/{requestId}: the request with recipients and answers. @throws 403 GUEST; 404. */
export async function readRequest(
  deps: QuestionsDeps,
  personId: string,
  workspaceId: string,
  requestId: string,
): Promise<QuestionRequestDetail> {
  await viewer(deps.db, personId, workspaceId);
  const detail = await getRequestDetail(deps.db, workspaceId, requestId, deps.publicUrl);
  if (!detail) throw requestNotFound();
  return detail;
}

/**
 * POST …/question-requests: a new DRAFT at version 1 (issue #10 "saves as a draft as you go")
 * with a `question` event. Defaults: time zone UTC, remind after 2 days, channel SLACK ("Slack
 * where possible") while the workspace's Slack is connected and EMAIL otherwise (issue #12).
 * @throws 403 USER/GUEST; 400 errorData.contactIds for contacts not of the workspace or deleted;
 * 400 errorData.recipientChannels for a per-person channel of someone the request does not ask.
 */
export async function createRequest(
  deps: QuestionsDeps,
  personId: string,
  workspaceId: string,
  body: CreateQuestionRequestBody,
): Promise<QuestionRequestDetail> {
  return deps.db.transaction(async (tx) => {
    const member = await loadMembership(tx, workspaceId, personId);
    assertAllowed(member, 'editQuestions');
    const contactIds = body.contactIds ?? [];
    await assertLiveContacts(tx, workspaceId, contactIds);
    const recipientChannels = recipientChannelsOf(body.recipientChannels ?? {}, contactIds);
    const channel = body.channel ?? ((await messengerOf(deps).isConnected(tx, workspaceId)) ? 'SLACK' : 'EMAIL');
    const row = await insertRequest(tx, {
      workspaceId,
      title: body.title,
      context: body.context ?? '',
      items: itemsOf(body.items),
      dueDate: body.dueDate ?? null,
      timeZone: body.timeZone ?? 'UTC',
      remindAfterDays: body.remindAfterDays === undefined ? 2 : body.remindAfterDays,
      confidential: body.confidential ?? false,
      channel,
      recipientChannels,
      contactIds,
      createdByMemberId: member.id,
      updatedByMemberId: member.id,
    });
    await announceRequest(tx, row, 'created', member);
    return detailOf(tx, deps, row);
  });
}

/**
 * 403 unless the caller may edit questions (PRODUCT §6); then the request locked for the
 * transaction `tx`, 404 when absent (or another workspace's).
 */
export async function lockRequestToEdit(
  tx: Queryable,
  personId: string,
  workspaceId: string,
  requestId: string,
): Promise<{ member: MemberRow; row: RequestRow }> {
  const member = await loadMembership(tx, workspaceId, personId);
  assertAllowed(member, 'editQuestions');
  const row = await lockRequestRow(tx, workspaceId, requestId);
  if (!row) throw requestNotFound();
  return { member, row };
}

/**
 * {@link lockRequestToEdit}, then 409 VERSION_CONFLICT with `current` unless `version` is the
 * request's current one.
 */
export async function lockForEdit(
  tx: Queryable,
  deps: Pick<QuestionsDeps, 'publicUrl'>,
  personId: string,
  workspaceId: string,
  requestId: string,
  version: number,
  staleMessage = 'Someone else changed this request meanwhile. Review their version and make your change again.',
): Promise<{ member: MemberRow; row: RequestRow }> {
  const { member, row } = await lockRequestToEdit(tx, personId, workspaceId, requestId);
  if (row.version !== version) throw versionConflict(staleMessage, await detailOf(tx, deps, row));
  return { member, row };
}

/** Fields a SENT request still lets change (contract UpdateQuestionRequestBody). */
const editableAfterSend = new Set(['title', 'context', 'dueDate', 'remindAfterDays', 'version']);

/**
 * When a recipient's link expires by default (issue #10, decision 012): the end of the due date in
 * `timeZone` (its next local midnight) + {@link RECIPIENT_LINK_DAYS_AFTER_DUE} days, or `sentAt` +
 * {@link RECIPIENT_LINK_DAYS_WITHOUT_DUE} days for a request without a due date. Calendar days in
 * the zone (@date-fns/tz), so a daylight-saving change moves nothing.
 */
export function recipientLinkExpiry(dueDate: string | null, timeZone: string, sentAt: Date): Date {
  if (dueDate === null) return addDays(sentAt, RECIPIENT_LINK_DAYS_WITHOUT_DUE);
  const [year, month, day] = dueDate.split('-').map(Number) as [number, number, number];
  const dueStart = new TZDate(year, month - 1, day, timeZone);
  return new Date(addDays(dueStart, 1 + RECIPIENT_LINK_DAYS_AFTER_DUE).getTime());
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * PATCH …/question-requests/{requestId} at the version the caller saw (contract
 * UpdateQuestionRequestBody). DRAFT: anything (`recipientChannels` only for the request's people;
 * people taken off drop theirs). SENT: title, context, dueDate, remindAfterDays; a
 * changed dueDate moves the expiry of the request's recipient links that are not revoked to the new
 * default (due date's end + 14 days, or sent + 90 days). A save that changes nothing writes nothing.
 * @throws 403; 404; 409 VERSION_CONFLICT with `current`; 409 CONFLICT for a CLOSED request or a
 * field that is fixed once sent; 400 errorData.contactIds / .recipientChannels.
 */
export async function updateRequest(
  deps: QuestionsDeps,
  personId: string,
  workspaceId: string,
  requestId: string,
  body: UpdateQuestionRequestBody,
): Promise<QuestionRequestDetail> {
  return deps.db.transaction(async (tx) => {
    const { member, row } = await lockForEdit(tx, deps, personId, workspaceId, requestId, body.version);
    if (row.status === 'CLOSED') throw new AppError('CONFLICT', 'This request is closed; it can no longer be changed.');
    const next: RequestWrite = {};
    if (body.title !== undefined && body.title !== row.title) next.title = body.title;
    if (body.context !== undefined && body.context !== row.context) next.context = body.context;
    if (body.dueDate !== undefined && body.dueDate !== row.dueDate) next.dueDate = body.dueDate;
    if (body.remindAfterDays !== undefined && body.remindAfterDays !== row.remindAfterDays) next.remindAfterDays = body.remindAfterDays;
    if (body.timeZone !== undefined && body.timeZone !== row.timeZone) next.timeZone = body.timeZone;
    if (body.confidential !== undefined && body.confidential !== row.confidential) next.confidential = body.confidential;
    if (body.channel !== undefined && body.channel !== row.channel) next.channel = body.channel;
    if (body.items !== undefined) {
      const items = itemsOf(body.items);
      // Compare without the ids minted for new items.
      if (!sameJson(items, row.items) || body.items.some((item) => item.id === undefined)) next.items = items;
    }
    if (body.contactIds !== undefined && !sameJson(body.contactIds, row.contactIds)) {
      if (row.status === 'DRAFT') await assertLiveContacts(tx, workspaceId, body.contactIds);
      next.contactIds = body.contactIds;
    }
    const contactIds = body.contactIds ?? row.contactIds;
    // People taken off the request take their own channel with them.
    const channels =
      body.recipientChannels !== undefined
        ? recipientChannelsOf(body.recipientChannels, contactIds)
        : Object.fromEntries(Object.entries(row.recipientChannels).filter(([id]) => contactIds.includes(id)));
    if (!sameJson(sortedChannels(channels), sortedChannels(row.recipientChannels))) next.recipientChannels = sortedChannels(channels);
    const fixed = Object.keys(next).filter((key) => !editableAfterSend.has(key));
    if (row.status === 'SENT' && fixed.length > 0) {
      throw new AppError(
        'CONFLICT',
        'This request has been sent: only its title, context, due date and reminders can change. Add people with "Add recipients".',
        Object.fromEntries(fixed.map((key) => [key, 'This cannot change once the request is sent.'])),
      );
    }
    if (row.status === 'SENT' && next.dueDate !== undefined) {
      const now = new Date();
      if (recipientLinkExpiry(body.dueDate ?? null, row.timeZone, now) <= now) {
        throw invalidField('dueDate', 'That due date has long passed: the links would stop working. Choose a later one.');
      }
    }
    if (Object.keys(next).length === 0) return detailOf(tx, deps, row);
    const updated = await updateRequestRow(tx, row, {
      ...next,
      version: row.version + 1,
      updatedByMemberId: member.id,
      updatedAt: sql`now()`,
    });
    if (row.status === 'SENT' && next.dueDate !== undefined) await moveLinkExpiries(tx, updated);
    await announceRequest(tx, updated, 'updated', member);
    return detailOf(tx, deps, updated);
  });
}

/**
 * Moves the expiry of a SENT request's recipient links that are not revoked to the default for its
 * (new) due date: the due date's end in the request's zone + 14 days, or each recipient's sending
 * + 90 days without a due date (issue #10).
 */
async function moveLinkExpiries(tx: Queryable, row: RequestRow): Promise<void> {
  const recipients = await tx
    .select({ id: questionRecipients.id, linkId: questionRecipients.linkId, sentAt: questionRecipients.sentAt })
    .from(questionRecipients)
    .where(and(eq(questionRecipients.workspaceId, row.workspaceId), eq(questionRecipients.requestId, row.id)));
  for (const recipient of recipients) {
    await tx
      .update(publicLinks)
      .set({ expiresAt: recipientLinkExpiry(row.dueDate, row.timeZone, recipient.sentAt) })
      .where(
        and(
          eq(publicLinks.workspaceId, row.workspaceId),
          eq(publicLinks.id, recipient.linkId),
          eq(publicLinks.subjectType, 'RECIPIENT'),
          isNull(publicLinks.revokedAt),
        ),
      );
  }
}

/**
 * DELETE …/question-requests/{requestId}?version=: a DRAFT only (nothing was sent, nothing
 * answered). @throws 403; 404; 409 VERSION_CONFLICT with `current`; 409 CONFLICT once sent.
 */
export async function deleteRequest(
  deps: QuestionsDeps,
  personId: string,
  workspaceId: string,
  requestId: string,
  version: number,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const { member, row } = await lockForEdit(
      tx,
      deps,
      personId,
      workspaceId,
      requestId,
      version,
      'Someone else changed this request meanwhile. Review their version before deleting it.',
    );
    if (row.status !== 'DRAFT') throw new AppError('CONFLICT', 'Only a draft can be deleted. Close it instead; the answers are kept.');
    await deleteRequestRow(tx, workspaceId, requestId);
    await announceRequest(tx, row, 'deleted', member);
  });
}

/**
 * POST …/{requestId}/close at `version`: SENT → CLOSED with closedAt (answers become read-only;
 * the request no longer counts against the plan) and a `question` event.
 * @throws 403; 404; 409 VERSION_CONFLICT with `current`; 409 CONFLICT unless SENT.
 */
export async function closeRequest(
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
      'Someone else changed this request meanwhile. Review their version before closing it.',
    );
    if (row.status !== 'SENT') {
      throw new AppError(
        'CONFLICT',
        row.status === 'DRAFT' ? 'This request has not been sent yet; delete the draft instead.' : 'This request is already closed.',
      );
    }
    const updated = await updateRequestRow(tx, row, {
      status: 'CLOSED',
      closedAt: sql`now()`,
      version: row.version + 1,
      updatedByMemberId: member.id,
      updatedAt: sql`now()`,
    });
    await announceRequest(tx, updated, 'closed', member);
    return detailOf(tx, deps, updated);
  });
}
