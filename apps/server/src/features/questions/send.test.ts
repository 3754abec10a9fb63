import { and, eq, inArray } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_WORKING_HOURS, QuestionRequestDetailSchema, RecipientSchema, type QuestionRequestDetail } from '@tandem/contract';
import { contacts, publicLinks, questionAnswers, questionRecipients, questionRequests, workspaces } from '../../db/schema/index.js';
import { recordPublicLinkView } from '../../public/public-links-views.js';
import { PUBLIC_URL, useTestApp } from '../../test/test-app.js';
import { setUpRoles, type RoleMembers } from '../../test/task-fixtures.js';
import { signUpOwner, urls } from '../../test/workspace-fixtures.js';
import {
  createRequestAs,
  getRequestAs,
  insertContact,
  patchRequest,
  requestUrls,
  sampleItems,
  sendRequestAs,
  sentRequestAs,
} from '../../test/request-fixtures.js';

const t = useTestApp();
let roles: RoleMembers;

beforeAll(async () => {
  roles = await setUpRoles(t);
});

const detailOf = (response: { statusCode: number; body: string; json: () => { payload: unknown } }): QuestionRequestDetail => {
  expect(response.statusCode, response.body).toBe(200);
  return QuestionRequestDetailSchema.parse(response.json().payload);
};

const linkRows = (ids: string[]) => t.db.select().from(publicLinks).where(inArray(publicLinks.id, ids));

