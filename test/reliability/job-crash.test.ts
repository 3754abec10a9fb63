import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CreateQuestionRequestInput, QuestionRequestDetail } from '@tandem/contract';
import { questionRecipients, slackMessages } from '../../apps/server/src/db/schema/index.js';
import { QUESTION_REMINDERS_QUEUE } from '../../apps/server/src/features/questions/reminders.js';
import { deliveryJobId, DM_METADATA_EVENT_TYPE, SLACK_DELIVER_QUEUE } from '../../apps/server/src/features/slack/dm-delivery.js';
import { MAIL_QUEUE } from '../../apps/server/src/mail/mail-jobs.js';
import type { Mailer } from '../../apps/server/src/mail/mailer.js';
import { createSentRequest } from '../../apps/server/src/test/question-fixtures.js';
import { createRequestAs, insertContact, sampleItems, sendRequestAs } from '../../apps/server/src/test/request-fixtures.js';
import { connectToStandIn, matchContactToSlack, upgradeToPro, useSlackStandIn } from '../../apps/server/src/test/slack-fixtures.js';
import { STRONG_PASSWORD, uniqueEmail, useTestApp } from '../../apps/server/src/test/test-app.js';
import { signUpOwner, type SignedInMember } from '../../apps/server/src/test/workspace-fixtures.js';

/**
 * Issue #14, "a job whose handler crashes mid-way (mail, reminder, Slack DM) is retried and
 * delivers once". In-process: the real app and its pg-boss queue on PostgreSQL (TEST_DATABASE_URL),
 * Slack played by the local stand-in (apps/server/src/test/slack-stand-in.ts). A worker process
 * killed mid-delivery is apps/server/src/mail/mail-restart.test.ts.
 * - mail (mail/mail-jobs.ts): the job reads its delivery record, then the SMTP transport dies
 *   under it; pg-boss retries it and the mail goes out once.
 * - reminder (features/questions/reminders.ts): the sweep reminds one person (committed: count,
 *   lastRemindedAt, the mail or DM job), then dies on the next; pg-boss retries the sweep, and each
 *   person gets one reminder, their bookkeeping written once.
 * - Slack DM (features/slack/dm-delivery.ts): Slack posts the opening message but the answer is
 *   lost (connection dropped); the retried job finds the post by its metadata and does not post it
 *   again.
 */

const slack = useSlackStandIn();
const t = useTestApp(slack.appConfig);

/** How many jobs of `queue` with `id` are in each state, and their retry counts. */
async function jobRows(queue: string, id: string) {
  const { rows } = await t.app.database.executeSql(`select state, retry_count from pgboss.job where name = $1 and id = $2`, [queue, id]);
  return rows;
}

