import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicAnswersState, PublicQuestionPage, QuestionItem } from '@tandem/contract';
import {
  activityItems,
  chatMessages,
  contacts,
  publicLinkViews,
  questionAnswers,
  questionRecipients,
  questionRequests,
  workspaces,
} from '../../db/schema/index.js';
import { openWorkspaceEvents, useEventStreams } from '../../test/event-stream.js';
import {
  answerUrls,
  closeRequest,
  createSentRequest,
  ensureQuestionEventTypes,
  itemsOfEveryKind,
  setLinkExpiry,
  type SentRequest,
} from '../../test/question-fixtures.js';
import { useTestApp } from '../../test/test-app.js';
import { joinAs, signUpOwner, type SignedInMember } from '../../test/workspace-fixtures.js';
import { findContactThread } from '../contacts/index.js';

const t = useTestApp();
const openEventStream = useEventStreams();
let owner: SignedInMember;
let baseUrl = '';

beforeAll(async () => {
  ensureQuestionEventTypes(t.app);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  owner = await signUpOwner(t, { firstName: 'Eleanor', lastName: 'Vance' });
});
afterAll(async () => {
  await t.app.close();
});

let ipCounter = 0;
/** A fresh client address, so the miss limiter of one test does not touch another. */
const newIp = () => `203.0.113.${(ipCounter += 1) % 250}`;

const page = (url: string, ip = '192.0.2.10') => t.request({ method: 'GET', url, remoteAddress: ip });
const save = (url: string, itemId: string, value: unknown, ip = '192.0.2.10') =>
  t.request({ method: 'PUT', url: `${url}/answers/${itemId}`, payload: { value } as never, remoteAddress: ip });
const submit = (url: string) => t.request({ method: 'POST', url: `${url}/submit`, payload: {}, remoteAddress: '192.0.2.10' });
const pageOf = (response: { json: () => { payload: PublicQuestionPage } }) => response.json().payload;

function itemOf(request: SentRequest, kind: QuestionItem['kind']): QuestionItem {
  return request.items.find((item) => item.kind === kind)!;
}

const goodValues: Record<QuestionItem['kind'], unknown> = {
  OPEN_TEXT: '  We shipped on time.  ',
  SINGLE_CHOICE: 'Asia',
  MULTI_CHOICE: ['Finance', 'Sales'],
  SCALE_1_5: 4,
  YES_NO: false,
  DATE: '2026-12-01',
};

describe('validation per item kind (issue #10)', () => {
  const badValues: Record<QuestionItem['kind'], unknown[]> = {
    OPEN_TEXT: ['   ', 42, 'x'.repeat(10_001)],
    SINGLE_CHOICE: ['Mars', ['Asia'], 1],
    MULTI_CHOICE: [[], ['Sales', 'Sales'], ['Sales', 'Mars'], 'Sales'],
    SCALE_1_5: [0, 6, 2.5, '3'],
    YES_NO: ['yes', 1],
    DATE: ['12/01/2026', '2026-02-30', true],
  };

  it('accepts a good value of every kind and stores it as validateAnswer returns it', async () => {
    const request = await createSentRequest(t, owner, { recipients: [{ firstName: 'Ada' }] });
    const url = request.recipients[0]!.url;
    for (const item of request.items) {
      const response = await save(url, item.id, goodValues[item.kind]);
      expect(response.statusCode, item.kind).toBe(200);
    }
    const answers = new Map(pageOf(await page(url)).answers.map((answer) => [answer.itemId, answer.value]));
    expect(answers.get(itemOf(request, 'OPEN_TEXT').id)).toBe('We shipped on time.');
    // Choices come back in the options' order.
    expect(answers.get(itemOf(request, 'MULTI_CHOICE').id)).toEqual(['Sales', 'Finance']);
    expect(answers.get(itemOf(request, 'SCALE_1_5').id)).toBe(4);
    expect(answers.get(itemOf(request, 'YES_NO').id)).toBe(false);
    expect(answers.get(itemOf(request, 'DATE').id)).toBe('2026-12-01');
  });

  it('refuses a bad value of every kind with errorData.value and writes nothing', async () => {
    const request = await createSentRequest(t, owner, { recipients: [{ firstName: 'Ada' }] });
    const recipient = request.recipients[0]!;
    for (const item of request.items) {
      for (const value of badValues[item.kind]) {
        const response = await save(recipient.url, item.id, value);
        expect(response.statusCode, `${item.kind} ${JSON.stringify(value)}`).toBe(400);
        expect(response.json().errorData.value).toEqual(expect.any(String));
      }
    }
    const rows = await t.db.select().from(questionAnswers).where(eq(questionAnswers.recipientId, recipient.id));
    expect(rows).toEqual([]);
  });

  it('answers 404 for a question that is not part of the request', async () => {
    const request = await createSentRequest(t, owner, { recipients: [{ firstName: 'Ada' }] });
    const response = await save(request.recipients[0]!.url, '00000000-0000-4000-8000-000000000000', 'text');
    expect(response.statusCode).toBe(404);
  });
});