describe('POST …/question-requests/{requestId}/send', () => {
  it('refuses a request without questions or people, EMAIL to people without an email, and a second send', async () => {
    const assistant = roles.EXECUTIVEASSISTANT;
    const vp = await insertContact(t, assistant.workspaceId);
    const noEmail = await insertContact(t, assistant.workspaceId, { firstName: 'Nora', lastName: 'Nomail', email: null });

    const empty = await createRequestAs(t, assistant, { contactIds: [vp.id] });
    const noItems = await sendRequestAs(t, assistant, empty.id, empty.version);
    expect(noItems.statusCode).toBe(400);
    expect(noItems.json().errorData).toHaveProperty('items');

    const nobody = await createRequestAs(t, assistant, { items: sampleItems });
    const noPeople = await sendRequestAs(t, assistant, nobody.id, nobody.version);
    expect(noPeople.statusCode).toBe(400);
    expect(noPeople.json().errorData).toHaveProperty('contactIds');

    const mailed = await createRequestAs(t, assistant, { items: sampleItems, contactIds: [vp.id, noEmail.id], channel: 'EMAIL' });
    const missing = await sendRequestAs(t, assistant, mailed.id, mailed.version);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errorData.contactIds).toContain('Nora Nomail');
    const unchanged = detailOf(await getRequestAs(t, assistant, mailed.id));
    expect(unchanged).toMatchObject({ status: 'DRAFT', version: 1, recipients: [] });

    const sent = await sentRequestAs(t, assistant, [vp.id]);
    const again = await sendRequestAs(t, assistant, sent.id, sent.version);
    expect(again.statusCode).toBe(409);
    expect(again.json().errorCode).toBe('CONFLICT');
    const stale = await sendRequestAs(t, assistant, sent.id, 1);
    expect(stale.json().errorCode).toBe('VERSION_CONFLICT');
    expect(await t.db.select().from(questionRecipients).where(eq(questionRecipients.requestId, sent.id))).toHaveLength(1);
  });

  it('creates one recipient and one active link per contact, expiring 14 days after the due date ends in the request zone', async () => {
    const assistant = roles.EXECUTIVEASSISTANT;
    const [a, b] = await Promise.all([insertContact(t, assistant.workspaceId), insertContact(t, assistant.workspaceId)]);
    // Due Friday 8 March 2030 in New York: it ends at midnight EST (05:00 UTC); 14 days later
    // daylight-saving time has begun (10 March), so the local midnight is 04:00 UTC.
    const sent = await sentRequestAs(t, assistant, [a!.id, b!.id], { dueDate: '2030-03-08', timeZone: 'America/New_York' });
    expect(sent).toMatchObject({ status: 'SENT', version: 2, progress: { total: 2, PENDING: 2 } });
    expect(sent.sentAt).not.toBeNull();
    expect(sent.recipients.map((recipient) => recipient.contact.id).sort()).toEqual([a!.id, b!.id].sort());
    for (const recipient of sent.recipients) {
      expect(recipient).toMatchObject({
        channel: 'LINK',
        state: 'PENDING',
        link: { expiresAt: '2030-03-23T04:00:00.000Z', revokedAt: null, isActive: true, viewCount: 0 },
      });
      expect(recipient.link.shortUrl).toMatch(/^[0-9A-Za-z]{22}$/);
      expect(recipient.link.url).toBe(`${PUBLIC_URL}/q/${recipient.link.shortUrl}`);
    }
    const links = await linkRows(sent.recipients.map((recipient) => recipient.link.shortUrl));
    expect(links.map((link) => [link.subjectType, link.label]).sort()).toEqual(
      [
        ['RECIPIENT', `${a!.firstName} ${a!.lastName}`],
        ['RECIPIENT', `${b!.firstName} ${b!.lastName}`],
      ].sort(),
    );
    expect(new Set(links.map((link) => link.subjectId))).toEqual(new Set(sent.recipients.map((recipient) => recipient.id)));
  });

  it('without a due date, links expire 90 days after sending; a new due date moves the links not revoked', async () => {
    const assistant = roles.EXECUTIVEASSISTANT;
    const [a, b] = await Promise.all([insertContact(t, assistant.workspaceId), insertContact(t, assistant.workspaceId)]);
    const sent = await sentRequestAs(t, assistant, [a!.id, b!.id]);
    const ninetyDays = Date.parse(sent.sentAt!) + 90 * 24 * 3_600_000;
    for (const recipient of sent.recipients) expect(Date.parse(recipient.link.expiresAt!)).toBe(ninetyDays);
    const [kept, revoked] = sent.recipients;
    await t.post(requestUrls.revoke(assistant.workspaceId, sent.id, revoked!.id), {}, { token: assistant.token });
    const moved = detailOf(
      await patchRequest(t, assistant, sent.id, { version: sent.version, dueDate: '2030-06-30', timeZone: undefined }),
    );
    // 30 June 2030 ends at midnight UTC (the default zone); + 14 days.
    expect(moved.recipients.find((recipient) => recipient.id === kept!.id)!.link.expiresAt).toBe('2030-07-15T00:00:00.000Z');
    expect(moved.recipients.find((recipient) => recipient.id === revoked!.id)!.link.expiresAt).toBe(revoked!.link.expiresAt);
  });

  it('mails each EMAIL recipient their own link once, and mails nobody for LINK', async () => {
    const assistant = roles.EXECUTIVEASSISTANT;
    const [a, b] = await Promise.all([insertContact(t, assistant.workspaceId), insertContact(t, assistant.workspaceId)]);
    const sent = await sentRequestAs(t, assistant, [a!.id, b!.id], {
      title: 'Q3 <numbers>',
      context: 'For the board on Friday.',
      channel: 'EMAIL',
      dueDate: '2030-03-08',
    });
    for (const contact of [a!, b!]) {
      const recipient = sent.recipients.find((candidate) => candidate.contact.id === contact.id)!;
      const mail = await t.latestMail(contact.email!);
      expect(mail?.subject).toMatch(/ asks: Q3 <numbers>$/);
      expect(mail?.text).toContain(recipient.link.url);
      expect(mail?.text).toContain('3 questions');
      expect(mail?.text).toContain('Friday, March 8, 2030');
      expect(mail?.html).toContain(`href="${recipient.link.url}"`);
      expect(mail?.html).toContain('Answer the questions');
      expect(mail?.html).toContain('Q3 &lt;numbers&gt;');
      const other = sent.recipients.find((candidate) => candidate.id !== recipient.id)!;
      expect(mail?.text).not.toContain(other.link.shortUrl);
      expect(await t.mailCount(contact.email!)).toBe(1);
    }
    const c = await insertContact(t, assistant.workspaceId);
    await sentRequestAs(t, assistant, [c.id], { channel: 'LINK' });
    expect(await t.mailCount(c.email!)).toBe(0);
  });

  it('answers 409 when the workspace has public links turned off, and sends nothing', async () => {
    const owner = await signUpOwner(t);
    const vp = await insertContact(t, owner.workspaceId);
    await t.db.update(workspaces).set({ publicLinksEnabled: false }).where(eq(workspaces.id, owner.workspaceId));
    const draft = await createRequestAs(t, owner, { items: sampleItems, contactIds: [vp.id], channel: 'EMAIL' });
    const response = await sendRequestAs(t, owner, draft.id, draft.version);
    expect(response.statusCode).toBe(409);
    expect(detailOf(await getRequestAs(t, owner, draft.id))).toMatchObject({ status: 'DRAFT', recipients: [] });
    expect(await t.mailCount(vp.email!)).toBe(0);
  });
});

