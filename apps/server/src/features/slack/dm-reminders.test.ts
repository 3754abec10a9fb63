import { and, eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { questionRecipients, slackMessages } from '../../db/schema/index.js';
import { MAIL_QUEUE } from '../../mail/mail-jobs.js';
import { createSentRequest } from '../../test/question-fixtures.js';
import { connectToStandIn, matchContactToSlack, upgradeToPro, useSlackStandIn } from '../../test/slack-fixtures.js';
import { PUBLIC_URL, useTestApp } from '../../test/test-app.js';
import { signUpOwner, type SignedInMember } from '../../test/workspace-fixtures.js';
import { sendDueReminders } from '../questions/index.js';
import { SLACK_DELIVER_QUEUE } from './dm-delivery.js';

/** Reminders of SLACK recipients (issue #12): the same schedule as email, delivered as a DM. */
const slack = useSlackStandIn();
const t = useTestApp(slack.appConfig);
let owner: SignedInMember;

beforeAll(async () => {
  owner = await signUpOwner(t, { firstName: 'Eleanor' });
  await upgradeToPro(t, owner.workspaceId);
  await connectToStandIn(t, slack.standIn, owner.workspaceId);
});
beforeEach(() => slack.standIn.reset());

/** Monday 2 March 2026, 00:00 UTC: when the requests of these tests were sent. */
const SENT_AT = new Date('2026-03-02T00:00:00Z');

const drain = () => t.drainJobs([SLACK_DELIVER_QUEUE, MAIL_QUEUE], 30_000);

/** The reminder sweep at the fake clock `iso`, with the app's messenger (as the scheduled job runs it). */
async function tick(iso: string): Promise<number> {
  const reminded = await sendDueReminders(t.db, t.app.mailOutbox, PUBLIC_URL, new Date(iso), t.app.recipientMessenger);
  await drain();
  return reminded;
}

/** A SENT request to one person in Tokyo, switched to SLACK and matched to Slack user `slackUserId`. */
async function slackRecipientInTokyo(slackUserId: string) {
  const request = await createSentRequest(t, owner, {
    sentAt: SENT_AT,
    remindAfterDays: 2,
    recipients: [{ firstName: 'Kenji', lastName: 'Sato', timeZone: 'Asia/Tokyo' }],
  });
  const kenji = request.recipients[0]!;
  await t.db.update(questionRecipients).set({ channel: 'SLACK' }).where(eq(questionRecipients.id, kenji.id));
  await matchContactToSlack(t, slack.standIn, kenji.contactId, { id: slackUserId, email: kenji.email!, tz: 'Asia/Tokyo' });
  return { request, kenji, channel: slack.standIn.dmChannelOf(slackUserId) };
}

const remindNow = (requestId: string, recipientId: string) =>
  t.post(
    `/api/v1/workspaces/${owner.workspaceId}/question-requests/${requestId}/remind`,
    { recipientIds: [recipientId] },
    { token: owner.token },
  );

describe('reminders for Slack recipients (issue #12), with a fake clock', () => {
  it('DMs the reminder only inside their working hours in their own zone, once a day, never by mail', async () => {
    const { request, kenji, channel } = await slackRecipientInTokyo('U0KENJI1');

    // Wed 4 March 20:00 UTC: two days after sending, but 05:00 Thursday in Tokyo.
    expect(await tick('2026-03-04T20:00:00Z')).toBe(0);
    expect(slack.standIn.messages).toHaveLength(0);

    // Thu 5 March 02:00 UTC: 11:00 in Tokyo.
    expect(await tick('2026-03-05T02:00:00Z')).toBe(1);
    expect(slack.standIn.messages).toHaveLength(1);
    const reminder = slack.standIn.messages[0]!;
    expect(reminder).toMatchObject({ channel, threadTs: null });
    const blocks = JSON.stringify(reminder.blocks);
    expect(blocks).toContain('Reminder');
    expect(blocks).toContain('Board prep');
    expect(blocks).toContain(`"url":"${PUBLIC_URL}/q/${kenji.shortUrl}"`);
    const [row] = await t.db
      .select()
      .from(slackMessages)
      .where(and(eq(slackMessages.recipientId, kenji.id), eq(slackMessages.kind, 'REMINDER')));
    expect(row!.ts).toBe(reminder.ts);

    // Same Tokyo day, 16:00: at most once a day.
    expect(await tick('2026-03-05T07:00:00Z')).toBe(0);
    expect(slack.standIn.messages).toHaveLength(1);
    expect(await t.mailCount(kenji.email!)).toBe(0);
    const [recipient] = await t.db.select().from(questionRecipients).where(eq(questionRecipients.id, kenji.id));
    expect(recipient).toMatchObject({ remindersSent: 1, lastRemindedAt: new Date('2026-03-05T02:00:00Z') });

    // "Remind now" DMs them too.
    const now = await remindNow(request.requestId, kenji.id);
    expect(now.statusCode, now.body).toBe(200);
    expect(now.json().payload.reminded).toEqual([kenji.id]);
    await drain();
    expect(slack.standIn.messages).toHaveLength(2);
    expect(await t.mailCount(kenji.email!)).toBe(0);
  });

  it('skips a Slack recipient whose DM failed: they wait for "send by email instead"', async () => {
    const { request, kenji } = await slackRecipientInTokyo('U0KENJI2');
    await t.db
      .update(questionRecipients)
      .set({ deliveryError: 'Slack could not deliver: they turned off messages from apps.' })
      .where(eq(questionRecipients.id, kenji.id));
    expect(await tick('2026-03-05T02:00:00Z')).toBe(0);
    const refused = await remindNow(request.requestId, kenji.id);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().errorDisplayMessage).toContain('send by email instead');
    expect(slack.standIn.messages).toHaveLength(0);
  });
});
