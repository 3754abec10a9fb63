import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { DASHBOARD_LIST_LIMIT, DashboardSchema, WaitingOnPageSchema, type WaitingOn } from '@tandem/contract';
import { contacts, questionAnswers, questionRecipients } from '../../db/schema/index.js';
import { openWorkspaceEvents, useEventStreams } from '../../test/event-stream.js';
import { useTestApp } from '../../test/test-app.js';
import { setUpRoles, type RoleMembers } from '../../test/task-fixtures.js';
import { signUpOwner, type SignedInMember } from '../../test/workspace-fixtures.js';
import { todayIn } from '../../lib/calendar-days.js';
import {
  createRequestAs,
  insertContact,
  patchRequest,
  requestUrls,
  sendRequestAs,
  sentRequestAs,
  sampleItems,
} from '../../test/request-fixtures.js';
import { daysOverdue } from './waiting-on.js';

const t = useTestApp();
let roles: RoleMembers;
let baseUrl = '';

beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  roles = await setUpRoles(t);
});

const DAY_MS = 24 * 3_600_000;

/** The calendar date `days` days from today in `timeZone`. */
function dayIn(timeZone: string, days: number): string {
  return todayIn(timeZone, new Date(Date.now() + days * DAY_MS));
}

const setRecipient = (id: string, values: Partial<typeof questionRecipients.$inferInsert>) =>
  t.db.update(questionRecipients).set(values).where(eq(questionRecipients.id, id));

describe('daysOverdue', () => {
  it('counts whole calendar days past the due date in the request zone', () => {
    const now = new Date('2030-03-10T03:00:00Z');
    expect(daysOverdue('2030-03-09', 'UTC', now)).toBe(1);
    // Still 9 March in New York at that instant: due today, not overdue.
    expect(daysOverdue('2030-03-09', 'America/New_York', now)).toBe(0);
    expect(daysOverdue('2030-03-01', 'Asia/Tokyo', now)).toBe(9);
    expect(daysOverdue('2030-03-20', 'UTC', now)).toBe(0);
    expect(daysOverdue(null, 'UTC', now)).toBe(0);
  });

  it("works a zone's today out again for every new instant (remembered per zone for one instant only)", () => {
    expect(daysOverdue('2030-03-09', 'America/New_York', new Date('2030-03-10T03:00:00Z'))).toBe(0);
    expect(daysOverdue('2030-03-09', 'America/New_York', new Date('2030-03-10T06:00:00Z'))).toBe(1);
    expect(daysOverdue('2030-03-09', 'America/New_York', new Date('2030-03-12T06:00:00Z'))).toBe(3);
    expect(daysOverdue('2030-03-09', 'America/New_York', new Date('2030-03-10T03:00:00Z'))).toBe(0);
  });
});

