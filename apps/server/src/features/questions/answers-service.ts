import {
  validateAnswer,
  type AnswerValue,
  type AnswerVia,
  type ChatMessage,
  type ChatVia,
  type PublicAnswersState,
  type PublicQuestionPage,
  type RecordAnswersBody,
} from '@tandem/contract';
import type { Database, Queryable } from '../../db/client.js';
import { inOrder } from '../../db/one-connection.js';
import { publishWorkspaceEvent } from '../../events/event-bus.js';
import { AppError, invalidField, notFound } from '../../lib/errors.js';
import { assertAllowed, loadMembership } from '../../permissions/membership.js';
import { openPublicLink } from '../../public/public-links.js';
import { linkInactive } from '../../public/public-scope.js';
import { recordChatReply } from '../activity/index.js';
import { findContactThread, insertChatMessage } from '../contacts/index.js';
import {
  deleteAnswer,
  findAuthorFirstName,
  findRecipientAnswers,
  findRecipientContext,
  upsertAnswer,
  type RecipientContext,
  type RecipientProgress,
} from './answers-repository.js';
import { isLate, settleRecipient } from './recipient-state.js';

/** 409 once the request is closed (issue #10 "closed → read-only"). */
const requestClosed = () => new AppError('CONFLICT', 'This request is closed; answers can no longer change.');

/** What the public side knows of the visitor (for the access log). */
export interface PublicVisitor {
  ip: string;
  userAgent: string | undefined;
}

/** Whether a recipient's page may open: the request sent (not a draft), the person not a former contact. */
const mayOpen = (recipient: RecipientContext | undefined): recipient is RecipientContext =>
  recipient !== undefined && recipient.requestStatus !== 'DRAFT' && recipient.contactDeletedAt === null;

/**
 * Opens a recipient's link and returns the recipient's ids; 410 when the page may no longer open
 * (the request gone or still a draft, the person a former contact). A view (`recordView`) checks
 * that before logging, and returns the recipient as it read it (`seen`); a write (not logged: only
 * page views go into the access log) checks it on the locked row inside its transaction
 * ({@link lockRecipient}), saving a read per save.
 */
function openRecipientLink(
  db: Database,
  shortUrl: string,
  visitor: PublicVisitor,
  recordView: boolean,
): Promise<{ workspaceId: string; id: string; seen?: RecipientContext }> {
  return openPublicLink(db, {
    subjectType: 'RECIPIENT',
    publicId: shortUrl,
    passcode: undefined,
    ip: visitor.ip,
    userAgent: visitor.userAgent,
    recordView,
    load: async ({ workspaceId, subjectId }) => {
      if (!recordView) return { workspaceId, id: subjectId };
      const seen = await findRecipientContext(db, workspaceId, subjectId);
      return mayOpen(seen) ? { workspaceId, id: subjectId, seen } : undefined;
    },
  });
}

/**
 * Locks the recipient for a write and re-reads it (the link was checked just before; a request
 * deleted or a contact removed in between answers 410 as the link would).
 */
async function lockRecipient(tx: Queryable, workspaceId: string, recipientId: string): Promise<RecipientContext> {
  const recipient = await findRecipientContext(tx, workspaceId, recipientId, { lock: true });
  if (!mayOpen(recipient)) throw linkInactive();
  return recipient;
}

/** The recipient's answers in the request's item order. */
async function answersOf(db: Queryable, recipient: RecipientContext) {
  const answers = await findRecipientAnswers(db, recipient.workspaceId, recipient.id);
  const order = new Map(recipient.requestItems.map((item, index) => [item.id, index]));
  return answers.filter((answer) => order.has(answer.itemId)).sort((a, b) => order.get(a.itemId)! - order.get(b.itemId)!);
}

/**
 * GET v1/public/questions/{shortUrl} (issue #10): the recipient's page. Logs the view; the first
 * opening sets openedAt and PENDING → OPENED. Shows only this person's answers and thread, the
 * office's members by first name only. 400 malformed, 404 unknown, 410 no longer active.
 *
 * Only the first opening writes (openedAt, in a transaction on the locked row). Once opened, the
 * page is read without a lock or a transaction (issue #13: no BEGIN, locked re-read or COMMIT per
 * view); a save landing meanwhile shows on the next load.
 */