describe('saving as the person goes (issue #10)', () => {
  it('keeps partial answers for the next visit and moves PENDING → OPENED → PARTIAL → ANSWERED, back to PARTIAL on clearing', async () => {
    const items = Object.values(itemsOfEveryKind({ DATE: false }));
    const request = await createSentRequest(t, owner, { items, recipients: [{ firstName: 'Ada' }] });
    const recipient = request.recipients[0]!;
    const state = async () => (await t.db.select().from(questionRecipients).where(eq(questionRecipients.id, recipient.id)))[0]!;
    expect((await state()).state).toBe('PENDING');

    const first = pageOf(await page(recipient.url));
    expect(first.state).toBe('OPENED');
    expect((await state()).openedAt).not.toBeNull();

    const open = itemOf(request, 'OPEN_TEXT');
    const saved = await save(recipient.url, open.id, 'First thoughts');
    expect(saved.json<{ payload: PublicAnswersState }>().payload.state).toBe('PARTIAL');
    // Another device: the answer is there.
    const resumed = pageOf(await page(recipient.url, '192.0.2.99'));
    expect(resumed.answers).toEqual([expect.objectContaining({ itemId: open.id, value: 'First thoughts', late: false })]);
    expect(resumed.state).toBe('PARTIAL');

    for (const item of items.filter((item) => item.required && item.id !== open.id)) {
      await save(recipient.url, item.id, goodValues[item.kind]);
    }
    // Every required item answered, not submitted, the optional DATE open: still PARTIAL.
    expect((await state()).state).toBe('PARTIAL');
    const submitted = await submit(recipient.url);
    expect(submitted.statusCode).toBe(200);
    expect(submitted.json().payload.state).toBe('ANSWERED');
    const done = await state();
    expect(done.completedAt).not.toBeNull();
    expect(done.submittedAt).not.toBeNull();
    expect(done.firstAnsweredAt!.getTime()).toBeLessThanOrEqual(done.lastAnsweredAt!.getTime());

    const cleared = await save(recipient.url, open.id, null);
    expect(cleared.json().payload.state).toBe('PARTIAL');
    expect(cleared.json().payload.completedAt).toBeNull();
    expect((await state()).completedAt).toBeNull();

    const again = await save(recipient.url, open.id, 'Second thoughts');
    expect(again.json().payload.state).toBe('ANSWERED');
  });

  it('gives text answers back exactly as typed, also when they read as JSON ("42", "true", "null")', async () => {
    const request = await createSentRequest(t, owner, { recipients: [{ firstName: 'Ada' }] });
    const recipient = request.recipients[0]!;
    const openText = itemOf(request, 'OPEN_TEXT').id;
    for (const typed of ['42', 'true', 'null', '0.1', '[1, 2]', '{"a": 1}', '"quoted"']) {
      const saved = await save(recipient.url, openText, typed);
      expect(saved.statusCode).toBe(200);
      expect(saved.json().payload.answers).toEqual([expect.objectContaining({ itemId: openText, value: typed })]);
      expect(pageOf(await page(recipient.url)).answers).toEqual([expect.objectContaining({ itemId: openText, value: typed })]);
    }
  });

  it('is ANSWERED without submit once every item is answered; submit names the missing required items', async () => {
    const request = await createSentRequest(t, owner, { recipients: [{ firstName: 'Ada' }] });
    const url = request.recipients[0]!.url;
    await save(url, itemOf(request, 'YES_NO').id, true);
    const refused = await submit(url);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errorCode).toBe('VALIDATION_FAILED');
    expect(Object.keys(refused.json().errorData).sort()).toEqual(
      request.items
        .filter((item) => item.kind !== 'YES_NO')
        .map((item) => item.id)
        .sort(),
    );
    let last: PublicAnswersState | undefined;
    for (const item of request.items) last = (await save(url, item.id, goodValues[item.kind])).json().payload;
    expect(last!.state).toBe('ANSWERED');
  });

  it('keeps submittedAt as the first time and updatedAt as each change', async () => {
    const request = await createSentRequest(t, owner, { recipients: [{ firstName: 'Ada' }] });
    const recipient = request.recipients[0]!;
    const item = itemOf(request, 'SCALE_1_5');
    await save(recipient.url, item.id, 2);
    const [before] = await t.db.select().from(questionAnswers).where(eq(questionAnswers.recipientId, recipient.id));
    await expect.poll(() => Date.now()).toBeGreaterThan(before!.updatedAt.getTime());
    await save(recipient.url, item.id, 5);
    const [after] = await t.db.select().from(questionAnswers).where(eq(questionAnswers.recipientId, recipient.id));
    expect(after!.submittedAt).toEqual(before!.submittedAt);
    expect(after!.updatedAt.getTime()).toBeGreaterThan(before!.updatedAt.getTime());
    expect(after!.value).toBe(5);
  });

  it('flags answers given after the end of the due date as late, and not before it', async () => {
    const past = await createSentRequest(t, owner, {
      dueDate: '2020-01-01',
      timeZone: 'Pacific/Auckland',
      recipients: [{ firstName: 'A' }],
    });
    const future = await createSentRequest(t, owner, {
      dueDate: '2999-12-31',
      timeZone: 'Pacific/Auckland',
      recipients: [{ firstName: 'B' }],
    });
    const none = await createSentRequest(t, owner, { dueDate: null, recipients: [{ firstName: 'C' }] });
    const late = await save(past.recipients[0]!.url, itemOf(past, 'YES_NO').id, true);
    expect(late.json().payload.answers[0].late).toBe(true);
    const onTime = await save(future.recipients[0]!.url, itemOf(future, 'YES_NO').id, true);
    expect(onTime.json().payload.answers[0].late).toBe(false);
    const undated = await save(none.recipients[0]!.url, itemOf(none, 'YES_NO').id, true);
    expect(undated.json().payload.answers[0].late).toBe(false);
  });

  it('lets answers change until the request closes, then answers 409 and stays readable', async () => {
    const request = await createSentRequest(t, owner, { recipients: [{ firstName: 'Ada' }] });
    const url = request.recipients[0]!.url;
    const item = itemOf(request, 'OPEN_TEXT');
    expect((await save(url, item.id, 'one')).statusCode).toBe(200);
    expect((await save(url, item.id, 'two')).statusCode).toBe(200);
    await closeRequest(t, request.requestId);
    const refused = await save(url, item.id, 'three');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errorDisplayMessage).toBe('This request is closed; answers can no longer change.');
    expect((await submit(url)).statusCode).toBe(409);
    const closed = pageOf(await page(url));
    expect(closed.isClosed).toBe(true);
    expect(closed.answers.map((answer) => answer.value)).toEqual(['two']);
  });
});