describe('GET v1/workspaces/{id}/waiting-on and the dashboard', () => {
  let items: WaitingOn[] = [];
  let names: Record<string, string> = {};

  beforeAll(async () => {
    const assistant = roles.EXECUTIVEASSISTANT;
    const people = await Promise.all(
      ['Ada', 'Ben', 'Cy', 'Dee', 'Eve', 'Fay'].map((firstName) => insertContact(t, assistant.workspaceId, { firstName, lastName: 'VP' })),
    );
    const [ada, ben, cy, dee, eve, fay] = people as [typeof contacts.$inferSelect, ...(typeof contacts.$inferSelect)[]];
    names = Object.fromEntries(people.map((person) => [person.id, person.firstName]));
    const overdue = await sentRequestAs(t, assistant, [ada.id, ben!.id, cy!.id], {
      title: 'Overdue numbers',
      dueDate: dayIn('America/Los_Angeles', -3),
      timeZone: 'America/Los_Angeles',
    });
    const later = await sentRequestAs(t, assistant, [dee!.id, eve!.id], { title: 'Later', dueDate: dayIn('UTC', 10) });
    const closed = await sentRequestAs(t, assistant, [fay!.id], { title: 'Closed one' });
    await t.post(requestUrls.close(assistant.workspaceId, closed.id), { version: closed.version }, { token: assistant.token });
    await createRequestAs(t, assistant, { title: 'Draft', items: sampleItems, contactIds: [fay!.id] });
    const byContact = (request: typeof overdue, contactId: string) => request.recipients.find((r) => r.contact.id === contactId)!;
    // Sent times: Ben oldest, then Ada, then Dee; Cy answered; Eve's link revoked; Dee's contact
    // deleted later.
    await setRecipient(byContact(overdue, ben!.id).id, { sentAt: new Date(Date.now() - 5 * DAY_MS), state: 'OPENED' });
    await setRecipient(byContact(overdue, ada.id).id, { sentAt: new Date(Date.now() - 4 * DAY_MS), state: 'PARTIAL' });
    await setRecipient(byContact(overdue, cy!.id).id, {
      state: 'ANSWERED',
      lastAnsweredAt: new Date(Date.now() - 2 * 3_600_000),
      completedAt: new Date(),
    });
    await t.db.insert(questionAnswers).values({
      workspaceId: assistant.workspaceId,
      requestId: overdue.id,
      recipientId: byContact(overdue, cy!.id).id,
      itemId: overdue.items[0]!.id,
      value: 'Late but here',
      late: true,
      via: 'LINK',
    });
    await setRecipient(byContact(later, dee!.id).id, {
      sentAt: new Date(Date.now() - 3 * DAY_MS),
      lastAnsweredAt: new Date(Date.now() - DAY_MS),
      state: 'PARTIAL',
    });
    await setRecipient(byContact(later, eve!.id).id, { lastAnsweredAt: new Date(Date.now() - 8 * DAY_MS) });
    await t.post(requestUrls.revoke(assistant.workspaceId, later.id, byContact(later, eve!.id).id), {}, { token: assistant.token });
    const response = await t.get(requestUrls.waitingOn(assistant.workspaceId), { token: roles.USER.token });
    expect(response.statusCode, response.body).toBe(200);
    items = WaitingOnPageSchema.parse(response.json().payload).items;
  });

  it('lists unfinished recipients of SENT requests with an active link, oldest first, with days overdue', () => {
    expect(items.map((item) => names[item.contact.id])).toEqual(['Ben', 'Ada', 'Dee']);
    // The channel tells the app whether Tandem can remind them (only EMAIL recipients are mailed).
    expect(items.map((item) => item.channel)).toEqual(['LINK', 'LINK', 'LINK']);
    expect(items.map((item) => [item.requestTitle, item.state, item.daysOverdue])).toEqual([
      ['Overdue numbers', 'OPENED', 3],
      ['Overdue numbers', 'PARTIAL', 3],
      ['Later', 'PARTIAL', 0],
    ]);
  });

  it('pages with a cursor', async () => {
    const assistant = roles.EXECUTIVEASSISTANT;
    const first = await t.get(`${requestUrls.waitingOn(assistant.workspaceId)}?limit=2`, { token: assistant.token });
    const page1 = WaitingOnPageSchema.parse(first.json().payload);
    expect(page1.items.map((item) => names[item.contact.id])).toEqual(['Ben', 'Ada']);
    const second = await t.get(`${requestUrls.waitingOn(assistant.workspaceId)}?limit=2&cursor=${page1.nextCursor}`, {
      token: assistant.token,
    });
    expect(WaitingOnPageSchema.parse(second.json().payload)).toMatchObject({ items: [{ requestTitle: 'Later' }], nextCursor: null });
  });

  it("fills the dashboard's Waiting on and New answers for the assistant, and nothing for a GUEST", async () => {
    const dashboardOf = async (member: SignedInMember) => {
      const response = await t.get(`/api/v1/workspaces/${member.workspaceId}/dashboard`, { token: member.token });
      expect(response.statusCode, response.body).toBe(200);
      return DashboardSchema.parse(response.json().payload);
    };
    const mine = await dashboardOf(roles.EXECUTIVEASSISTANT);
    expect(mine.waitingOn.map((item) => names[item.contact.id])).toEqual(['Ben', 'Ada', 'Dee']);
    expect(mine.totals.waitingOn).toBe(3);
    // Cy (2 hours ago, late) then Dee (yesterday); Eve answered 8 days ago: too old.
    expect(mine.newAnswers.map((item) => [names[item.contact.id], item.state, item.late])).toEqual([
      ['Cy', 'ANSWERED', true],
      ['Dee', 'PARTIAL', false],
    ]);
    expect(mine.totals.newAnswers).toBe(2);
    const guest = await dashboardOf(roles.GUEST);
    expect([guest.waitingOn, guest.newAnswers, guest.totals.waitingOn, guest.totals.newAnswers]).toEqual([[], [], 0, 0]);

    const dee = mine.waitingOn.find((item) => names[item.contact.id] === 'Dee')!;
    await t.db.update(contacts).set({ deletedAt: new Date() }).where(eq(contacts.id, dee.contact.id));
    const after = await dashboardOf(roles.EXECUTIVEASSISTANT);
    expect(after.waitingOn.map((item) => names[item.contact.id])).toEqual(['Ben', 'Ada']);
    expect(after.newAnswers.find((item) => item.contact.id === dee.contact.id)?.contact.isFormer).toBe(true);
  });
});

