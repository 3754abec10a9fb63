import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { mailDeliveries, questionRecipients } from '../../db/schema/index.js';
import { MAIL_QUEUE } from '../../mail/mail-jobs.js';
import { answerUrls, closeRequest, createSentRequest, ensureQuestionEventTypes, itemsOfEveryKind } from '../../test/question-fixtures.js';
import { PUBLIC_URL, useTestApp } from '../../test/test-app.js';
import { joinAs, signUpOwner, type SignedInMember } from '../../test/workspace-fixtures.js';
import { reminderMessageId, sendDueReminders } from './reminders.js';

const t = useTestApp();
let owner: SignedInMember;

beforeAll(async () => {
  ensureQuestionEventTypes(t.app);
  owner = await signUpOwner(t, { firstName: 'Eleanor' });
});

/** Runs the reminder sweep at the fake clock `iso`. */
const tick = (iso: string) => sendDueReminders(t.db, t.app.mailOutbox, PUBLIC_URL, new Date(iso));

/** Monday 2 March 2026, 00:00 UTC: when the requests of these tests were sent. */
const SENT_AT = new Date('2026-03-02T00:00:00Z');

async function recipientRow(id: string) {
  const [row] = await t.db.select().from(questionRecipients).where(eq(questionRecipients.id, id));
  return row!;
}