export async function readPublicQuestionPage(db: Database, shortUrl: string, visitor: PublicVisitor): Promise<PublicQuestionPage> {
  const opened = await openRecipientLink(db, shortUrl, visitor, true);
  const seen = opened.seen!;
  if (seen.openedAt !== null) return publicQuestionPage(db, seen, seen);
  return db.transaction(async (tx) => {
    const recipient = await lockRecipient(tx, opened.workspaceId, opened.id);
    const progress = await settleRecipient(tx, recipient, { kind: 'opened', at: new Date() });
    return publicQuestionPage(tx, recipient, progress);
  });
}

/** The public page of `recipient` at `progress`: its request, this person's answers and thread. */
async function publicQuestionPage(
  db: Queryable,
  recipient: RecipientContext,
  progress: Pick<RecipientProgress, 'state' | 'completedAt'>,
): Promise<PublicQuestionPage> {
  // Three independent reads, issued together on the request's connection (inOrder, decision 038).
  const [answers, thread, authorFirstName] = await inOrder(
    answersOf(db, recipient),
    findContactThread(db, recipient.workspaceId, recipient.contactId),
    findAuthorFirstName(db, recipient.requestCreatedByMemberId),
  );
  return {
    title: recipient.requestTitle,
    context: recipient.requestContext,
    items: recipient.requestItems,
    dueDate: recipient.requestDueDate,
    askedBy: { firstName: authorFirstName, workspaceName: recipient.workspaceName },
    recipientFirstName: recipient.contactFirstName,
    state: progress.state,
    completedAt: progress.completedAt?.toISOString() ?? null,
    isClosed: recipient.requestStatus === 'CLOSED',
    answers,
    messages: thread.map(({ member, ...message }) => ({ ...message, authorFirstName: member?.firstName ?? null })),
  };
}

/** One answer change: `value` null clears. */
interface AnswerChange {
  itemId: string;
  value: AnswerValue | null;
}

/**
 * Writes answers of one recipient and settles their state (the one path for the public page and
 * for answers on someone's behalf). Checks every value first (nothing is written when one is
 * wrong): `errors` maps item id → message; unknown item ids are reported by `onUnknownItem`.
 */
async function writeAnswers(
  tx: Queryable,
  recipient: RecipientContext,
  changes: AnswerChange[],
  options: {
    via: AnswerVia;
    enteredByMemberId: string | null;
    submit: boolean;
    errorKey: (itemId: string) => string;
    onUnknownItem: (itemId: string) => AppError;
  },
): Promise<PublicAnswersState> {
  if (recipient.requestStatus === 'CLOSED') throw requestClosed();
  const items = new Map(recipient.requestItems.map((item) => [item.id, item]));
  const errors: Record<string, string> = {};
  const valid: AnswerChange[] = [];
  for (const change of changes) {
    const item = items.get(change.itemId);
    if (!item) throw options.onUnknownItem(change.itemId);
    if (change.value === null) {
      valid.push(change);
      continue;
    }
    const checked = validateAnswer(item, change.value);
    if ('error' in checked) errors[options.errorKey(change.itemId)] = checked.error;
    else valid.push({ itemId: change.itemId, value: checked.value });
  }
  const [firstError] = Object.values(errors);
  if (firstError !== undefined) throw new AppError('VALIDATION_FAILED', firstError, errors);

  const at = new Date();
  const late = isLate(recipient.requestDueDate, recipient.requestTimeZone, at);
  const write = (change: AnswerChange) =>
    change.value === null
      ? deleteAnswer(tx, recipient.workspaceId, recipient.id, change.itemId)
      : upsertAnswer(tx, {
          workspaceId: recipient.workspaceId,
          requestId: recipient.requestId,
          recipientId: recipient.id,
          itemId: change.itemId,
          value: change.value,
          late,
          via: options.via,
          enteredByMemberId: options.enteredByMemberId,
          at,
        });
  // Issued together, run in order: see {@link inOrder}. The read sees every write.
  const [wrote, answers] = await inOrder(Promise.all(valid.map(write)), answersOf(tx, recipient));
  const changed = wrote.some(Boolean);
  const answered = new Set(answers.map((answer) => answer.itemId));
  if (options.submit) {
    const missing: Record<string, string> = {};
    for (const item of recipient.requestItems) {
      if (item.required && !answered.has(item.id)) missing[options.errorKey(item.id)] = 'Answer this question before you finish.';
    }
    if (Object.keys(missing).length > 0) throw new AppError('VALIDATION_FAILED', 'Some required questions have no answer yet.', missing);
  }
  const progress = await settleRecipient(tx, recipient, {
    kind: 'answers',
    at,
    answered,
    changed,
    submitted: options.submit,
    actorMemberId: options.enteredByMemberId,
  });
  return { state: progress.state, completedAt: progress.completedAt?.toISOString() ?? null, answers };
}