describe("the dashboard's Waiting on and New answers past their first rows", () => {
  it(`show the first ${DASHBOARD_LIST_LIMIT} each while their totals count them all`, async () => {
    const owner = await signUpOwner(t);
    const count = DASHBOARD_LIST_LIMIT + 2;
    const people = await Promise.all(
      Array.from({ length: count }, (_, n) => insertContact(t, owner.workspaceId, { firstName: `Person${n}`, lastName: 'VP' })),
    );
    const request = await sentRequestAs(
      t,
      owner,
      people.map((person) => person.id),
    );
    // Answered within the week, newest first by index; unfinished, so still waited on too.
    for (const [n, recipient] of request.recipients.entries()) {
      await setRecipient(recipient.id, { state: 'PARTIAL', lastAnsweredAt: new Date(Date.now() - (count - n) * 60_000) });
    }
    const response = await t.get(`/api/v1/workspaces/${owner.workspaceId}/dashboard`, { token: owner.token });
    expect(response.statusCode, response.body).toBe(200);
    const dashboard = DashboardSchema.parse(response.json().payload);
    expect(dashboard.waitingOn).toHaveLength(DASHBOARD_LIST_LIMIT);
    expect(dashboard.newAnswers).toHaveLength(DASHBOARD_LIST_LIMIT);
    expect(dashboard.newAnswers[0]!.recipientId).toBe(request.recipients.at(-1)!.id);
    expect([dashboard.totals.waitingOn, dashboard.totals.newAnswers]).toEqual([count, count]);
  });
});

describe('`event: question` on GET v1/workspaces/{id}/events', () => {
  const openEventStream = useEventStreams();

  it('tells members live when a request is created, edited, sent, has a link revoked, is closed or deleted', async () => {
    const assistant = roles.EXECUTIVEASSISTANT;
    const stream = await openWorkspaceEvents(openEventStream, baseUrl, roles.USER);
    const next = async () => {
      const event = await stream.next('question');
      return event === 'timeout' || event === 'end' ? event : event.data;
    };
    const vp = await insertContact(t, assistant.workspaceId);
    const draft = await createRequestAs(t, assistant, { items: sampleItems, contactIds: [vp.id], channel: 'LINK' });
    const base = {
      type: 'question',
      workspaceId: assistant.workspaceId,
      requestId: draft.id,
      recipientId: null,
      actorMemberId: assistant.memberId,
    };
    expect(await next()).toEqual({ ...base, action: 'created', version: 1 });
    await patchRequest(t, assistant, draft.id, { version: 1, title: 'Renamed' });
    expect(await next()).toEqual({ ...base, action: 'updated', version: 2 });
    await sendRequestAs(t, assistant, draft.id, 2);
    expect(await next()).toEqual({ ...base, action: 'sent', version: 3 });
    const sent = (await t.get(requestUrls.request(assistant.workspaceId, draft.id), { token: assistant.token })).json().payload;
    await t.post(requestUrls.revoke(assistant.workspaceId, draft.id, sent.recipients[0].id), {}, { token: assistant.token });
    expect(await next()).toEqual({ ...base, action: 'recipient', version: 3, recipientId: sent.recipients[0].id });
    await t.post(requestUrls.close(assistant.workspaceId, draft.id), { version: 3 }, { token: assistant.token });
    expect(await next()).toEqual({ ...base, action: 'closed', version: 4 });
    const other = await createRequestAs(t, assistant);
    expect(await next()).toMatchObject({ action: 'created', requestId: other.id });
    await t.request({ method: 'DELETE', url: `${requestUrls.request(assistant.workspaceId, other.id)}?version=1`, token: assistant.token });
    expect(await next()).toMatchObject({ action: 'deleted', requestId: other.id, version: 1 });
  });
});