describe('scheduled reminders (issue #10), with a fake clock', () => {
  it('waits remindAfterDays and reminds each person inside their working day in their own zone', async () => {
    const request = await createSentRequest(t, owner, {
      sentAt: SENT_AT,
      remindAfterDays: 2,
      recipients: [
        { firstName: 'Kenji', timeZone: 'Asia/Tokyo' },
        { firstName: 'Lucy', timeZone: 'America/Los_Angeles' },
      ],
    });
    const [tokyo, la] = request.recipients as [(typeof request.recipients)[0], (typeof request.recipients)[0]];

    // Tue 3 March 02:00 UTC: 11:00 in Tokyo, but only one day after sending.
    await tick('2026-03-03T02:00:00Z');
    expect(await t.mailCount(tokyo.email!)).toBe(0);

    // Wed 4 March 02:00 UTC: Wednesday 11:00 in Tokyo, Tuesday 18:00 in Los Angeles.
    await tick('2026-03-04T02:00:00Z');
    expect(await t.mailCount(tokyo.email!)).toBe(1);
    expect(await t.mailCount(la.email!)).toBe(0);
    const mail = await t.latestMail(tokyo.email!);
    expect(mail!.subject).toBe('Reminder: Board prep');
    expect(mail!.text).toContain(`${PUBLIC_URL}/q/${tokyo.shortUrl}`);
    expect(mail!.text).not.toContain(la.shortUrl);

    // Same day, 07:00 UTC (16:00 in Tokyo): at most once a day.
    await tick('2026-03-04T07:00:00Z');
    expect(await t.mailCount(tokyo.email!)).toBe(1);

    // Wed 4 March 20:00 UTC: 12:00 in Los Angeles, 05:00 Thursday in Tokyo.
    await tick('2026-03-04T20:00:00Z');
    expect(await t.mailCount(la.email!)).toBe(1);
    expect(await t.mailCount(tokyo.email!)).toBe(1);
    expect(await recipientRow(tokyo.id)).toMatchObject({ remindersSent: 1, lastRemindedAt: new Date('2026-03-04T02:00:00Z') });
  });

  it('never on a weekend, and at most 3 times', async () => {
    const request = await createSentRequest(t, owner, {
      sentAt: SENT_AT,
      remindAfterDays: 1,
      recipients: [{ firstName: 'Kenji', timeZone: 'Asia/Tokyo' }],
    });
    const kenji = request.recipients[0]!;
    for (const day of ['03', '04', '05']) await tick(`2026-03-${day}T02:00:00Z`);
    expect(await t.mailCount(kenji.email!)).toBe(3);
    // Friday 6 March: already 3.
    await tick('2026-03-06T02:00:00Z');
    expect(await t.mailCount(kenji.email!)).toBe(3);
    expect((await recipientRow(kenji.id)).remindersSent).toBe(3);

    const weekend = await createSentRequest(t, owner, {
      sentAt: SENT_AT,
      remindAfterDays: 1,
      recipients: [{ firstName: 'Sora', timeZone: 'Asia/Tokyo' }],
    });
    // Saturday 7 and Sunday 8 March, 11:00 in Tokyo.
    await tick('2026-03-07T02:00:00Z');
    await tick('2026-03-08T02:00:00Z');
    expect(await t.mailCount(weekend.recipients[0]!.email!)).toBe(0);
    await tick('2026-03-09T02:00:00Z');
    expect(await t.mailCount(weekend.recipients[0]!.email!)).toBe(1);
  });

  it('follows the daylight-saving change (America/New_York, 8 March 2026)', async () => {
    const request = await createSentRequest(t, owner, {
      sentAt: SENT_AT,
      remindAfterDays: 1,
      recipients: [
        { firstName: 'Nora', timeZone: 'America/New_York' },
        { firstName: 'Ned', timeZone: 'America/New_York' },
      ],
    });
    const [nora, ned] = request.recipients as [(typeof request.recipients)[0], (typeof request.recipients)[0]];
    // Friday 6 March 13:30 UTC = 08:30 EST: before the working day.
    await tick('2026-03-06T13:30:00Z');
    expect(await t.mailCount(nora.email!)).toBe(0);
    // Monday 9 March 13:30 UTC = 09:30 EDT (it would be 08:30 in EST): inside.
    await tick('2026-03-09T13:30:00Z');
    expect(await t.mailCount(nora.email!)).toBe(1);
    expect(await t.mailCount(ned.email!)).toBe(1);
    // Tuesday 10 March 21:30 UTC = 17:30 EDT (16:30 in EST): outside.
    await tick('2026-03-10T21:30:00Z');
    expect(await t.mailCount(nora.email!)).toBe(1);
  });

  it('never after the end of the due date, after close, or once answered', async () => {
    const due = await createSentRequest(t, owner, {
      sentAt: SENT_AT,
      remindAfterDays: 1,
      dueDate: '2026-03-04',
      timeZone: 'Asia/Tokyo',
      recipients: [{ firstName: 'Kenji', timeZone: 'Asia/Tokyo' }],
    });
    // Thursday 5 March 02:00 UTC = 11:00 JST on the 5th: the due date (4 March, Tokyo) has ended.
    await tick('2026-03-05T02:00:00Z');
    expect(await t.mailCount(due.recipients[0]!.email!)).toBe(0);

    const closed = await createSentRequest(t, owner, { sentAt: SENT_AT, remindAfterDays: 1, recipients: [{ firstName: 'Cleo' }] });
    await closeRequest(t, closed.requestId);
    const answered = await createSentRequest(t, owner, {
      sentAt: SENT_AT,
      remindAfterDays: 1,
      items: [itemsOfEveryKind().YES_NO],
      recipients: [{ firstName: 'Ana' }],
    });
    const save = await t.request({
      method: 'PUT',
      url: `${answered.recipients[0]!.url}/answers/${answered.items[0]!.id}`,
      payload: { value: true },
    });
    expect(save.json().payload.state).toBe('ANSWERED');
    // Wednesday 4 March, 10:00 UTC: inside the UTC working day.
    await tick('2026-03-04T10:00:00Z');
    expect(await t.mailCount(closed.recipients[0]!.email!)).toBe(0);
    expect(await t.mailCount(answered.recipients[0]!.email!)).toBe(0);
  });

  it('skips LINK recipients, people without an email and former contacts', async () => {
    const request = await createSentRequest(t, owner, {
      sentAt: SENT_AT,
      remindAfterDays: 1,
      recipients: [{ firstName: 'Link', channel: 'LINK' }, { firstName: 'Mute', email: null }, { firstName: 'Mail' }],
    });
    await tick('2026-03-04T10:00:00Z');
    const rows = await t.db
      .select()
      .from(questionRecipients)
      .where(
        inArray(
          questionRecipients.id,
          request.recipients.map((r) => r.id),
        ),
      );
    const sent = Object.fromEntries(rows.map((row) => [row.id, row.remindersSent]));
    expect(request.recipients.map((r) => sent[r.id])).toEqual([0, 0, 1]);
  });
});

