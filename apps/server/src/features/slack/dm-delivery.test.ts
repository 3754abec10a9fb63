import { and, eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CreateQuestionRequestInput, QuestionRequestDetail, Recipient } from '@tandem/contract';
import type { contacts } from '../../db/schema/index.js';
import { chatMessages, questionRecipients, questionRequests, slackConnections, slackMessages } from '../../db/schema/index.js';
import { MAIL_QUEUE } from '../../mail/mail-jobs.js';
import {
  createRequestAs,
  getRequestAs,
  insertContact,
  patchRequest,
  postRequest,
  sampleItems,
  sendRequestAs,
} from '../../test/request-fixtures.js';
import { connectToStandIn, matchContactToSlack, upgradeToPro, useSlackStandIn } from '../../test/slack-fixtures.js';
import { PUBLIC_URL, useTestApp } from '../../test/test-app.js';
import { joinAs, signUpOwner, type SignedInMember } from '../../test/workspace-fixtures.js';
import { escapeMrkdwn, requestMessage } from './dm-blocks.js';
import { deliverSlackJob, SLACK_DELIVER_QUEUE, SLACK_DISCONNECTED_SENTENCE } from './dm-delivery.js';

/** Questions over Slack, outbound (issue #12): per-recipient channels, the DM, failures, "send by email instead", follow-ups. */
const slack = useSlackStandIn();
const t = useTestApp(slack.appConfig);
let owner: SignedInMember;
let botToken: string;
let slackUserSequence = 0;

beforeAll(async () => {
  owner = await signUpOwner(t, { firstName: 'Eleanor', lastName: 'Vance' });
  await upgradeToPro(t, owner.workspaceId);
  botToken = await connectToStandIn(t, slack.standIn, owner.workspaceId);
});
beforeEach(() => slack.standIn.reset());

const drain = () => t.drainJobs([SLACK_DELIVER_QUEUE, MAIL_QUEUE], 30_000);

/** A contact of the owner's workspace matched to a new Slack user (options: the stand-in user's). */
async function slackContact(values: Partial<typeof contacts.$inferInsert> = {}, user: { dmClosed?: boolean } = {}) {
  const contact = await insertContact(t, owner.workspaceId, values);
  slackUserSequence += 1;
  const slackUser = await matchContactToSlack(t, slack.standIn, contact.id, {
    id: `U${String(slackUserSequence).padStart(4, '0')}SL`,
    email: contact.email ?? `slack${slackUserSequence}@example.test`,
    ...user,
  });
  return { contact, slackUser, channel: slack.standIn.dmChannelOf(slackUser.id) };
}

const recipientOf = (detail: QuestionRequestDetail, contactId: string) => detail.recipients.find((r) => r.contact.id === contactId)!;

async function send(body: Partial<CreateQuestionRequestInput>): Promise<QuestionRequestDetail> {
  const draft = await createRequestAs(t, owner, { items: sampleItems, ...body });
  const response = await sendRequestAs(t, owner, draft.id, draft.version);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ payload: QuestionRequestDetail }>().payload;
}

const detailOf = async (requestId: string) => (await getRequestAs(t, owner, requestId)).json<{ payload: QuestionRequestDetail }>().payload;

const emailInstead = (requestId: string, recipientId: string, member = owner) =>
  t.post(
    `/api/v1/workspaces/${member.workspaceId}/question-requests/${requestId}/recipients/${recipientId}/email`,
    {},
    { token: member.token },
  );