const publicAnswerOptions = {
  via: 'LINK' as const,
  enteredByMemberId: null,
  errorKey: () => 'value',
  onUnknownItem: () => notFound('That question'),
};

/**
 * PUT v1/public/questions/{shortUrl}/answers/{itemId} (issue #10): saves (or, with null, clears)
 * one answer as the person goes. 400 errorData.value when it does not fit the kind; 404 unknown
 * item; 409 closed; 410 link no longer active. Not logged as a view.
 */
export async function savePublicAnswer(
  db: Database,
  shortUrl: string,
  itemId: string,
  value: AnswerValue | null,
  visitor: PublicVisitor,
): Promise<PublicAnswersState> {
  const opened = await openRecipientLink(db, shortUrl, visitor, false);
  return db.transaction(async (tx) => {
    const recipient = await lockRecipient(tx, opened.workspaceId, opened.id);
    return writeAnswers(tx, recipient, [{ itemId, value }], { ...publicAnswerOptions, submit: false });
  });
}

/**
 * POST v1/public/questions/{shortUrl}/submit (issue #10 "I'm done"): 400 VALIDATION_FAILED with
 * errorData keyed by item id for required items without an answer; else the person is ANSWERED.
 * 409 closed; 410 link no longer active.
 */
export async function submitPublicAnswers(db: Database, shortUrl: string, visitor: PublicVisitor): Promise<PublicAnswersState> {
  const opened = await openRecipientLink(db, shortUrl, visitor, false);
  return db.transaction(async (tx) => {
    const recipient = await lockRecipient(tx, opened.workspaceId, opened.id);
    return writeAnswers(tx, recipient, [], { ...publicAnswerOptions, errorKey: (id) => id, submit: true });
  });
}

/**
 * POST v1/public/questions/{shortUrl}/messages (issue #10): the person writes to the office. The
 * message joins their thread (via LINK, on this request), CHAT_REPLY is recorded and a `contact`
 * event (action message) published. Allowed while the link is active, also after the request
 * closed. 410 link no longer active.
 */
export async function postPublicMessage(db: Database, shortUrl: string, body: string, visitor: PublicVisitor) {
  const opened = await openRecipientLink(db, shortUrl, visitor, false);
  return db.transaction(async (tx) => {
    const recipient = await lockRecipient(tx, opened.workspaceId, opened.id);
    const { member, ...rest } = await writeContactMessage(tx, recipient, body, 'LINK');
    return { ...rest, authorFirstName: member?.firstName ?? null };
  });
}

/**
 * A person's message to the office about `recipient`'s request (one path for the public page and
 * the channels): joins their thread with `via`, records CHAT_REPLY and publishes a `contact`
 * event (action message), in the caller's transaction.
 */
async function writeContactMessage(tx: Queryable, recipient: RecipientContext, body: string, via: ChatVia): Promise<ChatMessage> {
  const message = await insertChatMessage(tx, {
    workspaceId: recipient.workspaceId,
    contactId: recipient.contactId,
    authorMemberId: null,
    body,
    via,
    requestId: recipient.requestId,
  });
  await recordChatReply(tx, {
    workspaceId: recipient.workspaceId,
    contactId: recipient.contactId,
    contactName: `${recipient.contactFirstName} ${recipient.contactLastName}`.trim(),
    messageId: message.id,
    body: message.body,
    requestId: recipient.requestId,
  });
  await publishWorkspaceEvent<'contact'>(
    tx,
    {
      type: 'contact',
      workspaceId: recipient.workspaceId,
      contactId: recipient.contactId,
      action: 'message',
      messageId: message.id,
      actorMemberId: null,
    },
    {},
  );
  return message;
}

// ---------------------------------------------------------------------------------------------
// Channels (issue #12: answers and messages written in Slack)

/** A recipient reached through a channel: locked, of a sent request, the person still a contact; else 404. */
async function lockChannelRecipient(tx: Queryable, workspaceId: string, recipientId: string): Promise<RecipientContext> {
  const recipient = await findRecipientContext(tx, workspaceId, recipientId, { lock: true });
  if (!mayOpen(recipient)) throw notFound('That recipient');
  return recipient;
}