describe('plan limit (PRODUCT §8)', () => {
  it('refuses the 6th active request on FREE with 402 PLAN_LIMIT; closing one makes room; usage counts SENT requests', async () => {
    const owner = await signUpOwner(t);
    const vp = await insertContact(t, owner.workspaceId);
    const sent: QuestionRequestDetail[] = [];
    for (let index = 0; index < 5; index += 1) sent.push(await sentRequestAs(t, owner, [vp.id], { title: `Request ${index}` }));
    const usage = async () => (await t.get(urls.subscription(owner.workspaceId), { token: owner.token })).json().payload.usage;
    expect((await usage()).activeQuestionRequests).toBe(5);

    const sixth = await createRequestAs(t, owner, { items: sampleItems, contactIds: [vp.id], channel: 'LINK' });
    const refused = await sendRequestAs(t, owner, sixth.id, sixth.version);
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toMatchObject({
      errorCode: 'PLAN_LIMIT',
      errorDisplayMessage: 'Your FREE plan allows 5 active question requests. Close one or upgrade the plan to send this one.',
    });
    expect(detailOf(await getRequestAs(t, owner, sixth.id))).toMatchObject({ status: 'DRAFT', version: 1, recipients: [] });

    const closed = await t.post(requestUrls.close(owner.workspaceId, sent[0]!.id), { version: sent[0]!.version }, { token: owner.token });
    expect(detailOf(closed)).toMatchObject({ status: 'CLOSED', version: sent[0]!.version + 1 });
    expect(detailOf(closed).closedAt).not.toBeNull();
    expect((await usage()).activeQuestionRequests).toBe(4);
    expect((await sendRequestAs(t, owner, sixth.id, sixth.version)).statusCode).toBe(200);
    expect((await usage()).activeQuestionRequests).toBe(5);
  });

  it('counts exactly under concurrent sends: one of two racing 5th/6th sends is refused', async () => {
    const owner = await signUpOwner(t);
    const vp = await insertContact(t, owner.workspaceId);
    for (let index = 0; index < 4; index += 1) await sentRequestAs(t, owner, [vp.id]);
    const drafts = await Promise.all(
      [0, 1].map(() => createRequestAs(t, owner, { items: sampleItems, contactIds: [vp.id], channel: 'LINK' })),
    );
    const results = await Promise.all(drafts.map((draft) => sendRequestAs(t, owner, draft.id, draft.version)));
    expect(results.map((response) => response.statusCode).sort()).toEqual([200, 402]);
    const active = await t.db
      .select()
      .from(questionRequests)
      .where(and(eq(questionRequests.workspaceId, owner.workspaceId), eq(questionRequests.status, 'SENT')));
    expect(active).toHaveLength(5);
  });
});