describe('a request sent "Slack where possible" (issue #12)', () => {
  it('DMs the matched person (opening message with the button, one message per question) and mails the other', async () => {
    const matched = await slackContact();
    const unmatched = await insertContact(t, owner.workspaceId);
    const draft = await createRequestAs(t, owner, {
      title: 'Q3 <b>board</b> prep & more',
      context: 'Ping <@U0BOSS> and <!channel>; see <https://evil.example|here>.',
      dueDate: '2099-12-04',
      items: sampleItems,
      contactIds: [matched.contact.id, unmatched.id],
    });
    // Connected: the default channel is SLACK ("Slack where possible").
    expect(draft.channel).toBe('SLACK');
    const response = await sendRequestAs(t, owner, draft.id, draft.version);
    expect(response.statusCode, response.body).toBe(200);
    const sent = response.json<{ payload: QuestionRequestDetail }>().payload;
    const dm = recipientOf(sent, matched.contact.id);
    expect(dm.channel).toBe('SLACK');
    expect(recipientOf(sent, unmatched.id).channel).toBe('EMAIL');
    await drain();

    const posted = slack.standIn.messages.filter((message) => message.channel === matched.channel);
    expect(posted).toHaveLength(1 + sampleItems.length);
    const [opening, ...questions] = posted;
    expect(opening!.threadTs).toBeNull();
    const openingJson = JSON.stringify(opening!.blocks);
    expect(openingJson).toContain('Eleanor');
    expect(openingJson).toContain('Q3 &lt;b&gt;board&lt;/b&gt; prep &amp; more');
    expect(openingJson).toContain('Ping &lt;@U0BOSS&gt; and &lt;!channel&gt;; see &lt;https://evil.example|here&gt;.');
    expect(openingJson).not.toContain('<@U0BOSS>');
    expect(openingJson).not.toContain('<!channel>');
    expect(openingJson).toContain('Friday, December 4, 2099');
    expect(openingJson).toContain('or reply in the thread under each question');
    const button = (opening!.blocks as { type: string; elements?: { type: string; url?: string; text?: { text: string } }[] }[])
      .flatMap((block) => (block.type === 'actions' ? (block.elements ?? []) : []))
      .find((element) => element.type === 'button');
    expect(button).toMatchObject({ text: { text: 'Answer in Tandem' }, url: `${PUBLIC_URL}/q/${dm.link.shortUrl}` });
    expect(opening!.text).not.toContain('<');

    expect(JSON.stringify(questions[0]!.blocks)).toContain('Question 1 of 3');
    const choice = JSON.stringify(questions[1]!.blocks);
    expect(choice).toContain('Question 2 of 3');
    expect(choice).toContain('1. EMEA\\n2. Americas\\n3. APAC');
    expect(choice).toContain('the number or the text of one option');
    expect(JSON.stringify(questions[2]!.blocks)).toContain('yes or no');
    // Slack opened the DM with the user id; the DM's channel and every message's ts are stored.
    expect(slack.standIn.calls('chat.postMessage')[0]!.args.channel).toBe(matched.slackUser.id);
    const [row] = await t.db.select().from(questionRecipients).where(eq(questionRecipients.id, dm.id));
    expect(row!.slackChannelId).toBe(matched.channel);
    const stored = await t.db.select().from(slackMessages).where(eq(slackMessages.recipientId, dm.id));
    expect(stored.map((message) => message.kind).sort()).toEqual(['QUESTION', 'QUESTION', 'QUESTION', 'REQUEST']);
    const items = (await detailOf(sent.id)).items;
    expect(new Set(stored.filter((message) => message.kind === 'QUESTION').map((message) => message.itemId))).toEqual(
      new Set(items.map((item) => item.id)),
    );
    expect(stored.find((message) => message.kind === 'REQUEST')!.ts).toBe(opening!.ts);

    expect(await t.mailCount(matched.contact.email!)).toBe(0);
    const mail = await t.latestMail(unmatched.email!);
    expect(mail!.text).toContain(`${PUBLIC_URL}/q/${recipientOf(sent, unmatched.id).link.shortUrl}`);
  });

  it('follows per-person channels, and refuses Slack for someone Slack cannot reach with 400 recipientChannels', async () => {
    const onSlack = await slackContact();
    const byMail = await insertContact(t, owner.workspaceId);
    const sent = await send({
      channel: 'EMAIL',
      contactIds: [onSlack.contact.id, byMail.id],
      recipientChannels: { [onSlack.contact.id]: 'SLACK' },
    });
    expect(sent.recipientChannels).toEqual({ [onSlack.contact.id]: 'SLACK' });
    expect(recipientOf(sent, onSlack.contact.id).channel).toBe('SLACK');
    expect(recipientOf(sent, byMail.id).channel).toBe('EMAIL');
    // Matched, but asked by email on purpose.
    const emailed = await send({ contactIds: [onSlack.contact.id], recipientChannels: { [onSlack.contact.id]: 'EMAIL' } });
    expect(recipientOf(emailed, onSlack.contact.id).channel).toBe('EMAIL');
    await drain();
    expect(slack.standIn.messages.filter((message) => message.channel === onSlack.channel)).toHaveLength(1 + sampleItems.length);
    expect(await t.mailCount(onSlack.contact.email!)).toBe(1);

    const forced = await createRequestAs(t, owner, {
      items: sampleItems,
      contactIds: [byMail.id],
      recipientChannels: { [byMail.id]: 'SLACK' },
    });
    const refused = await sendRequestAs(t, owner, forced.id, forced.version);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().errorData.recipientChannels).toContain(`${byMail.firstName} ${byMail.lastName}`);
    const [stillDraft] = await t.db.select().from(questionRequests).where(eq(questionRequests.id, forced.id));
    expect(stillDraft!.status).toBe('DRAFT');
    expect(await t.db.select().from(questionRecipients).where(eq(questionRecipients.requestId, forced.id))).toHaveLength(0);

    // Slack where possible, not on Slack and no email: nowhere to send.
    const nowhere = await insertContact(t, owner.workspaceId, { email: null });
    const stranded = await createRequestAs(t, owner, { items: sampleItems, contactIds: [nowhere.id] });
    const noEmail = await sendRequestAs(t, owner, stranded.id, stranded.version);
    expect(noEmail.statusCode, noEmail.body).toBe(400);
    expect(noEmail.json().errorData.contactIds).toContain('no email address');
  });

  it('keeps per-person channels to the request’s people and fixes them once sent', async () => {
    const a = await insertContact(t, owner.workspaceId);
    const b = await insertContact(t, owner.workspaceId);
    const stranger = await postRequest(t, owner, { contactIds: [a.id], recipientChannels: { [b.id]: 'EMAIL' } });
    expect(stranger.statusCode, stranger.body).toBe(400);
    expect(stranger.json().errorData.recipientChannels).toContain(b.id);

    const draft = await createRequestAs(t, owner, {
      items: sampleItems,
      contactIds: [a.id, b.id],
      recipientChannels: { [a.id]: 'LINK', [b.id]: 'EMAIL' },
    });
    const dropped = await patchRequest(t, owner, draft.id, { version: draft.version, contactIds: [b.id] });
    expect(dropped.statusCode, dropped.body).toBe(200);
    const afterDrop = dropped.json<{ payload: QuestionRequestDetail }>().payload;
    expect(afterDrop.recipientChannels).toEqual({ [b.id]: 'EMAIL' });
    const sent = await sendRequestAs(t, owner, draft.id, afterDrop.version);
    expect(sent.statusCode, sent.body).toBe(200);
    const version = sent.json<{ payload: QuestionRequestDetail }>().payload.version;
    const fixed = await patchRequest(t, owner, draft.id, { version, recipientChannels: { [b.id]: 'LINK' } });
    expect(fixed.statusCode, fixed.body).toBe(409);
    expect(fixed.json().errorData).toHaveProperty('recipientChannels');
  });

  it('defaults to EMAIL for a workspace without a Slack connection', async () => {
    const other = await signUpOwner(t);
    const response = await postRequest(t, other, {});
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().payload.channel).toBe('EMAIL');
  });
});