describe('what the page shows and to whom (issue #10)', () => {
  it('shows only the recipient’s own answers and name, and members by first name only', async () => {
    const request = await createSentRequest(t, owner);
    const [ada, grace] = request.recipients as [SentRequest['recipients'][0], SentRequest['recipients'][0]];
    await save(grace.url, itemOf(request, 'OPEN_TEXT').id, 'Grace’s secret plan');
    const adaPage = await page(ada.url);
    expect(adaPage.statusCode).toBe(200);
    const body = adaPage.body;
    expect(body).not.toContain('Grace');
    expect(body).not.toContain('Hopper');
    expect(body).not.toContain(grace.email!);
    expect(body).not.toContain(ada.email!);
    expect(body).not.toContain(owner.memberId);
    expect(body).not.toContain(owner.email);
    const payload = pageOf(adaPage);
    expect(payload.recipientFirstName).toBe('Ada');
    expect(payload.answers).toEqual([]);
    expect(payload.askedBy.firstName).toBe('Eleanor');
    expect(payload.askedBy.workspaceName).toEqual(expect.any(String));
  });

  it('logs views in the access log on GET only', async () => {
    const request = await createSentRequest(t, owner, { recipients: [{ firstName: 'Ada' }] });
    const recipient = request.recipients[0]!;
    const views = async () => (await t.db.select().from(publicLinkViews).where(eq(publicLinkViews.linkId, recipient.shortUrl))).length;
    await page(recipient.url);
    expect(await views()).toBe(1);
    await save(recipient.url, itemOf(request, 'YES_NO').id, true);
    await save(recipient.url, itemOf(request, 'YES_NO').id, false);
    await submit(recipient.url);
    await t.request({ method: 'POST', url: `${recipient.url}/messages`, payload: { body: 'Hi' }, remoteAddress: '192.0.2.10' });
    expect(await views()).toBe(1);
    await page(recipient.url);
    expect(await views()).toBe(2);
  });

  it('serves an opened page without waiting for a save that holds the recipient (issue #13: no lock once opened)', async () => {
    const request = await createSentRequest(t, owner, { recipients: [{ firstName: 'Ada' }] });
    const recipient = request.recipients[0]!;
    const yesNo = itemOf(request, 'YES_NO').id;
    expect(pageOf(await page(recipient.url)).state).toBe('OPENED');
    await save(recipient.url, yesNo, true);
    const blocked = Symbol('blocked');
    const viewWhileHeld = async () => {
      // On PostgreSQL a save's transaction holds the row meanwhile; PGlite has one connection, so
      // there the view simply follows.
      if (t.app.database.kind !== 'postgres') return page(recipient.url);
      return t.db.transaction(async (tx) => {
        await tx
          .select({ id: questionRecipients.id })
          .from(questionRecipients)
          .where(eq(questionRecipients.id, recipient.id))
          .for('update');
        let guard: NodeJS.Timeout | undefined;
        const timedOut = new Promise<typeof blocked>((resolve) => (guard = setTimeout(() => resolve(blocked), 10_000)));
        const viewed = page(recipient.url);
        const first = await Promise.race([viewed, timedOut]);
        clearTimeout(guard);
        await (first === blocked ? Promise.resolve() : viewed);
        return first;
      });
    };
    const viewed = await viewWhileHeld();
    expect(viewed).not.toBe(blocked);
    const shown = pageOf(viewed as Awaited<ReturnType<typeof page>>);
    expect(shown.state).toBe('PARTIAL');
    expect(shown.answers.map((answer) => [answer.itemId, answer.value])).toEqual([[yesNo, true]]);
  });

  it('answers 410 once the link is revoked or expired, or the workspace’s links are off', async () => {
    const request = await createSentRequest(t, owner);
    const [revoked, expired] = request.recipients as [SentRequest['recipients'][0], SentRequest['recipients'][0]];
    await t.db.execute(`update public_links set revoked_at = now() where id = '${revoked.shortUrl}'` as never);
    expect((await page(revoked.url)).statusCode).toBe(410);
    expect((await save(revoked.url, itemOf(request, 'YES_NO').id, true)).statusCode).toBe(410);
    await setLinkExpiry(t, expired.shortUrl, new Date(Date.now() - 60_000));
    expect((await page(expired.url)).statusCode).toBe(410);
    expect((await t.request({ method: 'POST', url: `${expired.url}/messages`, payload: { body: 'Hi' } })).statusCode).toBe(410);
  });

  it('answers 410 for a request back in draft, a deleted request and a former contact', async () => {
    const request = await createSentRequest(t, owner);
    const [ada, grace] = request.recipients as [SentRequest['recipients'][0], SentRequest['recipients'][0]];
    await t.db.update(contacts).set({ deletedAt: new Date() }).where(eq(contacts.id, grace.contactId));
    expect((await page(grace.url)).statusCode).toBe(410);
    expect((await save(grace.url, itemOf(request, 'YES_NO').id, true)).statusCode).toBe(410);
    expect((await page(ada.url)).statusCode).toBe(200);
    await t.db.update(questionRequests).set({ status: 'DRAFT' }).where(eq(questionRequests.id, request.requestId));
    expect((await page(ada.url)).statusCode).toBe(410);
    expect((await save(ada.url, itemOf(request, 'YES_NO').id, true)).statusCode).toBe(410);
    await t.db.delete(questionRequests).where(eq(questionRequests.id, request.requestId));
    expect((await page(ada.url)).statusCode).toBe(410);
  });

  it('answers 410 when the workspace turned public links off, and 400 / 404 for malformed and unknown links', async () => {
    const other = await signUpOwner(t);
    const request = await createSentRequest(t, other, { recipients: [{ firstName: 'Ada' }] });
    await t.db.update(workspaces).set({ publicLinksEnabled: false }).where(eq(workspaces.id, other.workspaceId));
    expect((await page(request.recipients[0]!.url)).statusCode).toBe(410);
    expect((await page('/api/v1/public/questions/not-a-link', newIp())).statusCode).toBe(400);
    expect((await page('/api/v1/public/questions/AAAAAAAAAAAAAAAAAAAAAA', newIp())).statusCode).toBe(404);
  });

  it('rate-limits shortUrl guessing: more than 60 misses a minute from one IP → 429', async () => {
    const ip = '198.18.0.7';
    const statuses: number[] = [];
    for (let i = 0; i < 61; i += 1) {
      statuses.push((await page(`/api/v1/public/questions/${'A'.repeat(21)}${String.fromCharCode(65 + (i % 26))}`, ip)).statusCode);
    }
    expect(statuses.slice(0, 60).every((status) => status === 404)).toBe(true);
    expect(statuses[60]).toBe(429);
    const request = await createSentRequest(t, owner, { recipients: [{ firstName: 'Ada' }] });
    // Even a real link is refused from that address for now; another address opens it.
    expect((await page(request.recipients[0]!.url, ip)).statusCode).toBe(429);
    expect((await page(request.recipients[0]!.url, '198.18.0.8')).statusCode).toBe(200);
  });
});

