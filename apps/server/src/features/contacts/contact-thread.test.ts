import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage, Contact, QuestionItem, TimelineEntry, TimelinePage } from '@tandem/contract';
import { chatMessages, publicLinks, questionAnswers, questionRecipients, questionRequests } from '../../db/schema/index.js';
import { createPublicLink } from '../../public/public-links.js';
import { openWorkspaceEvents, useEventStreams } from '../../test/event-stream.js';
import { createBriefAs, readyBrief } from '../../test/brief-fixtures.js';
import { CLIENT_ID, PUBLIC_URL, uniqueEmail, useTestApp } from '../../test/test-app.js';
import { setUpRoles, type RoleMembers } from '../../test/task-fixtures.js';
import { del, signUpOwner, type SignedInMember } from '../../test/workspace-fixtures.js';

const t = useTestApp();
let roles: RoleMembers;
let baseUrl = '';
const openEventStream = useEventStreams();

beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  roles = await setUpRoles(t);
});

const contactUrl = (member: SignedInMember, contactId: string) => `/api/v1/workspaces/${member.workspaceId}/contacts/${contactId}`;

async function createContactAs(member: SignedInMember, body: Record<string, unknown>): Promise<Contact> {
  const response = await t.post(`/api/v1/workspaces/${member.workspaceId}/contacts`, body, { token: member.token });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ payload: Contact }>().payload;
}

const postMessage = (member: SignedInMember, contactId: string, body: Record<string, unknown>) =>
  t.post(`${contactUrl(member, contactId)}/messages`, body, { token: member.token });