describe('delivery (issue #12)', () => {
  it('a job retried after Slack failed posts each message once', async () => {
    const person = await slackContact();
    slack.standIn.failNext('chat.postMessage', 'internal_error', { status: 500 });
    const sent = await send({ contactIds: [person.contact.id] });
    await drain();
    const recipient = recipientOf(sent, person.contact.id);
    expect(slack.standIn.calls('chat.postMessage')).toHaveLength(2 + sampleItems.length);
    expect(slack.standIn.messages.filter((message) => message.channel === person.channel)).toHaveLength(1 + sampleItems.length);
    expect((await detailOf(sent.id)).recipients[0]!.deliveryError).toBeNull();

    // The same job once more (a retry after a crash): everything is already posted.
    await deliverSlackJob(
      { db: t.db, slack: t.app.config.slack, encryptionKey: t.app.config.encryptionKey, publicUrl: PUBLIC_URL, logger: t.app.log },
      { kind: 'REQUEST', workspaceId: owner.workspaceId, recipientId: recipient.id },
    );
    expect(slack.standIn.messages.filter((message) => message.channel === person.channel)).toHaveLength(1 + sampleItems.length);
  });

  it('shows why Slack could not deliver; "send by email instead" mails the request and clears it', async () => {
    const closed = await slackContact({}, { dmClosed: true });
    const sent = await send({ contactIds: [closed.contact.id] });
    await drain();
    const failed = recipientOf(await detailOf(sent.id), closed.contact.id);
    expect(failed).toMatchObject({ channel: 'SLACK', deliveryError: 'Slack could not deliver: they turned off messages from apps.' });
    expect(slack.standIn.messages).toHaveLength(0);
    expect(slack.standIn.calls('chat.postMessage')).toHaveLength(1);

    const viewer = await joinAs(t, owner, 'USER');
    expect((await emailInstead(sent.id, failed.id, viewer)).statusCode).toBe(403);
    expect((await emailInstead(sent.id, '01900000-0000-7000-8000-000000000000')).statusCode).toBe(404);

    const switched = await emailInstead(sent.id, failed.id);
    expect(switched.statusCode, switched.body).toBe(200);
    expect(switched.json<{ payload: Recipient }>().payload).toMatchObject({ id: failed.id, channel: 'EMAIL', deliveryError: null });
    const mail = await t.latestMail(closed.contact.email!);
    expect(mail!.text).toContain(`${PUBLIC_URL}/q/${failed.link.shortUrl}`);
    // Asking again mails nothing more (the recipient id is the message id).
    expect((await emailInstead(sent.id, failed.id)).statusCode).toBe(200);
    expect(await t.mailCount(closed.contact.email!)).toBe(1);
    expect(recipientOf(await detailOf(sent.id), closed.contact.id)).toMatchObject({ channel: 'EMAIL', deliveryError: null });

    // Nobody to mail: 409.
    const noAddress = await slackContact({ email: null }, { dmClosed: true });
    const other = await send({ contactIds: [noAddress.contact.id] });
    await drain();
    const stuck = recipientOf(await detailOf(other.id), noAddress.contact.id);
    expect(stuck.deliveryError).not.toBeNull();
    expect((await emailInstead(other.id, stuck.id)).statusCode).toBe(409);
  });

  it('a member’s follow-up reaches a Slack recipient in the thread of the opening message', async () => {
    const person = await slackContact();
    const sent = await send({ contactIds: [person.contact.id] });
    await drain();
    const opening = slack.standIn.messages.find((message) => message.channel === person.channel)!;
    const response = await t.post(
      `/api/v1/workspaces/${owner.workspaceId}/contacts/${person.contact.id}/messages`,
      { body: 'Any news? <!here> & thanks', requestId: sent.id },
      { token: owner.token },
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().payload.via).toBe('SLACK');
    await drain();
    const reply = slack.standIn.messages.at(-1)!;
    expect(reply).toMatchObject({ channel: person.channel, threadTs: opening.ts });
    expect(JSON.stringify(reply.blocks)).toContain('Any news? &lt;!here&gt; &amp; thanks');
    expect(JSON.stringify(reply.blocks)).toContain('Eleanor Vance');
    const [row] = await t.db
      .select()
      .from(slackMessages)
      .where(and(eq(slackMessages.recipientId, recipientOf(sent, person.contact.id).id), eq(slackMessages.kind, 'FOLLOW_UP')));
    expect(row!.ts).toBe(reply.ts);
    const [message] = await t.db.select().from(chatMessages).where(eq(chatMessages.contactId, person.contact.id));
    expect(message!.via).toBe('SLACK');
    expect(await t.mailCount(person.contact.email!)).toBe(0);
  });

  it('a token Slack revoked marks the connection disconnected and tells on the recipient', async () => {
    const person = await slackContact();
    slack.standIn.revokeToken(botToken);
    const sent = await send({ contactIds: [person.contact.id] });
    await drain();
    expect(recipientOf(await detailOf(sent.id), person.contact.id).deliveryError).toBe(SLACK_DISCONNECTED_SENTENCE);
    const [connection] = await t.db.select().from(slackConnections).where(eq(slackConnections.workspaceId, owner.workspaceId));
    expect(connection).toMatchObject({ botToken: null });
    expect(connection!.disconnectedAt).not.toBeNull();
    // Disconnected: new requests default to email, and nobody is reachable on Slack.
    expect((await postRequest(t, owner, {})).json().payload.channel).toBe('EMAIL');
    botToken = await connectToStandIn(t, slack.standIn, owner.workspaceId);
  });
});

describe('the DM blocks (issue #12)', () => {
  it('splits a long context into sections within Slack’s 3,000 characters, never inside an escape', () => {
    const context = `${'a'.repeat(2998)}${'&<>'.repeat(600)}`;
    const message = requestMessage({
      askerFirstName: '<@U1>',
      workspaceName: 'Acme & Co',
      title: 'Title',
      context,
      dueDate: null,
      questionCount: 1,
      answerUrl: `${PUBLIC_URL}/q/abc`,
    });
    const texts = message.blocks.flatMap((block) => (block.type === 'section' && block.text ? [block.text.text] : []));
    expect(texts[0]).toBe('*&lt;@U1&gt;* from *Acme &amp; Co* asks you 1 question: *Title*');
    const contextTexts = texts.slice(1);
    expect(contextTexts.length).toBeGreaterThan(1);
    for (const text of contextTexts) {
      expect(text.length).toBeLessThanOrEqual(3000);
      expect(text).not.toMatch(/&[a-z]*$/);
      expect(text).not.toMatch(/^[a-z]*;/);
    }
    expect(contextTexts.join('')).toBe(escapeMrkdwn(context));
  });
});