/** What {@link recordChannelAnswer} did: the recipient's answers and state, and whether this answer completed them. */
export interface ChannelAnswerResult extends PublicAnswersState {
  /** Every required item is answered now and was not before this answer. */
  completedNow: boolean;
}

/**
 * Records one answer a person gave in a channel (issue #12: a reply in a question's Slack
 * thread) through the same path as the public page: one record per recipient and item (a later
 * web edit or Slack reply changes it), `via` as given, the state settled, a `question` event and
 * ANSWER_RECEIVED as the web does. The answer that completes every required item also submits
 * (there is no "I'm done" button in a DM; the person is told they are done).
 * @throws 404 unknown recipient or item (or a draft, or a former contact); 409 CONFLICT once the
 * request is closed; 400 VALIDATION_FAILED errorData.value when the value does not fit the kind.
 */
export async function recordChannelAnswer(
  db: Queryable,
  input: { workspaceId: string; recipientId: string; itemId: string; value: AnswerValue; via: Extract<AnswerVia, 'SLACK'> },
): Promise<ChannelAnswerResult> {
  return db.transaction(async (tx) => {
    const recipient = await lockChannelRecipient(tx, input.workspaceId, input.recipientId);
    // Without required items, completion is every item answered (which settles as ANSWERED anyway).
    const requiredItems = recipient.requestItems.filter((item) => item.required);
    const required = (requiredItems.length > 0 ? requiredItems : recipient.requestItems).map((item) => item.id);
    const answeredBefore = new Set((await findRecipientAnswers(tx, recipient.workspaceId, recipient.id)).map((answer) => answer.itemId));
    const wasComplete = required.every((id) => answeredBefore.has(id));
    const isComplete = required.every((id) => id === input.itemId || answeredBefore.has(id));
    const state = await writeAnswers(tx, recipient, [{ itemId: input.itemId, value: input.value }], {
      ...publicAnswerOptions,
      via: input.via,
      submit: isComplete,
    });
    return { ...state, completedNow: isComplete && !wasComplete };
  });
}

/**
 * A person's message written in a channel about `recipientId`'s request (issue #12: a Slack DM
 * that is not an answer): joins their thread with `via` exactly as a reply from their answer page
 * does (CHAT_REPLY activity, `contact` event), also after the request closed.
 * @throws 404 unknown recipient (or a draft, or a former contact).
 */
export async function postChannelMessage(
  db: Queryable,
  input: { workspaceId: string; recipientId: string; body: string; via: Extract<ChatVia, 'SLACK'> },
): Promise<ChatMessage> {
  return db.transaction(async (tx) => {
    const recipient = await lockChannelRecipient(tx, input.workspaceId, input.recipientId);
    return writeContactMessage(tx, recipient, input.body, input.via);
  });
}

/**
 * PUT v1/workspaces/{id}/question-requests/{requestId}/recipients/{recipientId}/answers (issue
 * #10): a member records answers on the person's behalf (from a call or a mail), marked via
 * MEMBER with who entered them. editQuestions (403 otherwise); another workspace's request or
 * recipient 404; errorData keyed `answers.{itemId}`; 409 once closed (or still a draft).
 */
export async function recordAnswersOnBehalf(
  db: Database,
  personId: string,
  ids: { workspaceId: string; requestId: string; recipientId: string },
  body: RecordAnswersBody,
): Promise<PublicAnswersState> {
  return db.transaction(async (tx) => {
    const member = await loadMembership(tx, ids.workspaceId, personId);
    assertAllowed(member, 'editQuestions');
    const recipient = await findRecipientContext(tx, ids.workspaceId, ids.recipientId, { lock: true, requestId: ids.requestId });
    if (!recipient) throw notFound('That recipient');
    if (recipient.requestStatus === 'DRAFT') throw new AppError('CONFLICT', 'This request has not been sent yet.');
    const seen = new Set<string>();
    for (const answer of body.answers) {
      if (seen.has(answer.itemId)) throw invalidField(`answers.${answer.itemId}`, 'Give each question one answer.');
      seen.add(answer.itemId);
    }
    return writeAnswers(tx, recipient, body.answers, {
      via: 'MEMBER',
      enteredByMemberId: member.id,
      submit: false,
      errorKey: (itemId) => `answers.${itemId}`,
      onUnknownItem: (itemId) => invalidField(`answers.${itemId}`, 'This question is not part of the request.'),
    });
  });
}