/** Polls `check` until it returns a value (not undefined), at most `timeoutMs`. */
async function waitFor<T>(what: string, check: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('a mail job that crashes mid-way (issue #14)', () => {
  it('is retried and delivers once', async () => {
    const mailer: Mailer = t.app.mailer;
    const send = mailer.send.bind(mailer);
    let attempts = 0;
    mailer.send = async (message, options) => {
      attempts += 1;
      if (attempts === 1) throw Object.assign(new Error('socket hang up (the SMTP connection died mid-delivery)'), { code: 'ECONNRESET' });
      return send(message, options);
    };
    try {
      const email = uniqueEmail('crash');
      const signup = await t.post('/api/v1/signup', {
        firstName: 'Casey',
        lastName: 'Crash',
        loginIdentifier: email,
        password: STRONG_PASSWORD,
      });
      expect(signup.statusCode).toBe(201);
      // The first retry waits 5 s and more (retryDelay 5 with backoff, mail-jobs.ts).
      await t.drainJobs([MAIL_QUEUE], 60_000);
      expect(attempts).toBe(2);
      expect(await t.mailCount(email)).toBe(1);
      const { rows } = await t.app.database.executeSql(
        `select state, retry_count from pgboss.job where name = $1 and data->'message'->>'to' = $2`,
        [MAIL_QUEUE, email],
      );
      expect(rows).toEqual([{ state: 'completed', retry_count: 1 }]);
    } finally {
      mailer.send = send;
    }
  });
});

describe('Slack-connected jobs that crash mid-way (issue #14)', () => {
  let owner: SignedInMember;

  beforeAll(async () => {
    owner = await signUpOwner(t, { firstName: 'Eleanor' });
    await upgradeToPro(t, owner.workspaceId);
    await connectToStandIn(t, slack.standIn, owner.workspaceId);
    // These tests run the reminder sweep themselves: its cron tick (every 10 minutes) must not
    // run it in between and take the crash meant for the test's job.
    await t.app.database.executeSql(`delete from pgboss.schedule where name = $1`, [QUESTION_REMINDERS_QUEUE]);
  });

  it('a reminder sweep that dies after reminding one person is retried; each person is reminded once', async () => {
    // Sent three days ago, remind after one; working hours round the clock, so the real clock
    // the job runs with is always inside them.
    const allDay = { start: '00:00', end: '24:00', days: [1, 2, 3, 4, 5, 6, 7] as (1 | 2 | 3 | 4 | 5 | 6 | 7)[] };
    const request = await createSentRequest(t, owner, {
      sentAt: new Date(Date.now() - 3 * 24 * 60 * 60_000),
      remindAfterDays: 1,
      recipients: [
        { firstName: 'Mia', workingHours: allDay },
        { firstName: 'Kenji', workingHours: allDay },
      ],
    });
    const [mia, kenji] = request.recipients as [(typeof request.recipients)[0], (typeof request.recipients)[0]];
    await t.db.update(questionRecipients).set({ channel: 'SLACK' }).where(eq(questionRecipients.id, kenji.id));
    await matchContactToSlack(t, slack.standIn, kenji.contactId, { id: 'U0KENJIRM', email: kenji.email! });
    const ids = [mia.id, kenji.id];
    const rowsOf = async () =>
      new Map(
        (await t.db.select().from(questionRecipients).where(inArray(questionRecipients.id, ids))).map((row) => [
          row.id,
          { remindersSent: row.remindersSent, lastRemindedAt: row.lastRemindedAt },
        ]),
      );

    // The second reminder the sweep enqueues (mail or DM job) dies, as when the database
    // connection drops mid-sweep: its transaction rolls back, the first one's is committed.
    const outbox = t.app.mailOutbox;
    const messenger = t.app.recipientMessenger;
    const enqueueMail = outbox.enqueue.bind(outbox);
    const enqueueReminder = messenger.enqueueReminder.bind(messenger);
    let enqueues = 0;
    const crashOnSecond = () => {
      enqueues += 1;
      if (enqueues === 2) throw Object.assign(new Error('Connection terminated unexpectedly (mid-sweep)'), { code: 'ECONNRESET' });
    };
    outbox.enqueue = async (tx, message, options) => {
      crashOnSecond();
      return enqueueMail(tx, message, options);
    };
    messenger.enqueueReminder = async (tx, target) => {
      crashOnSecond();
      return enqueueReminder(tx, target);
    };
    try {
      const jobId = await t.db.transaction((tx) => t.app.jobs.enqueue(tx, QUESTION_REMINDERS_QUEUE, {}));
      // pg-boss failed the attempt and scheduled the retry after the queue's 60 s delay.
      const failed = await waitFor('the first attempt to end', async () => {
        const { rows } = await t.app.database.executeSql(
          `select state, extract(epoch from start_after - now())::float as wait from pgboss.job where id = $1 and state not in ('created', 'active')`,
          [jobId],
        );
        return rows[0] as { state: string; wait: number } | undefined;
      });
      expect(failed.state).toBe('retry');
      expect(failed.wait).toBeGreaterThan(50);
      const afterCrash = await rowsOf();
      const first = [...afterCrash.entries()].find(([, row]) => row.remindersSent === 1);
      const second = [...afterCrash.entries()].find(([, row]) => row.remindersSent === 0);
      expect(first, 'the first person was reminded before the crash').toBeDefined();
      expect(second![1].lastRemindedAt).toBeNull();

      // Time control: the 60 s pass at once; the NOTIFY wakes the worker (it polls every 30 s).
      await t.app.database.executeSql(`update pgboss.job set start_after = now() where id = $1 and state = 'retry'`, [jobId]);
      await t.app.database.executeSql(`select pg_notify('tandem_jobs', $1)`, [QUESTION_REMINDERS_QUEUE]);
      await t.drainJobs([QUESTION_REMINDERS_QUEUE, MAIL_QUEUE, SLACK_DELIVER_QUEUE], 30_000);
      expect(await jobRows(QUESTION_REMINDERS_QUEUE, jobId!)).toEqual([{ state: 'completed', retry_count: 1 }]);
      expect(enqueues).toBe(3);

      // One mail to Mia, one DM to Kenji, none the other way.
      expect(await t.mailCount(mia.email!)).toBe(1);
      expect((await t.latestMail(mia.email!))!.subject).toBe('Reminder: Board prep');
      expect(await t.mailCount(kenji.email!)).toBe(0);
      const dms = slack.standIn.messages.filter((message) => message.channel === slack.standIn.dmChannelOf('U0KENJIRM'));
      expect(dms).toHaveLength(1);
      expect(JSON.stringify(dms[0]!.blocks)).toContain('Reminder');
      // Bookkeeping written once: the first person's row is as the crashed attempt left it.
      const final = await rowsOf();
      expect(final.get(first![0])).toEqual(first![1]);
      expect(final.get(second![0])).toMatchObject({ remindersSent: 1 });
      expect(final.get(second![0])!.lastRemindedAt!.getTime()).toBeGreaterThan(first![1].lastRemindedAt!.getTime());
    } finally {
      outbox.enqueue = enqueueMail;
      messenger.enqueueReminder = enqueueReminder;
    }
  });

  it('a Slack DM whose answer was lost (posted, connection dropped) is retried and not posted twice', async () => {
    const contact = await insertContact(t, owner.workspaceId);
    const user = await matchContactToSlack(t, slack.standIn, contact.id, { id: 'U0DROPPED', email: contact.email! });
    const channel = slack.standIn.dmChannelOf(user.id);
    // Slack posts the opening message, then the connection drops before its answer arrives.
    slack.standIn.dropAnswerNext('chat.postMessage');
    const body: Partial<CreateQuestionRequestInput> = { items: sampleItems, contactIds: [contact.id], channel: 'SLACK' };
    const draft = await createRequestAs(t, owner, body);
    const sent = await sendRequestAs(t, owner, draft.id, draft.version);
    expect(sent.statusCode, sent.body).toBe(200);
    const recipient = sent.json<{ payload: QuestionRequestDetail }>().payload.recipients[0]!;
    expect(recipient.channel).toBe('SLACK');

    // The first retry waits 2 to 4 s (retryDelay 2 with backoff, dm-delivery.ts).
    await t.drainJobs([SLACK_DELIVER_QUEUE], 30_000);
    const jobId = deliveryJobId({ kind: 'REQUEST', workspaceId: owner.workspaceId, recipientId: recipient.id });
    expect(await jobRows(SLACK_DELIVER_QUEUE, jobId)).toEqual([{ state: 'completed', retry_count: 1 }]);

    // Exactly one opening message and one message per question reached Slack.
    const posted = slack.standIn.messages.filter((message) => message.channel === channel);
    expect(posted).toHaveLength(1 + sampleItems.length);
    expect(posted.filter((message) => message.text === posted[0]!.text)).toHaveLength(1);
    expect(
      slack.standIn.calls('chat.postMessage').filter((call) => call.args.channel === user.id || call.args.channel === channel),
    ).toHaveLength(1 + sampleItems.length);
    // The retry looked for the lost post by its metadata (the DM's channel was not known yet).
    expect(slack.standIn.calls('conversations.open').map((call) => call.args.users)).toEqual([user.id]);
    expect(slack.standIn.calls('conversations.history').map((call) => call.args.channel)).toContain(channel);
    expect(posted.map((message) => message.metadata?.event_type)).toEqual(posted.map(() => DM_METADATA_EVENT_TYPE));
    // The recipient's state: the DM channel and every message's ts recorded, the opening's being
    // the ts of the post whose answer was lost; no delivery error; nothing mailed.
    const [row] = await t.db.select().from(questionRecipients).where(eq(questionRecipients.id, recipient.id));
    expect(row).toMatchObject({ slackChannelId: channel, deliveryError: null });
    const stored = await t.db.select().from(slackMessages).where(eq(slackMessages.recipientId, recipient.id));
    expect(stored.map((message) => message.ts).sort()).toEqual(posted.map((message) => message.ts).sort());
    const [opening] = await t.db
      .select({ ts: slackMessages.ts })
      .from(slackMessages)
      .where(and(eq(slackMessages.recipientId, recipient.id), eq(slackMessages.kind, 'REQUEST')));
    expect(opening!.ts).toBe(posted[0]!.ts);
    expect(await t.mailCount(contact.email!)).toBe(0);
  });
});