describe('messages from the answer page (issue #10)', () => {
  it('round-trips: the member thread shows the reply, CHAT_REPLY is recorded and a contact event sent', async () => {
    const request = await createSentRequest(t, owner, { recipients: [{ firstName: 'Ada', lastName: 'Lovelace' }] });
    const recipient = request.recipients[0]!;
    const stream = await openWorkspaceEvents(openEventStream, baseUrl, owner);
    const long = `Happy to help. ${'x'.repeat(200)}`;
    const posted = await t.request({ method: 'POST', url: `${recipient.url}/messages`, payload: { body: long } });
    expect(posted.statusCode).toBe(201);
    const message = posted.json().payload;
    expect(message).toMatchObject({ body: long, authorType: 'CONTACT', authorFirstName: null, via: 'LINK', requestId: request.requestId });

    const thread = await findContactThread(t.db, owner.workspaceId, recipient.contactId);
    expect(thread.map((entry) => entry.id)).toEqual([message.id]);
    const event = await stream.next('contact');
    expect(event).not.toBe('timeout');
    expect((event as { data: unknown }).data).toMatchObject({ contactId: recipient.contactId, action: 'message', messageId: message.id });
    const [item] = await t.db
      .select()
      .from(activityItems)
      .where(and(eq(activityItems.kind, 'CHAT_REPLY'), eq(activityItems.contactId, recipient.contactId)));
    expect(item!.subject).toEqual({
      contactId: recipient.contactId,
      contactName: 'Ada Lovelace',
      messageId: message.id,
      excerpt: long.slice(0, 140),
      requestId: request.requestId,
    });
    expect(item!.requestId).toBe(request.requestId);

    // The page shows the thread, members by first name.
    const [reply] = await t.db
      .insert(chatMessages)
      .values({
        workspaceId: owner.workspaceId,
        contactId: recipient.contactId,
        authorType: 'MEMBER',
        authorMemberId: owner.memberId,
        body: 'Thanks!',
        via: 'EMAIL',
        requestId: request.requestId,
      })
      .returning();
    const shown = pageOf(await page(recipient.url)).messages;
    expect(shown.map((entry) => [entry.body, entry.authorFirstName])).toEqual([
      [long, null],
      ['Thanks!', 'Eleanor'],
    ]);
    expect(JSON.stringify(shown)).not.toContain(reply!.authorMemberId!);
  });

  it('is allowed after the request closed, and refuses an empty message', async () => {
    const request = await createSentRequest(t, owner, { recipients: [{ firstName: 'Ada' }] });
    await closeRequest(t, request.requestId);
    const url = `${request.recipients[0]!.url}/messages`;
    expect((await t.request({ method: 'POST', url, payload: { body: 'One more thing' } })).statusCode).toBe(201);
    expect((await t.request({ method: 'POST', url, payload: { body: '   ' } })).statusCode).toBe(400);
  });
});

