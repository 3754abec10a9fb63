import { TOKEN_REFUSED_REASON } from './slack-connections.js';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type AnswerValue, type ItemKind, type QuestionItem } from '@tandem/contract';
import {
  activityItems,
  chatMessages,
  contacts,
  questionAnswers,
  questionRecipients,
  slackConnections,
  slackMessages,
} from '../../db/schema/index.js';
import { openWorkspaceEvents, useEventStreams } from '../../test/event-stream.js';
import {
  closeRequest,
  createSentRequest,
  ensureQuestionEventTypes,
  itemsOfEveryKind,
  type SentRequest,
} from '../../test/question-fixtures.js';
import { connectToStandIn, useSlackStandIn } from '../../test/slack-fixtures.js';
import { PUBLIC_URL, useTestApp } from '../../test/test-app.js';
import { signUpOwner, type SignedInMember } from '../../test/workspace-fixtures.js';
import { handleDirectMessage } from './dm-replies.js';
import { slackClient } from './slack-client.js';
import { findLiveConnection } from './slack-connections.js';
import type { SlackEventContext, SlackMessageEvent } from './slack-event-types.js';

const ADA = 'U0ADA';

describe('Slack DM replies (issue #12)', () => {
  const slack = useSlackStandIn();
  const t = useTestApp(slack.appConfig);
  let owner: SignedInMember;
  let token: string;
  let tsCounter = 0;
  /** A ts for the bot's rows written by the fixture: long before the test's messages. */
  const nextTs = () => `1600000000.${String((tsCounter += 1)).padStart(6, '0')}`;
  /**
   * A ts for the person's next message, in Slack's order: after every message the bot posted so
   * far in this test, before the next one (the stand-in's ts count up by 0.000001; one more digit
   * lands between two of them).
   */
  const personTs = () => `${slack.standIn.messages.at(-1)?.ts ?? nextTs()}${(tsCounter += 1) % 9 || 9}`;

  const openEventStream = useEventStreams();
  let baseUrl = '';

  beforeAll(async () => {
    ensureQuestionEventTypes(t.app);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    owner = await signUpOwner(t);
    token = await connectToStandIn(t, slack.standIn, owner.workspaceId, { installedByMemberId: owner.memberId });
  });
  beforeEach(() => {
    slack.standIn.reset();
    for (const id of [ADA, 'U0GRACE', 'U0LAST']) slack.standIn.addUser({ id, email: `${id.toLowerCase()}@example.test` });
  });

  async function context(eventId = `Ev${nextTs()}`): Promise<SlackEventContext> {
    const connection = (await findLiveConnection(t.db, t.app.config.encryptionKey, owner.workspaceId))!;
    return {
      db: t.db,
      connection,
      client: slackClient(t.app.config.slack!, connection.botToken),
      eventId,
      publicUrl: PUBLIC_URL,
      logger: t.app.log,
    };
  }

  interface SlackRequest extends SentRequest {
    channel: string;
    requestTs: string;
    questionTs: Map<string, string>;
    contactId: string;
    recipientId: string;
    slackUserId: string;
  }

  /**
   * A request sent to one person matched to Slack user `slackUserId`, with the DM rows DM delivery
   * writes: the opening message (REQUEST) and one QUESTION message per item.
   */
  async function slackRequest(options: { items?: QuestionItem[]; slackUserId?: string } = {}): Promise<SlackRequest> {
    const slackUserId = options.slackUserId ?? ADA;
    const sent = await createSentRequest(t, owner, { items: options.items, recipients: [{ firstName: 'Ada', lastName: 'Lovelace' }] });
    const recipient = sent.recipients[0]!;
    const channel = slack.standIn.dmChannelOf(slackUserId);
    await t.db.update(contacts).set({ slackUserId, slackUserName: 'ada' }).where(eq(contacts.id, recipient.contactId));
    await t.db.update(questionRecipients).set({ channel: 'SLACK', slackChannelId: channel }).where(eq(questionRecipients.id, recipient.id));
    const row = (kind: 'REQUEST' | 'QUESTION', ts: string, itemId: string | null = null) => ({
      workspaceId: owner.workspaceId,
      contactId: recipient.contactId,
      recipientId: recipient.id,
      itemId,
      kind,
      channelId: channel,
      ts,
    });
    const requestTs = nextTs();
    const questionTs = new Map(sent.items.map((item) => [item.id, nextTs()]));
    await t.db
      .insert(slackMessages)
      .values([row('REQUEST', requestTs), ...sent.items.map((item) => row('QUESTION', questionTs.get(item.id)!, item.id))]);
    return { ...sent, channel, requestTs, questionTs, contactId: recipient.contactId, recipientId: recipient.id, slackUserId };
  }

  const message = (request: SlackRequest, text: string, threadTs?: string, user = request.slackUserId): SlackMessageEvent => ({
    type: 'message',
    channel: request.channel,
    channel_type: 'im',
    user,
    text,
    ts: personTs(),
    ...(threadTs ? { thread_ts: threadTs } : {}),
  });
  const replyTo = (request: SlackRequest, item: QuestionItem, text: string) => message(request, text, request.questionTs.get(item.id));
  const itemOf = (request: SentRequest, kind: ItemKind) => request.items.find((item) => item.kind === kind)!;

  const answersOf = (recipientId: string, itemId?: string) =>
    t.db
      .select()
      .from(questionAnswers)
      .where(and(eq(questionAnswers.recipientId, recipientId), itemId ? eq(questionAnswers.itemId, itemId) : undefined));
  const stateOf = async (recipientId: string) =>
    (await t.db.select({ state: questionRecipients.state }).from(questionRecipients).where(eq(questionRecipients.id, recipientId)))[0]!
      .state;
  const repliesOf = (request: SlackRequest) =>
    t.db
      .select()
      .from(slackMessages)
      .where(and(eq(slackMessages.recipientId, request.recipientId), eq(slackMessages.kind, 'REPLY')));

  it('answers each item kind in its thread, confirms each, and says when they are done', async () => {
    const request = await slackRequest();
    const replies: [ItemKind, string, AnswerValue, string][] = [
      [
        'OPEN_TEXT',
        'Revenue &gt; plan &amp; <@U1> helped',
        'Revenue > plan & <@U1> helped',
        '“Revenue &gt; plan &amp; &lt;@U1&gt; helped”',
      ],
      ['SINGLE_CHOICE', '2', 'Asia', '“Asia” recorded for question 2'],
      ['MULTI_CHOICE', 'sales and 3', ['Sales', 'Finance'], '“Sales; Finance” recorded for question 3'],
      ['SCALE_1_5', '4/5', 4, '“4” recorded for question 4'],
      ['YES_NO', 'Yep', true, '“Yes” recorded for question 5'],
      ['DATE', '2026-03-05', '2026-03-05', '“2026-03-05” recorded for question 6'],
    ];
    for (const [index, [kind, text, value, confirmation]] of replies.entries()) {
      const item = itemOf(request, kind);
      await handleDirectMessage(await context(), replyTo(request, item, text));
      const [answer, ...others] = await answersOf(request.recipientId, item.id);
      expect(others).toEqual([]);
      expect(answer).toMatchObject({ value, via: 'SLACK', enteredByMemberId: null });
      const posted = slack.standIn.messages.at(-1)!;
      expect(posted).toMatchObject({ channel: request.channel, threadTs: request.questionTs.get(item.id) });
      expect(posted.text).toContain(confirmation);
      expect(posted.text).toContain('Reply again to change it.');
      const isLast = index === replies.length - 1;
      expect(posted.text.includes('you are done')).toBe(isLast);
      if (isLast) expect(posted.text).toContain(`<${PUBLIC_URL}/q/${request.recipients[0]!.shortUrl}|your answer page>`);
    }
    expect(await stateOf(request.recipientId)).toBe('ANSWERED');
    expect(slack.standIn.messages).toHaveLength(replies.length);
    // The bot's replies are recorded (REPLY, about their item) with Slack's ts.
    const recorded = await repliesOf(request);
    expect(recorded.map((row) => row.ts).sort()).toEqual(slack.standIn.messages.map((posted) => posted.ts).sort());
    const received = await t.db
      .select()
      .from(activityItems)
      .where(
        and(
          eq(activityItems.workspaceId, owner.workspaceId),
          eq(activityItems.kind, 'ANSWER_RECEIVED'),
          eq(activityItems.contactId, request.contactId),
        ),
      );
    expect(received).toHaveLength(1);
  });

  it('keeps one record per item: a web edit changes the Slack answer, a later Slack reply changes it again', async () => {
    const request = await slackRequest();
    const single = itemOf(request, 'SINGLE_CHOICE');
    await handleDirectMessage(await context(), replyTo(request, single, 'europe'));
    const [first] = await answersOf(request.recipientId, single.id);
    expect(first).toMatchObject({ value: 'Europe', via: 'SLACK' });

    const web = await t.request({
      method: 'PUT',
      url: `${request.recipients[0]!.url}/answers/${single.id}`,
      payload: { value: 'Americas' },
    });
    expect(web.statusCode).toBe(200);
    const afterWeb = await answersOf(request.recipientId, single.id);
    expect(afterWeb).toEqual([expect.objectContaining({ id: first!.id, value: 'Americas', via: 'LINK' })]);

    await handleDirectMessage(await context(), replyTo(request, single, 'Asia please'));
    const afterSlack = await answersOf(request.recipientId, single.id);
    expect(afterSlack).toEqual([expect.objectContaining({ id: first!.id, value: 'Asia', via: 'SLACK' })]);
  });

  it('saves nothing for a reply it cannot match, and says what fits', async () => {
    const request = await slackRequest();
    const single = itemOf(request, 'SINGLE_CHOICE');
    await handleDirectMessage(await context(), replyTo(request, single, 'Africa'));
    expect(await answersOf(request.recipientId)).toEqual([]);
    const posted = slack.standIn.messages.at(-1)!;
    expect(posted.threadTs).toBe(request.questionTs.get(single.id));
    expect(posted.text).toBe("I could not match that to an answer for question 2: reply with 1–3 or the option's name.");
    expect(await stateOf(request.recipientId)).toBe('PENDING');
  });

  it('handles a retried event once: the answer is saved and confirmed once', async () => {
    const request = await slackRequest();
    const yesNo = itemOf(request, 'YES_NO');
    const event = replyTo(request, yesNo, 'no');
    await handleDirectMessage(await context('EvRETRY'), event);
    await handleDirectMessage(await context('EvRETRY'), event);
    expect(slack.standIn.calls('chat.postMessage')).toHaveLength(1);
    expect(await answersOf(request.recipientId, yesNo.id)).toEqual([expect.objectContaining({ value: false })]);
  });

  it('retries a confirmation that failed to post (the job fails) without saving twice', async () => {
    const request = await slackRequest();
    const scale = itemOf(request, 'SCALE_1_5');
    const event = replyTo(request, scale, 'three');
    slack.standIn.failNext('chat.postMessage', 'internal_error');
    await expect(handleDirectMessage(await context(), event)).rejects.toThrow(/internal_error/);
    expect(await answersOf(request.recipientId, scale.id)).toEqual([expect.objectContaining({ value: 3 })]);
    await handleDirectMessage(await context(), event);
    expect(slack.standIn.messages).toHaveLength(1);
    expect(slack.standIn.messages[0]!.text).toContain('“3” recorded for question 4');
    expect(await answersOf(request.recipientId, scale.id)).toHaveLength(1);
  });

  it('says a closed request is closed and saves nothing', async () => {
    const request = await slackRequest();
    await closeRequest(t, request.requestId);
    await handleDirectMessage(await context(), replyTo(request, itemOf(request, 'OPEN_TEXT'), 'Late thoughts'));
    expect(await answersOf(request.recipientId)).toEqual([]);
    expect(slack.standIn.messages.at(-1)!.text).toBe('This request is closed: answers can no longer change. Thank you!');
  });

  it('turns a reply in the request’s thread and a top-level DM into chat messages via SLACK', async () => {
    const older = await slackRequest({ items: [itemsOfEveryKind().OPEN_TEXT] });
    const request = await slackRequest({ items: [itemsOfEveryKind().OPEN_TEXT] });
    await handleDirectMessage(await context(), message(older, 'About the first one: I need &lt;more&gt; time', older.requestTs));
    await handleDirectMessage(await context(), message(request, 'Thanks, will do!'));
    // createSentRequest makes a new contact per request: each thread belongs to its own person.
    const [inThread] = await t.db.select().from(chatMessages).where(eq(chatMessages.contactId, older.contactId));
    expect(inThread).toMatchObject({
      body: 'About the first one: I need <more> time',
      via: 'SLACK',
      authorType: 'CONTACT',
      requestId: older.requestId,
    });
    const topLevel = await t.db.select().from(chatMessages).where(eq(chatMessages.contactId, request.contactId));
    expect(topLevel).toEqual([expect.objectContaining({ body: 'Thanks, will do!', via: 'SLACK', requestId: request.requestId })]);
    const chatReplies = await t.db
      .select()
      .from(activityItems)
      .where(and(eq(activityItems.kind, 'CHAT_REPLY'), eq(activityItems.contactId, request.contactId)));
    expect(chatReplies).toHaveLength(1);
    expect(await answersOf(older.recipientId)).toEqual([]);
    expect(slack.standIn.messages).toEqual([]);
  });

  it('is live: a Slack answer sends a `question` event, a Slack message a `contact` event', async () => {
    const request = await slackRequest();
    const stream = await openWorkspaceEvents(openEventStream, baseUrl, owner);
    await handleDirectMessage(await context(), replyTo(request, itemOf(request, 'YES_NO'), 'yes'));
    const answered = await stream.next('question');
    expect(answered).not.toBe('timeout');
    expect((answered as { data: unknown }).data).toMatchObject({
      requestId: request.requestId,
      recipientId: request.recipientId,
      action: 'answers',
    });
    await handleDirectMessage(await context(), message(request, 'One more thing', request.requestTs));
    const messaged = await stream.next('contact');
    expect(messaged).not.toBe('timeout');
    expect((messaged as { data: unknown }).data).toMatchObject({ contactId: request.contactId, action: 'message' });
  });

  it('ignores an unmatched user, an unknown thread, the bot’s own messages and edits', async () => {
    const request = await slackRequest({ slackUserId: 'U0GRACE' });
    const open = itemOf(request, 'OPEN_TEXT');
    await handleDirectMessage(await context(), message(request, 'Hi', request.questionTs.get(open.id), 'U0STRANGER'));
    await handleDirectMessage(await context(), message(request, 'Hi', '1500000000.000001', 'U0GRACE'));
    await handleDirectMessage(await context(), { ...message(request, 'Hi', request.questionTs.get(open.id), 'U0GRACE'), bot_id: 'B0BOT' });
    await handleDirectMessage(await context(), {
      ...message(request, 'Hi', request.questionTs.get(open.id), 'U0GRACE'),
      subtype: 'message_changed',
    });
    expect(await answersOf(request.recipientId)).toEqual([]);
    expect(await t.db.select().from(chatMessages).where(eq(chatMessages.contactId, request.contactId))).toEqual([]);
    expect(slack.standIn.received).toEqual([]);
  });

  it('ends the connection when Slack answers token_revoked to the confirmation', async () => {
    const request = await slackRequest({ slackUserId: 'U0LAST' });
    slack.standIn.revokeToken(token);
    await handleDirectMessage(await context(), replyTo(request, itemOf(request, 'YES_NO'), 'yes'));
    expect(slack.standIn.calls('chat.postMessage')).toHaveLength(1);
    expect(await findLiveConnection(t.db, t.app.config.encryptionKey, owner.workspaceId)).toBeNull();
    const [row] = await t.db.select().from(slackConnections).where(eq(slackConnections.workspaceId, owner.workspaceId));
    expect(row).toMatchObject({ botToken: null, disconnectedReason: TOKEN_REFUSED_REASON });
  });
});