describe('recipients: add, close, revoke, access log', () => {
  it('adds new people to a SENT request through the same send, ignoring those already asked', async () => {
    const assistant = roles.EXECUTIVEASSISTANT;
    const [a, b] = await Promise.all([insertContact(t, assistant.workspaceId), insertContact(t, assistant.workspaceId)]);
    const draft = await createRequestAs(t, assistant, { items: sampleItems, contactIds: [a!.id], channel: 'EMAIL' });
    const early = await t.post(
      requestUrls.recipients(assistant.workspaceId, draft.id),
      { contactIds: [b!.id] },
      { token: assistant.token },
    );
    expect(early.statusCode).toBe(409);
    const sent = detailOf(await sendRequestAs(t, assistant, draft.id, draft.version));
    const added = detailOf(
      await t.post(requestUrls.recipients(assistant.workspaceId, sent.id), { contactIds: [a!.id, b!.id] }, { token: assistant.token }),
    );
    expect(added.recipients).toHaveLength(2);
    expect(added.contactIds.sort()).toEqual([a!.id, b!.id].sort());
    expect(await t.mailCount(a!.email!)).toBe(1);
    expect(await t.mailCount(b!.email!)).toBe(1);
    const user = await t.post(requestUrls.recipients(assistant.workspaceId, sent.id), { contactIds: [b!.id] }, { token: roles.USER.token });
    expect(user.statusCode).toBe(403);
  });

  it('keeps a request at 100 people in all: adding past it is refused with 400 and writes nothing', async () => {
    const owner = await signUpOwner(t);
    const first = await insertContact(t, owner.workspaceId);
    const sent = await sentRequestAs(t, owner, [first.id]);
    const more = await t.db
      .insert(contacts)
      .values(
        Array.from({ length: 100 }, (_, index) => ({
          workspaceId: owner.workspaceId,
          firstName: `Extra${index}`,
          email: `extra${index}-${sent.id}@example.test`,
          workingHours: DEFAULT_WORKING_HOURS,
        })),
      )
      .returning({ id: contacts.id });
    const url = requestUrls.recipients(owner.workspaceId, sent.id);
    const refused = await t.post(url, { contactIds: more.map((row) => row.id) }, { token: owner.token });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errorData).toHaveProperty('contactIds');
    expect(await t.db.select().from(questionRecipients).where(eq(questionRecipients.requestId, sent.id))).toHaveLength(1);
    const fits = await t.post(url, { contactIds: more.slice(0, 99).map((row) => row.id) }, { token: owner.token });
    expect(detailOf(fits).recipients).toHaveLength(100);
  });

  it('refuses to move the due date of a sent request so far back that its links would be expired', async () => {
    const assistant = roles.EXECUTIVEASSISTANT;
    const vp = await insertContact(t, assistant.workspaceId);
    const sent = await sentRequestAs(t, assistant, [vp.id]);
    const response = await patchRequest(t, assistant, sent.id, { version: sent.version, dueDate: '2020-01-01' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errorData).toHaveProperty('dueDate');
  });

  it('closes a SENT request once; a closed one cannot change or take more people', async () => {
    const assistant = roles.EXECUTIVEASSISTANT;
    const vp = await insertContact(t, assistant.workspaceId);
    const sent = await sentRequestAs(t, assistant, [vp.id]);
    const closed = detailOf(
      await t.post(requestUrls.close(assistant.workspaceId, sent.id), { version: sent.version }, { token: assistant.token }),
    );
    expect(closed.status).toBe('CLOSED');
    const again = await t.post(requestUrls.close(assistant.workspaceId, sent.id), { version: closed.version }, { token: assistant.token });
    expect(again.statusCode).toBe(409);
    expect((await patchRequest(t, assistant, sent.id, { version: closed.version, title: 'Late edit' })).statusCode).toBe(409);
    const other = await insertContact(t, assistant.workspaceId);
    expect(
      (await t.post(requestUrls.recipients(assistant.workspaceId, sent.id), { contactIds: [other.id] }, { token: assistant.token }))
        .statusCode,
    ).toBe(409);
    const draft = await createRequestAs(t, assistant);
    expect((await t.post(requestUrls.close(assistant.workspaceId, draft.id), { version: 1 }, { token: assistant.token })).statusCode).toBe(
      409,
    );
  });

  it('revokes a recipient link (USER 403, unknown recipient 404) and shows its access log newest first', async () => {
    const assistant = roles.EXECUTIVEASSISTANT;
    const [a, b] = await Promise.all([insertContact(t, assistant.workspaceId), insertContact(t, assistant.workspaceId)]);
    const sent = await sentRequestAs(t, assistant, [a!.id, b!.id]);
    const [first, second] = sent.recipients;
    for (const ip of ['203.0.113.9', '198.51.100.7', '2001:db8:abcd:12::1']) {
      await recordPublicLinkView(t.db, { linkId: first!.link.shortUrl, workspaceId: assistant.workspaceId, ip, userAgent: undefined });
    }
    const viewsUrl = requestUrls.views(assistant.workspaceId, sent.id, first!.id);
    const page1 = await t.get(`${viewsUrl}?limit=2`, { token: roles.USER.token });
    expect(page1.statusCode, page1.body).toBe(200);
    expect(page1.json().payload.items.map((view: { ipPrefix: string }) => view.ipPrefix)).toEqual([
      '2001:db8:abcd::/48',
      '198.51.100.0/24',
    ]);
    const page2 = await t.get(`${viewsUrl}?limit=2&cursor=${page1.json().payload.nextCursor}`, { token: roles.USER.token });
    expect(page2.json().payload).toEqual({ items: [expect.objectContaining({ ipPrefix: '203.0.113.0/24' })], nextCursor: null });
    expect(detailOf(await getRequestAs(t, assistant, sent.id)).recipients.find((r) => r.id === first!.id)!.link.viewCount).toBe(3);

    const revokeUrl = requestUrls.revoke(assistant.workspaceId, sent.id, first!.id);
    expect((await t.post(revokeUrl, {}, { token: roles.USER.token })).statusCode).toBe(403);
    const revoked = await t.post(revokeUrl, {}, { token: assistant.token });
    expect(revoked.statusCode, revoked.body).toBe(200);
    const recipient = RecipientSchema.parse(revoked.json().payload);
    expect(recipient.link).toMatchObject({ isActive: false });
    expect(recipient.link.revokedAt).not.toBeNull();
    const [row] = await linkRows([first!.link.shortUrl]);
    expect(row!.revokedAt).not.toBeNull();
    expect(row!.revokedByMemberId).toBe(assistant.memberId);
    const [untouched] = await linkRows([second!.link.shortUrl]);
    expect(untouched!.revokedAt).toBeNull();

    const other = await sentRequestAs(t, assistant, [a!.id]);
    // A recipient of another request is not found under this one.
    expect((await t.post(requestUrls.revoke(assistant.workspaceId, other.id, second!.id), {}, { token: assistant.token })).statusCode).toBe(
      404,
    );
    expect((await t.get(requestUrls.views(assistant.workspaceId, other.id, second!.id), { token: assistant.token })).statusCode).toBe(404);
  });
});

