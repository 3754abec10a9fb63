import { TZDate } from '@date-fns/tz';
import { and, eq, gt, inArray, isNotNull, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { v5 as uuidv5 } from 'uuid';
import {
  DEFAULT_WORKING_HOURS,
  REMIND_NOW_COOLDOWN_MS,
  REMINDERS_MAX,
  type RemindRecipientsBody,
  type RemindResult,
  type WorkingHours,
} from '@tandem/contract';
import type { Database } from '../../db/client.js';
import { contacts, publicLinks, questionRecipients, questionRequests, workspaces } from '../../db/schema/index.js';
import type { Jobs } from '../../jobs/jobs.js';
import { AppError, notFound, tooManyRequests } from '../../lib/errors.js';
import type { MailOutbox } from '../../mail/mail-jobs.js';
import { questionReminderMail } from '../../mail/templates.js';
import { assertAllowed, loadMembership } from '../../permissions/membership.js';
import { findAuthorFirstName, findRecipientContext, type RecipientContext } from './answers-repository.js';
import { noRecipientMessenger, type RecipientMessenger } from './recipient-messengers.js';
import { dueDateEnd, publishQuestionEvent } from './recipient-state.js';

/** The scheduled queue that sends due reminders (ARCHITECTURE "jobs"). */
export const QUESTION_REMINDERS_QUEUE = 'questions.send-reminders';

/** Scheduled reminders go at most once a day per person (issue #10). */
export const REMINDER_INTERVAL_MS = 24 * 60 * 60_000;

/** The namespace of reminder mails' deterministic message ids (UUIDv5). */
const REMINDER_NAMESPACE = uuidv5('https://tandem.app/questions/reminders', uuidv5.URL);

/**
 * The Message-ID (and mail job id) of a recipient's `n`-th reminder: the same for every attempt,
 * process or restart, so the outbox sends it at most once.
 */
export const reminderMessageId = (recipientId: string, n: number) => uuidv5(`${recipientId}:reminder:${n}`, REMINDER_NAMESPACE);

/**
 * Whether `now` lies inside the person's working hours on one of their working days, in their
 * `timeZone` (IANA; @date-fns/tz, so daylight-saving changes follow the zone's rules).
 */
export function isWithinWorkingHours(now: Date, timeZone: string, hours: WorkingHours = DEFAULT_WORKING_HOURS): boolean {
  const local = new TZDate(now.getTime(), timeZone);
  const isoWeekday = local.getDay() === 0 ? 7 : local.getDay();
  if (!hours.days.includes(isoWeekday as WorkingHours['days'][number])) return false;
  const time = `${String(local.getHours()).padStart(2, '0')}:${String(local.getMinutes()).padStart(2, '0')}`;
  return time >= hours.start && time < hours.end;
}

/** Whether `now` is before the end of the due date (always, without one). */
const beforeDueEnd = (recipient: Pick<RecipientContext, 'requestDueDate' | 'requestTimeZone'>, now: Date) => {
  const end = dueDateEnd(recipient.requestDueDate, recipient.requestTimeZone);
  return end === null || now.getTime() < end.getTime();
};

/** How reminders are delivered: mail for EMAIL recipients, the messenger (Slack DM; issue #12) for SLACK ones. */
export interface ReminderDelivery {
  outbox: MailOutbox;
  publicUrl: string;
  messenger: RecipientMessenger;
}

/**
 * Reminds one recipient exactly once for this count (issues #10, #12): one transaction doing a
 * compare-and-set on `reminders_sent` (still n, still unfinished, the request still SENT, and —
 * for scheduled reminders — not reminded in the last 24 h) and, only when the row changed,
 * enqueueing reminder n+1 with its deterministic id — the mail for EMAIL, the messenger's DM for
 * SLACK — and publishing the `question` event (action recipient). A retried job, a second process
 * or a restart mid-send thus reminds once. The reminders decide; the channel only delivers.
 * @returns whether this call reminded the person.
 */
async function remindOnce(
  db: Database,
  delivery: ReminderDelivery,
  recipient: RecipientContext,
  now: Date,
  options: { notRemindedSince: Date; actorMemberId: string | null },
): Promise<boolean> {
  const email = recipient.contactEmail;
  if (recipient.channel === 'EMAIL' ? !email : recipient.channel !== 'SLACK') return false;
  const n = recipient.remindersSent;
  return db.transaction(async (tx) => {
    const changed = await tx
      .update(questionRecipients)
      .set({ remindersSent: n + 1, lastRemindedAt: now })
      .where(
        and(
          eq(questionRecipients.id, recipient.id),
          eq(questionRecipients.workspaceId, recipient.workspaceId),
          eq(questionRecipients.remindersSent, n),
          lt(questionRecipients.remindersSent, REMINDERS_MAX),
          ne(questionRecipients.state, 'ANSWERED'),
          or(isNull(questionRecipients.lastRemindedAt), lte(questionRecipients.lastRemindedAt, options.notRemindedSince)),
          sql`exists (select 1 from ${questionRequests} where ${questionRequests.id} = ${questionRecipients.requestId} and ${questionRequests.status} = 'SENT')`,
        ),
      )
      .returning({ id: questionRecipients.id });
    if (changed.length === 0) return false;
    if (recipient.channel === 'SLACK') {
      await delivery.messenger.enqueueReminder(tx, { workspaceId: recipient.workspaceId, recipientId: recipient.id, n: n + 1 });
    } else {
      const askedByFirstName = await findAuthorFirstName(tx, recipient.requestCreatedByMemberId);
      const mail = questionReminderMail(email!, {
        firstName: recipient.contactFirstName,
        workspaceName: recipient.workspaceName,
        askedByFirstName,
        title: recipient.requestTitle,
        dueDate: recipient.requestDueDate,
        link: `${delivery.publicUrl}/q/${recipient.linkId}`,
      });
      await delivery.outbox.enqueue(tx, mail, { messageId: reminderMessageId(recipient.id, n + 1) });
    }
    await publishQuestionEvent(tx, recipient, 'recipient', options.actorMemberId);
    return true;
  });
}

/**
 * The SQL side of "may be reminded": an EMAIL recipient with an address, or a SLACK recipient
 * whose DM did not fail (issue #12; a failed one waits for "send by email instead"), with an
 * active link.
 */
function remindableAt(now: Date) {
  return and(
    or(
      and(eq(questionRecipients.channel, 'EMAIL'), isNotNull(contacts.email)),
      and(eq(questionRecipients.channel, 'SLACK'), isNull(questionRecipients.deliveryError)),
    ),
    isNull(contacts.deletedAt),
    isNull(publicLinks.revokedAt),
    or(isNull(publicLinks.expiresAt), gt(publicLinks.expiresAt, now)),
    eq(workspaces.publicLinksEnabled, true),
  );
}

/**
 * Sends every reminder due at `now` (issue #10; the job's clock, a fake one in tests): recipients
 * of SENT requests with a reminder policy, on EMAIL with an address or on SLACK without a delivery
 * error (issue #12: a DM, same schedule), with an active link, not
 * ANSWERED, at least `remindAfterDays` days after they were sent, fewer than 3 reminders, none in
 * the last 24 hours, `now` inside their working hours on a working day in their time zone, and
 * before the end of the due date in the request's zone. Each goes through {@link remindOnce}.
 * @returns how many people were reminded.
 */
export async function sendDueReminders(
  db: Database,
  outbox: MailOutbox,
  publicUrl: string,
  now: Date,
  messenger: RecipientMessenger = noRecipientMessenger,
): Promise<number> {
  const dailySince = new Date(now.getTime() - REMINDER_INTERVAL_MS);
  const candidates = await db
    .select({ id: questionRecipients.id, workspaceId: questionRecipients.workspaceId })
    .from(questionRecipients)
    .innerJoin(questionRequests, eq(questionRequests.id, questionRecipients.requestId))
    .innerJoin(contacts, eq(contacts.id, questionRecipients.contactId))
    .innerJoin(publicLinks, eq(publicLinks.id, questionRecipients.linkId))
    .innerJoin(workspaces, eq(workspaces.id, questionRecipients.workspaceId))
    .where(
      and(
        eq(questionRequests.status, 'SENT'),
        isNotNull(questionRequests.remindAfterDays),
        ne(questionRecipients.state, 'ANSWERED'),
        lt(questionRecipients.remindersSent, REMINDERS_MAX),
        or(isNull(questionRecipients.lastRemindedAt), lte(questionRecipients.lastRemindedAt, dailySince)),
        sql`${questionRecipients.sentAt} + make_interval(days => ${questionRequests.remindAfterDays}) <= ${now}`,
        remindableAt(now),
      ),
    );
  let reminded = 0;
  for (const candidate of candidates) {
    const recipient = await findRecipientContext(db, candidate.workspaceId, candidate.id);
    if (!recipient) continue;
    if (!isWithinWorkingHours(now, recipient.contactTimeZone, recipient.contactWorkingHours)) continue;
    if (!beforeDueEnd(recipient, now)) continue;
    const sent = await remindOnce(db, { outbox, publicUrl, messenger }, recipient, now, {
      notRemindedSince: dailySince,
      actorMemberId: null,
    });
    if (sent) reminded += 1;
  }
  return reminded;
}

export interface QuestionRemindersOptions {
  db: Database;
  mailOutbox: MailOutbox;
  publicUrl: string;
  logger: FastifyBaseLogger;
  /** Delivers SLACK recipients' reminders (issue #12); none = only EMAIL recipients are reminded. */
  messenger?: RecipientMessenger;
}

/**
 * Schedules {@link sendDueReminders} every 10 minutes on the job queue (one job per tick across
 * processes). A tick that fails is retried; the compare-and-set keeps every reminder single.
 */
export function registerQuestionReminders(jobs: Jobs, options: QuestionRemindersOptions): void {
  jobs.register({
    name: QUESTION_REMINDERS_QUEUE,
    schedule: '*/10 * * * *',
    pollingIntervalSeconds: 30,
    options: { retryLimit: 2, retryDelay: 60, expireInSeconds: 5 * 60 },
    handler: async () => {
      const reminded = await sendDueReminders(options.db, options.mailOutbox, options.publicUrl, new Date(), options.messenger);
      if (reminded > 0) options.logger.info({ reminded, queue: QUESTION_REMINDERS_QUEUE }, 'questions: reminders sent');
    },
  });
}

/** Why a recipient cannot be reminded now, or null when they can (issue #10 "Remind now"). */
function remindNowRefusal(
  recipient: RecipientContext,
  deliveryError: string | null,
  linkActive: boolean,
  now: Date,
): { reason: string; retryAfterMs?: number } | null {
  if (recipient.contactDeletedAt !== null) return { reason: 'Former contact: they can no longer be reminded.' };
  if (recipient.state === 'ANSWERED') return { reason: 'Already answered.' };
  if (recipient.channel === 'LINK') return { reason: 'Shared by link: copy the link and send it yourself.' };
  if (recipient.channel === 'EMAIL' && !recipient.contactEmail) return { reason: 'No email address to send a reminder to.' };
  if (recipient.channel === 'SLACK' && deliveryError !== null) return { reason: 'Slack could not deliver to them: send by email instead.' };
  if (!linkActive) return { reason: 'Their link is no longer active.' };
  if (recipient.remindersSent >= REMINDERS_MAX) return { reason: `Already reminded ${REMINDERS_MAX} times.` };
  if (recipient.lastRemindedAt !== null) {
    const retryAfterMs = recipient.lastRemindedAt.getTime() + REMIND_NOW_COOLDOWN_MS - now.getTime();
    if (retryAfterMs > 0) return { reason: 'Reminded less than an hour ago.', retryAfterMs };
  }
  return null;
}

/**
 * POST v1/workspaces/{id}/question-requests/{requestId}/remind (issue #10 "Remind now";
 * editQuestions): reminds the recipients asked for (omitted = every unfinished one) right away,
 * regardless of working hours; each counts as a reminder (same compare-and-set and message id).
 * SLACK recipients get a DM (issue #12). Skipped with a reason: reminded within the hour, answered,
 * on channel LINK, on EMAIL without an address, on SLACK with a delivery error, without an active
 * link, former contacts, or already reminded 3 times. Asking for exactly one
 * recipient who is skipped: 429 with Retry-After (within the hour) or 409 (the other reasons).
 * 404 unknown request or recipient; 409 unless the request is SENT.
 */
export async function remindNow(
  db: Database,
  outbox: MailOutbox,
  publicUrl: string,
  personId: string,
  ids: { workspaceId: string; requestId: string },
  body: RemindRecipientsBody,
  now = new Date(),
  messenger: RecipientMessenger = noRecipientMessenger,
): Promise<RemindResult> {
  const member = await loadMembership(db, ids.workspaceId, personId);
  assertAllowed(member, 'editQuestions');
  const [request] = await db
    .select({ status: questionRequests.status })
    .from(questionRequests)
    .where(and(eq(questionRequests.workspaceId, ids.workspaceId), eq(questionRequests.id, ids.requestId)));
  if (!request) throw notFound('That request');
  if (request.status !== 'SENT') throw new AppError('CONFLICT', 'Only a sent request can be reminded.');
  const rows = await db
    .select({ id: questionRecipients.id, deliveryError: questionRecipients.deliveryError })
    .from(questionRecipients)
    .where(
      and(
        eq(questionRecipients.workspaceId, ids.workspaceId),
        eq(questionRecipients.requestId, ids.requestId),
        body.recipientIds ? inArray(questionRecipients.id, body.recipientIds) : ne(questionRecipients.state, 'ANSWERED'),
      ),
    );
  if (body.recipientIds && rows.length !== new Set(body.recipientIds).size) throw notFound('That recipient');
  const result: RemindResult = { reminded: [], skipped: [] };
  let onlyRefusal: { reason: string; retryAfterMs?: number } | null = null;
  for (const row of rows) {
    const recipient = await findRecipientContext(db, ids.workspaceId, row.id);
    if (!recipient) continue;
    const linkActive = await isLinkActive(db, recipient.linkId, now);
    let refusal = remindNowRefusal(recipient, row.deliveryError, linkActive, now);
    if (!refusal) {
      const sent = await remindOnce(db, { outbox, publicUrl, messenger }, recipient, now, {
        notRemindedSince: new Date(now.getTime() - REMIND_NOW_COOLDOWN_MS),
        actorMemberId: member.id,
      });
      if (sent) result.reminded.push(recipient.id);
      else refusal = { reason: 'Someone else just reminded them, or they finished.' };
    }
    if (refusal) {
      result.skipped.push({ recipientId: recipient.id, reason: refusal.reason });
      onlyRefusal = refusal;
    }
  }
  if (body.recipientIds?.length === 1 && onlyRefusal) {
    if (onlyRefusal.retryAfterMs !== undefined) throw tooManyRequests(onlyRefusal.reason, onlyRefusal.retryAfterMs);
    throw new AppError('CONFLICT', onlyRefusal.reason);
  }
  return result;
}

/** Whether a recipient's link opens at `now`: not revoked, not expired, the workspace's links on. */
async function isLinkActive(db: Database, linkId: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: publicLinks.id })
    .from(publicLinks)
    .innerJoin(workspaces, eq(workspaces.id, publicLinks.workspaceId))
    .where(
      and(
        eq(publicLinks.id, linkId),
        isNull(publicLinks.revokedAt),
        or(isNull(publicLinks.expiresAt), gt(publicLinks.expiresAt, now)),
        eq(workspaces.publicLinksEnabled, true),
      ),
    );
  return row !== undefined;
}