describe('ANSWER_RECEIVED and live events (issue #10)', () => {
  it('publishes a question event per answer change and records ANSWER_RECEIVED on completion, at most once an hour for changes', async () => {
    const request = await createSentRequest(t, owner, {
      items: [itemsOfEveryKind().YES_NO],
      recipients: [{ firstName: 'Ada', lastName: 'Lovelace' }],
    });
    const recipient = request.recipients[0]!;
    const item = request.items[0]!;
    const stream = await openWorkspaceEvents(openEventStream, baseUrl, owner);
    await save(recipient.url, item.id, true);
    const event = await stream.next('question');
    expect(event).not.toBe('timeout');
    expect((event as { data: unknown }).data).toMatchObject({ requestId: request.requestId, recipientId: recipient.id, action: 'answers' });

    await save(recipient.url, item.id, false);
    await save(recipient.url, item.id, true);
    const items = await t.db
      .select()
      .from(activityItems)
      .where(and(eq(activityItems.kind, 'ANSWER_RECEIVED'), eq(activityItems.requestId, request.requestId)));
    expect(items).toHaveLength(1);
    expect(items[0]!.contactId).toBe(recipient.contactId);
    expect(items[0]!.subject).toEqual({
      requestId: request.requestId,
      title: 'Board prep',
      recipientId: recipient.id,
      contactId: recipient.contactId,
      contactName: 'Ada Lovelace',
      state: 'ANSWERED',
    });
  });

  it('keeps GUESTs from the question event stream', async () => {
    const request = await createSentRequest(t, owner, { items: [itemsOfEveryKind().YES_NO], recipients: [{ firstName: 'Ada' }] });
    const guest = await joinAs(t, owner, 'GUEST');
    const guestStream = await openWorkspaceEvents(openEventStream, baseUrl, guest);
    const ownerStream = await openWorkspaceEvents(openEventStream, baseUrl, owner);
    await save(request.recipients[0]!.url, request.items[0]!.id, true);
    expect(await ownerStream.next('question')).not.toBe('timeout');
    expect(await guestStream.next('question', 500)).toBe('timeout');
  });
});