describe('GET …/question-requests/{requestId}/answers.csv', () => {
  it('exports one row per recipient and one column per question, quoted, with formulas neutralised', async () => {
    const assistant = roles.EXECUTIVEASSISTANT;
    const ann = await insertContact(t, assistant.workspaceId, { firstName: 'Ann', lastName: 'Lee', company: 'Lee, "Inc."' });
    const bob = await insertContact(t, assistant.workspaceId, { firstName: '=HYPERLINK("x")', lastName: 'Roe' });
    const sent = await sentRequestAs(t, assistant, [ann.id, bob.id], {
      title: 'Q3: numbers / board?',
      items: [
        { prompt: 'Revenue comment', kind: 'OPEN_TEXT' },
        { prompt: 'Regions', kind: 'MULTI_CHOICE', options: ['EMEA', 'APAC', 'Americas'] },
        { prompt: 'Ready?', kind: 'YES_NO' },
      ],
    });
    const annRecipient = sent.recipients.find((recipient) => recipient.contact.id === ann.id)!;
    const [open, multi, yesNo] = sent.items;
    const answer = (itemId: string, value: string | string[] | boolean) => ({
      workspaceId: assistant.workspaceId,
      requestId: sent.id,
      recipientId: annRecipient.id,
      itemId,
      value,
      via: 'LINK' as const,
    });
    await t.db
      .insert(questionAnswers)
      .values([
        answer(open!.id, '-12% in EMEA, "flat" elsewhere\nsee deck'),
        answer(multi!.id, ['EMEA', 'Americas']),
        answer(yesNo!.id, true),
      ]);
    await t.db
      .update(questionRecipients)
      .set({ state: 'ANSWERED', completedAt: new Date('2030-01-02T03:04:05.000Z') })
      .where(eq(questionRecipients.id, annRecipient.id));

    const response = await t.get(requestUrls.csv(assistant.workspaceId, sent.id), { token: roles.USER.token });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="q3-numbers-board-answers.csv"');
    expect(response.body).toContain('"Lee, ""Inc."""');
    const rows: string[][] = parse(response.body);
    expect(rows[0]).toEqual([
      'First name',
      'Last name',
      'Email',
      'Company',
      'State',
      'Completed at',
      'Revenue comment',
      'Regions',
      'Ready?',
    ]);
    expect(rows).toHaveLength(3);
    expect(rows.find((row) => row[0] === 'Ann')).toEqual([
      'Ann',
      'Lee',
      ann.email,
      'Lee, "Inc."',
      'Answered',
      '2030-01-02T03:04:05.000Z',
      '\'-12% in EMEA, "flat" elsewhere\nsee deck',
      'EMEA; Americas',
      'Yes',
    ]);
    expect(rows.find((row) => row[1] === 'Roe')).toEqual([`'=HYPERLINK("x")`, 'Roe', bob.email, 'Acme', 'Not opened', '', '', '', '']);
  });
});