async function readContact(member: SignedInMember, contactId: string): Promise<Contact> {
  const response = await t.get(contactUrl(member, contactId), { token: member.token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ payload: Contact }>().payload;
}

const items: QuestionItem[] = [
  { id: uuidv7(), prompt: 'How is the quarter going?', kind: 'OPEN_TEXT', options: [], required: true },
  { id: uuidv7(), prompt: 'Ready for the board?', kind: 'YES_NO', options: [], required: true },
  { id: uuidv7(), prompt: 'Which regions?', kind: 'MULTI_CHOICE', options: ['EMEA', 'APAC', 'AMER'], required: false },
];

/**
 * A request sent to `contactId` the way the questions feature stores one (rows written directly:
 * the request, the recipient with its public link, and `answers` with their times).
 */
async function sendRequestTo(
  member: SignedInMember,
  contactId: string,
  options: {
    title: string;
    sentAt: Date;
    status?: 'SENT' | 'CLOSED';
    state?: 'PENDING' | 'OPENED' | 'PARTIAL' | 'ANSWERED';
    answers?: { itemIndex: number; value: string | boolean | string[]; late?: boolean }[];
    answeredAt?: Date;
    linkExpiresAt?: Date | null;
  },
): Promise<{ requestId: string; recipientId: string; linkId: string }> {
  const [request] = await t.db
    .insert(questionRequests)
    .values({
      workspaceId: member.workspaceId,
      title: options.title,
      items,
      status: options.status ?? 'SENT',
      sentAt: options.sentAt,
      createdByMemberId: member.memberId,
    })
    .returning({ id: questionRequests.id });
  const recipientId = uuidv7();
  const { publicId } = await createPublicLink(t.db, {
    workspaceId: member.workspaceId,
    subjectType: 'RECIPIENT',
    subjectId: recipientId,
    label: '',
    expiresAt: options.linkExpiresAt ?? null,
    passcode: null,
    createdByMemberId: member.memberId,
  });
  await t.db.insert(questionRecipients).values({
    id: recipientId,
    workspaceId: member.workspaceId,
    requestId: request!.id,
    contactId,
    channel: 'EMAIL',
    linkId: publicId,
    state: options.state ?? 'PENDING',
    sentAt: options.sentAt,
    lastAnsweredAt: options.answers?.length ? options.answeredAt : null,
    sentByMemberId: member.memberId,
  });
  for (const answer of options.answers ?? []) {
    await t.db.insert(questionAnswers).values({
      workspaceId: member.workspaceId,
      requestId: request!.id,
      recipientId,
      itemId: items[answer.itemIndex]!.id,
      value: answer.value,
      late: answer.late ?? false,
      via: 'LINK',
      submittedAt: options.answeredAt,
      updatedAt: options.answeredAt,
    });
  }
  return { requestId: request!.id, recipientId, linkId: publicId };
}

const linkRow = async (linkId: string) => (await t.db.select().from(publicLinks).where(eq(publicLinks.id, linkId)))[0]!;

describe('POST v1/workspaces/{id}/contacts/{contactId}/messages', () => {
  it('keeps the follow-up in the thread, mails it once with their answer link, and tells members live', async () => {
    const assistant = roles.EXECUTIVEASSISTANT;
    const email = uniqueEmail('vp');
    const contact = await createContactAs(assistant, { firstName: 'Vera', lastName: 'Vp', email });
    await sendRequestTo(assistant, contact.id, { title: 'Old request', sentAt: new Date('2026-01-01T10:00:00Z') });
    const newest = await sendRequestTo(assistant, contact.id, { title: 'Board prep <Q3>', sentAt: new Date('2026-02-01T10:00:00Z') });
    const stream = await openWorkspaceEvents(openEventStream, baseUrl, roles.USER);

    const response = await postMessage(assistant, contact.id, { body: '  Could you add <b>numbers</b>?\nThanks  ' });
    expect(response.statusCode, response.body).toBe(201);
    const message = response.json<{ payload: ChatMessage }>().payload;
    expect(message).toMatchObject({
      contactId: contact.id,
      authorType: 'MEMBER',
      member: { memberId: assistant.memberId },
      body: 'Could you add <b>numbers</b>?\nThanks',
      via: 'EMAIL',
      requestId: newest.requestId,
    });

    const event = await stream.next('contact');
    expect(event).not.toBe('timeout');
    expect(event !== 'timeout' && event !== 'end' && event.data).toEqual({
      type: 'contact',
      workspaceId: assistant.workspaceId,
      contactId: contact.id,
      action: 'message',
      messageId: message.id,
      actorMemberId: assistant.memberId,
    });

    expect(await t.mailCount(email)).toBe(1);
    const mail = await t.latestMail(email);
    const link = `${PUBLIC_URL}/q/${newest.linkId}`;
    expect(mail!.subject).toContain('Board prep <Q3>');
    expect(mail!.text).toContain(link);
    expect(mail!.text).toContain('Could you add <b>numbers</b>?');
    expect(mail!.html).toContain(`href="${link}"`);
    expect(mail!.html).toContain('Could you add &lt;b&gt;numbers&lt;/b&gt;?');
    expect(mail!.html).not.toContain('<b>numbers');
    // The job queue never sends a message twice: still one mail once everything has run.
    await t.drainJobs();
    expect(await t.mailCount(email)).toBe(1);
  });

  it('uses the link of the request named, and 404 for a request they were not sent', async () => {
    const owner = roles.OWNER;
    const email = uniqueEmail('pick');
    const contact = await createContactAs(owner, { firstName: 'Pia', email });
    const older = await sendRequestTo(owner, contact.id, { title: 'Older', sentAt: new Date('2026-01-01T10:00:00Z') });
    await sendRequestTo(owner, contact.id, { title: 'Newer', sentAt: new Date('2026-02-01T10:00:00Z') });
    const response = await postMessage(owner, contact.id, { body: 'About the older one', requestId: older.requestId });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().payload.requestId).toBe(older.requestId);
    expect((await t.latestMail(email))!.text).toContain(`${PUBLIC_URL}/q/${older.linkId}`);

    const other = await createContactAs(owner, { firstName: 'Other' });
    const foreign = await sendRequestTo(owner, other.id, { title: 'Not theirs', sentAt: new Date('2026-01-05T10:00:00Z') });
    const notRecipient = await postMessage(owner, contact.id, { body: 'Hi', requestId: foreign.requestId });
    expect(notRecipient.statusCode).toBe(404);
  });

  it('refuses 409 without an active answer link (none, revoked, expired) and for a former contact, writing nothing', async () => {
    const owner = roles.OWNER;
    const email = uniqueEmail('nolink');
    const contact = await createContactAs(owner, { firstName: 'Noa', email });
    const none = await postMessage(owner, contact.id, { body: 'Hello' });
    expect(none.statusCode).toBe(409);
    expect(none.json()).toMatchObject({
      errorCode: 'CONFLICT',
      errorDisplayMessage: expect.stringMatching(/no open answer link.*send them a request first/),
    });

    const expired = await sendRequestTo(owner, contact.id, {
      title: 'Expired',
      sentAt: new Date('2026-01-01T10:00:00Z'),
      linkExpiresAt: new Date(Date.now() - 60_000),
    });
    expect((await postMessage(owner, contact.id, { body: 'Hello' })).statusCode).toBe(409);
    expect((await postMessage(owner, contact.id, { body: 'Hello', requestId: expired.requestId })).statusCode).toBe(409);

    const revoked = await sendRequestTo(owner, contact.id, { title: 'Revoked', sentAt: new Date('2026-01-02T10:00:00Z') });
    await t.db.update(publicLinks).set({ revokedAt: new Date() }).where(eq(publicLinks.id, revoked.linkId));
    expect((await postMessage(owner, contact.id, { body: 'Hello' })).statusCode).toBe(409);

    const messages = await t.db.select().from(chatMessages).where(eq(chatMessages.contactId, contact.id));
    expect(messages).toHaveLength(0);
    expect(await t.mailCount(email)).toBe(0);

    const leaving = await createContactAs(owner, { firstName: 'Leaving' });
    await sendRequestTo(owner, leaving.id, { title: 'Before leaving', sentAt: new Date('2026-01-03T10:00:00Z') });
    expect((await del(t, contactUrl(owner, leaving.id), owner.token)).statusCode).toBe(200);
    const former = await postMessage(owner, leaving.id, { body: 'Hello' });
    expect(former.statusCode).toBe(409);
    expect(former.json().errorDisplayMessage).toMatch(/former contact/);
  });

  it('sends no mail to a person without an email (via LINK) and 400 for an empty message', async () => {
    const owner = roles.OWNER;
    const contact = await createContactAs(owner, { firstName: 'Linky' });
    await sendRequestTo(owner, contact.id, { title: 'By link', sentAt: new Date('2026-01-01T10:00:00Z') });
    const response = await postMessage(owner, contact.id, { body: 'Read this on your page' });
    expect(response.statusCode).toBe(201);
    expect(response.json().payload.via).toBe('LINK');
    const empty = await postMessage(owner, contact.id, { body: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errorData.body).toBe('Write a message.');
  });

  it('answers 404 for another workspace’s person', async () => {
    const stranger = await signUpOwner(t, { firstName: 'Stray' });
    const theirs = await createContactAs(stranger, { firstName: 'Theirs' });
    expect((await postMessage(roles.OWNER, theirs.id, { body: 'Hi' })).statusCode).toBe(404);
    expect((await t.get(`${contactUrl(roles.OWNER, theirs.id)}/timeline`, { token: roles.OWNER.token })).statusCode).toBe(404);
  });
});

describe('DELETE v1/workspaces/{id}/contacts/{contactId} with requests sent', () => {
  it('revokes their answer links and keeps their answers and thread', async () => {
    const owner = roles.OWNER;
    const contact = await createContactAs(owner, { firstName: 'Rex', email: uniqueEmail('rex') });
    const first = await sendRequestTo(owner, contact.id, {
      title: 'Answered',
      sentAt: new Date('2026-01-01T10:00:00Z'),
      state: 'ANSWERED',
      answers: [{ itemIndex: 0, value: 'Fine' }],
      answeredAt: new Date('2026-01-02T10:00:00Z'),
    });
    const second = await sendRequestTo(owner, contact.id, { title: 'Pending', sentAt: new Date('2026-01-03T10:00:00Z') });
    expect((await postMessage(owner, contact.id, { body: 'Before you go' })).statusCode).toBe(201);
    expect((await linkRow(first.linkId)).revokedAt).toBeNull();

    expect((await del(t, contactUrl(owner, contact.id), owner.token)).statusCode).toBe(200);
    for (const linkId of [first.linkId, second.linkId]) {
      const link = await linkRow(linkId);
      expect(link.revokedAt).not.toBeNull();
      expect(link.revokedByMemberId).toBe(owner.memberId);
    }
    expect(await t.db.select().from(questionAnswers).where(eq(questionAnswers.recipientId, first.recipientId))).toHaveLength(1);
    const timeline = await t.get(`${contactUrl(owner, contact.id)}/timeline`, { token: owner.token });
    expect(timeline.statusCode).toBe(200);
    expect(timeline.json<{ payload: TimelinePage }>().payload.items.map((entry) => entry.kind)).toEqual([
      'MESSAGE',
      'REQUEST_SENT',
      'ANSWERS',
      'REQUEST_SENT',
    ]);
    expect((await readContact(owner, contact.id)).deletedAt).not.toBeNull();
  });
});

describe('GET v1/workspaces/{id}/contacts/{contactId}/timeline and the contact’s figures', () => {
  let contact: Contact;
  let answered: { requestId: string; recipientId: string };
  let pending: { requestId: string; recipientId: string };
  const messages: ChatMessage[] = [];

  beforeAll(async () => {
    const assistant = roles.EXECUTIVEASSISTANT;
    contact = await createContactAs(assistant, { firstName: 'Tim', lastName: 'Line', email: uniqueEmail('tim') });
    answered = await sendRequestTo(assistant, contact.id, {
      title: 'Quarter check-in',
      sentAt: new Date('2026-03-01T09:00:00Z'),
      state: 'ANSWERED',
      answers: [
        { itemIndex: 2, value: ['EMEA', 'AMER'], late: true },
        { itemIndex: 0, value: 'Going well' },
        { itemIndex: 1, value: false },
      ],
      answeredAt: new Date('2026-03-02T09:00:00Z'),
    });
    pending = await sendRequestTo(assistant, contact.id, {
      title: 'Board questions',
      sentAt: new Date('2026-03-03T09:00:00Z'),
      state: 'OPENED',
    });
    // A closed request they did not finish is no longer open.
    await sendRequestTo(assistant, contact.id, { title: 'Closed one', sentAt: new Date('2026-02-01T09:00:00Z'), status: 'CLOSED' });
    for (const body of ['First follow-up', 'Second follow-up', 'Third follow-up']) {
      const response = await postMessage(assistant, contact.id, { body });
      expect(response.statusCode, response.body).toBe(201);
      messages.push(response.json().payload);
    }
  });

  it('shows openRequests and lastAnsweredAt on the person and in the list', async () => {
    const read = await readContact(roles.USER, contact.id);
    expect(read.openRequests).toBe(1);
    expect(read.lastAnsweredAt).toBe('2026-03-02T09:00:00.000Z');
    const list = await t.get(`/api/v1/workspaces/${roles.USER.workspaceId}/contacts?q=tim`, { token: roles.USER.token });
    expect(list.json().payload.items).toEqual([read]);
  });

  it('merges requests sent, answers and messages, newest first, with the details of each', async () => {
    const response = await t.get(`${contactUrl(roles.USER, contact.id)}/timeline`, { token: roles.USER.token });
    expect(response.statusCode, response.body).toBe(200);
    const entries = response.json<{ payload: TimelinePage }>().payload.items;
    expect(entries.map((entry) => entry.kind)).toEqual([
      'MESSAGE',
      'MESSAGE',
      'MESSAGE',
      'REQUEST_SENT',
      'ANSWERS',
      'REQUEST_SENT',
      'REQUEST_SENT',
    ]);
    expect(entries.slice(0, 3).map((entry) => entry.kind === 'MESSAGE' && entry.message.body)).toEqual([
      'Third follow-up',
      'Second follow-up',
      'First follow-up',
    ]);
    expect(entries[3]).toMatchObject({
      kind: 'REQUEST_SENT',
      at: '2026-03-03T09:00:00.000Z',
      requestId: pending.requestId,
      requestTitle: 'Board questions',
      recipientId: pending.recipientId,
      sentBy: { memberId: roles.EXECUTIVEASSISTANT.memberId },
    });
    expect(entries[4]).toEqual({
      kind: 'ANSWERS',
      id: `answers:${answered.recipientId}`,
      at: '2026-03-02T09:00:00.000Z',
      requestId: answered.requestId,
      requestTitle: 'Quarter check-in',
      recipientId: answered.recipientId,
      answers: [
        { itemId: items[0]!.id, prompt: 'How is the quarter going?', text: 'Going well', late: false },
        { itemId: items[1]!.id, prompt: 'Ready for the board?', text: 'No', late: false },
        { itemId: items[2]!.id, prompt: 'Which regions?', text: 'EMEA; AMER', late: true },
      ],
    } satisfies TimelineEntry);
    expect(entries.at(-1)).toMatchObject({ kind: 'REQUEST_SENT', requestTitle: 'Closed one' });
  });

  it('shows no ANSWERS entry for a recipient whose answers were all cleared', async () => {
    const owner = roles.OWNER;
    const cleared = await createContactAs(owner, { firstName: 'Cleo' });
    const sent = await sendRequestTo(owner, cleared.id, {
      title: 'Cleared',
      sentAt: new Date('2026-04-01T09:00:00Z'),
      answers: [{ itemIndex: 0, value: 'Draft answer' }],
      answeredAt: new Date('2026-04-02T09:00:00Z'),
    });
    await t.db.delete(questionAnswers).where(eq(questionAnswers.recipientId, sent.recipientId));
    const page: TimelinePage = (await t.get(`${contactUrl(owner, cleared.id)}/timeline`, { token: owner.token })).json().payload;
    expect(page.items.map((entry) => entry.kind)).toEqual(['REQUEST_SENT']);
  });

  it('pages with a cursor that never repeats or skips, and refuses a cursor of another person', async () => {
    const all = (await t.get(`${contactUrl(roles.USER, contact.id)}/timeline`, { token: roles.USER.token })).json().payload
      .items as TimelineEntry[];
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const url: string = `${contactUrl(roles.USER, contact.id)}/timeline?limit=3${cursor ? `&cursor=${cursor}` : ''}`;
      const page: TimelinePage = (await t.get(url, { token: roles.USER.token })).json().payload;
      seen.push(...page.items.map((entry) => entry.id));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor);
    expect(seen).toEqual(all.map((entry) => entry.id));
    expect(pages).toBe(3);

    const firstPage: TimelinePage = (
      await t.get(`${contactUrl(roles.USER, contact.id)}/timeline?limit=1`, { token: roles.USER.token })
    ).json().payload;
    const other = await createContactAs(roles.OWNER, { firstName: 'Else' });
    const foreign = await t.get(`${contactUrl(roles.USER, other.id)}/timeline?cursor=${firstPage.nextCursor}`, { token: roles.USER.token });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errorData).toHaveProperty('cursor');
  });
});