describe('answers on someone’s behalf (issue #10)', () => {
  it('records answers via MEMBER with who entered them, through the same state rule', async () => {
    const request = await createSentRequest(t, owner, { recipients: [{ firstName: 'Ada' }] });
    const recipient = request.recipients[0]!;
    const url = answerUrls.onBehalf(owner.workspaceId, request.requestId, recipient.id);
    const answers = request.items.map((item) => ({ itemId: item.id, value: goodValues[item.kind] }));
    const response = await t.request({ method: 'PUT', url, payload: { answers } as never, token: owner.token });
    expect(response.statusCode).toBe(200);
    expect(response.json().payload.state).toBe('ANSWERED');
    const rows = await t.db.select().from(questionAnswers).where(eq(questionAnswers.recipientId, recipient.id));
    expect(rows).toHaveLength(request.items.length);
    expect(rows.every((row) => row.via === 'MEMBER' && row.enteredByMemberId === owner.memberId)).toBe(true);
    // The person sees them on their page.
    expect(pageOf(await page(recipient.url)).answers).toHaveLength(request.items.length);
  });

  it('refuses bad values with errorData answers.{itemId}, writing none of the batch', async () => {
    const request = await createSentRequest(t, owner, { recipients: [{ firstName: 'Ada' }] });
    const recipient = request.recipients[0]!;
    const scale = itemOf(request, 'SCALE_1_5');
    const response = await t.request({
      method: 'PUT',
      url: answerUrls.onBehalf(owner.workspaceId, request.requestId, recipient.id),
      payload: {
        answers: [
          { itemId: itemOf(request, 'YES_NO').id, value: true },
          { itemId: scale.id, value: 9 },
        ],
      } as never,
      token: owner.token,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errorData).toEqual({ [`answers.${scale.id}`]: 'Choose a number from 1 to 5.' });
    expect(await t.db.select().from(questionAnswers).where(eq(questionAnswers.recipientId, recipient.id))).toEqual([]);
  });

  it('is for editors only (GUEST and USER 403), 404 from another workspace, 409 once closed', async () => {
    const boss = await signUpOwner(t);
    const request = await createSentRequest(t, boss, { recipients: [{ firstName: 'Ada' }] });
    const recipient = request.recipients[0]!;
    const url = answerUrls.onBehalf(boss.workspaceId, request.requestId, recipient.id);
    const payload = { answers: [{ itemId: itemOf(request, 'YES_NO').id, value: true }] } as never;
    for (const type of ['GUEST', 'USER'] as const) {
      const member = await joinAs(t, boss, type);
      expect((await t.request({ method: 'PUT', url, payload, token: member.token })).statusCode, type).toBe(403);
    }
    const stranger = await signUpOwner(t);
    expect((await t.request({ method: 'PUT', url, payload, token: stranger.token })).statusCode).toBe(404);
    const foreignUrl = answerUrls.onBehalf(stranger.workspaceId, request.requestId, recipient.id);
    expect((await t.request({ method: 'PUT', url: foreignUrl, payload, token: stranger.token })).statusCode).toBe(404);
    expect((await t.request({ method: 'PUT', url, payload, token: boss.token })).statusCode).toBe(200);
    await closeRequest(t, request.requestId);
    expect((await t.request({ method: 'PUT', url, payload, token: boss.token })).statusCode).toBe(409);
  });
});