describe('never twice (issue #10 "a retried job never mails twice")', () => {
  it('sends one mail when the sweep runs twice for the same clock, or concurrently', async () => {
    const request = await createSentRequest(t, owner, { sentAt: SENT_AT, remindAfterDays: 1, recipients: [{ firstName: 'Once' }] });
    const once = request.recipients[0]!;
    await Promise.all([tick('2026-03-11T10:00:00Z'), tick('2026-03-11T10:00:00Z'), tick('2026-03-11T10:00:00Z')]);
    await tick('2026-03-11T10:00:00Z');
    expect(await t.mailCount(once.email!)).toBe(1);
    expect((await recipientRow(once.id)).remindersSent).toBe(1);
  });

  it('a retried job or a restart that enqueues the same reminder again does not mail again', async () => {
    const request = await createSentRequest(t, owner, { sentAt: SENT_AT, remindAfterDays: 1, recipients: [{ firstName: 'Retry' }] });
    const person = request.recipients[0]!;
    await tick('2026-03-12T10:00:00Z');
    expect(await t.mailCount(person.email!)).toBe(1);
    const messageId = reminderMessageId(person.id, 1);
    // The process died after its commit: the next one enqueues reminder 1 again with the same id.
    await t.db.transaction((tx) =>
      t.app.mailOutbox.enqueue(
        tx,
        { to: person.email!, subject: 'Reminder: Board prep', text: 'again', html: '<p>again</p>' },
        { messageId },
      ),
    );
    await t.drainJobs([MAIL_QUEUE]);
    expect(await t.mailCount(person.email!)).toBe(1);
    const deliveries = await t.db.select().from(mailDeliveries).where(eq(mailDeliveries.messageId, messageId));
    expect(deliveries).toHaveLength(1);
    // A retried sweep at the same clock finds the count already moved.
    await tick('2026-03-12T10:00:00Z');
    expect(await t.mailCount(person.email!)).toBe(1);
  });
});

describe('Remind now (issue #10)', () => {
  const remind = (member: SignedInMember, requestId: string, body: unknown) =>
    t.post(answerUrls.remind(member.workspaceId, requestId), body, { token: member.token });

  it('reminds every unfinished EMAIL recipient, skips LINK ones with a reason, and refuses one person again within the hour', async () => {
    const request = await createSentRequest(t, owner, {
      remindAfterDays: null,
      recipients: [{ firstName: 'Ada' }, { firstName: 'Lin', channel: 'LINK' }],
    });
    const [ada, lin] = request.recipients as [(typeof request.recipients)[0], (typeof request.recipients)[0]];
    const response = await remind(owner, request.requestId, {});
    expect(response.statusCode).toBe(200);
    expect(response.json().payload).toEqual({
      reminded: [ada.id],
      skipped: [{ recipientId: lin.id, reason: 'Shared by link: copy the link and send it yourself.' }],
    });
    expect(await t.mailCount(ada.email!)).toBe(1);
    expect((await recipientRow(ada.id)).remindersSent).toBe(1);

    const again = await remind(owner, request.requestId, { recipientIds: [ada.id] });
    expect(again.statusCode).toBe(429);
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(3500);
    expect(await t.mailCount(ada.email!)).toBe(1);

    const linkOnly = await remind(owner, request.requestId, { recipientIds: [lin.id] });
    expect(linkOnly.statusCode).toBe(409);

    // An hour later it is allowed again, and counts as reminder 2.
    await t.db
      .update(questionRecipients)
      .set({ lastRemindedAt: new Date(Date.now() - 61 * 60_000) })
      .where(eq(questionRecipients.id, ada.id));
    expect((await remind(owner, request.requestId, { recipientIds: [ada.id] })).statusCode).toBe(200);
    expect(await t.mailCount(ada.email!)).toBe(2);
  });

  it('refuses an answered person (409), a request not SENT (409), non-editors (403) and other workspaces (404)', async () => {
    const boss = await signUpOwner(t);
    const request = await createSentRequest(t, boss, { items: [itemsOfEveryKind().YES_NO], recipients: [{ firstName: 'Ana' }] });
    const ana = request.recipients[0]!;
    await t.request({ method: 'PUT', url: `${ana.url}/answers/${request.items[0]!.id}`, payload: { value: true } });
    const answered = await remind(boss, request.requestId, { recipientIds: [ana.id] });
    expect(answered.statusCode).toBe(409);
    expect(answered.json().errorDisplayMessage).toBe('Already answered.');
    const user = await joinAs(t, boss, 'USER');
    expect((await remind(user, request.requestId, {})).statusCode).toBe(403);
    expect((await remind(owner, request.requestId, {})).statusCode).toBe(404);
    expect((await t.post(answerUrls.remind(boss.workspaceId, request.requestId), {}, { token: owner.token })).statusCode).toBe(404);
    await closeRequest(t, request.requestId);
    expect((await remind(boss, request.requestId, {})).statusCode).toBe(409);
  });
});