describe('`event: contact` on GET v1/workspaces/{id}/events', () => {
  it('tells members who may see people of every change, and a GUEST nothing', async () => {
    const assistant = roles.EXECUTIVEASSISTANT;
    const userStream = await openWorkspaceEvents(openEventStream, baseUrl, roles.USER);
    const guestStream = await openEventStream(`${baseUrl}/api/v1/workspaces/${roles.GUEST.workspaceId}/events`, {
      authorization: `Bearer ${roles.GUEST.token}`,
      'x-client-id': CLIENT_ID,
    });
    expect(guestStream.response.status).toBe(200);
    const contact = await createContactAs(assistant, { firstName: 'Eve', lastName: 'Events' });
    const patched = await t.request({
      method: 'PATCH',
      url: contactUrl(assistant, contact.id),
      payload: { title: 'COO' },
      token: assistant.token,
    });
    expect(patched.statusCode).toBe(200);
    expect((await del(t, contactUrl(assistant, contact.id), assistant.token)).statusCode).toBe(200);
    const expected = (action: 'created' | 'updated' | 'deleted') => ({
      type: 'contact',
      workspaceId: assistant.workspaceId,
      contactId: contact.id,
      action,
      messageId: null,
      actorMemberId: assistant.memberId,
    });
    for (const action of ['created', 'updated', 'deleted'] as const) {
      const event = await userStream.next('contact');
      expect(event !== 'timeout' && event !== 'end' ? event.data : event).toEqual(expected(action));
    }
    // A READY brief is the guest's sentinel: every event before it is read, and none is a contact's.
    const sentinel = await createBriefAs(t, assistant, { title: 'Sentinel' });
    expect((await readyBrief(t, assistant, sentinel.id, 1)).statusCode).toBe(200);
    const seen: string[] = [];
    for (;;) {
      const event = await guestStream.next();
      if (event === 'timeout' || event === 'end') throw new Error(`the guest's stream stopped: ${event}`);
      if (event.event === 'brief') break;
      if (event.event) seen.push(event.event);
    }
    expect(seen).not.toContain('contact');
  });

  it('announces each contact of a small import, and nothing for a refused one', async () => {
    const owner = roles.OWNER;
    const stream = await openWorkspaceEvents(openEventStream, baseUrl, roles.EXECUTIVE);
    const refused = await t.post(
      `/api/v1/workspaces/${owner.workspaceId}/contacts/import`,
      { csv: 'firstName,email\nBad,nope\n', dryRun: false },
      { token: owner.token },
    );
    expect(refused.statusCode).toBe(400);
    const imported = await t.post(
      `/api/v1/workspaces/${owner.workspaceId}/contacts/import`,
      { csv: 'firstName\nImp One\nImp Two\n', dryRun: false },
      { token: owner.token },
    );
    expect(imported.statusCode, imported.body).toBe(200);
    const ids = imported.json().payload.rows.map((row: { contactId: string }) => row.contactId);
    for (const contactId of ids) {
      const event = await stream.next('contact');
      expect(event !== 'timeout' && event !== 'end' ? event.data : event).toMatchObject({ contactId, action: 'created' });
    }
  });
});
