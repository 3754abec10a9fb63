import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { QuestionRequestDetailSchema, QuestionRequestPageSchema, type QuestionRequestListItem } from '@tandem/contract';
import { questionRequests } from '../../db/schema/index.js';
import { useTestApp } from '../../test/test-app.js';
import { setUpRoles, type RoleMembers } from '../../test/task-fixtures.js';
import { signUpOwner, type SignedInMember } from '../../test/workspace-fixtures.js';
import {
  createRequestAs,
  getRequestAs,
  insertContact,
  patchRequest,
  postRequest,
  requestUrls,
  sampleItems,
  sentRequestAs,
} from '../../test/request-fixtures.js';

const t = useTestApp();
let roles: RoleMembers;

beforeAll(async () => {
  roles = await setUpRoles(t);
});

const deleteAs = (member: SignedInMember, requestId: string, version: number | string) =>
  t.request({ method: 'DELETE', url: `${requestUrls.request(member.workspaceId, requestId)}?version=${version}`, token: member.token });

describe('POST, GET, PATCH, DELETE v1/workspaces/{id}/question-requests', () => {
  it('creates a DRAFT with defaults and server-assigned item ids, and reads it back', async () => {
    const assistant = roles.EXECUTIVEASSISTANT;
    const vp = await insertContact(t, assistant.workspaceId);
    const response = await postRequest(t, assistant, { title: '  Q3 numbers ', items: sampleItems, contactIds: [vp.id, vp.id] });
    expect(response.statusCode, response.body).toBe(201);
    const created = QuestionRequestDetailSchema.parse(response.json().payload);
    expect(created).toMatchObject({
      title: 'Q3 numbers',
      context: '',
      status: 'DRAFT',
      version: 1,
      channel: 'EMAIL',
      timeZone: 'UTC',
      remindAfterDays: 2,
      dueDate: null,
      contactIds: [vp.id],
      progress: { total: 0, PENDING: 0, OPENED: 0, PARTIAL: 0, ANSWERED: 0 },
      createdBy: { memberId: assistant.memberId },
      recipients: [],
      answers: [],
    });
    expect(created.items.map((item) => [item.kind, item.required, item.options])).toEqual([
      ['OPEN_TEXT', true, []],
      ['SINGLE_CHOICE', true, ['EMEA', 'Americas', 'APAC']],
      ['YES_NO', false, []],
    ]);
    expect(new Set(created.items.map((item) => item.id)).size).toBe(3);
    const read = await getRequestAs(t, roles.USER, created.id);
    expect(read.statusCode).toBe(200);
    expect(read.json().payload).toEqual(created);
  });

  it.each([
    ['no title', { title: '   ' }, 'title'],
    ['a title too long', { title: 'x'.repeat(201) }, 'title'],
    ['no items when items are sent', { items: [] }, 'items'],
    ['21 items', { items: Array.from({ length: 21 }, (_, index) => ({ prompt: `Q${index}`, kind: 'OPEN_TEXT' })) }, 'items'],
    ['an empty prompt', { items: [{ prompt: ' ', kind: 'OPEN_TEXT' }] }, 'items'],
    ['a choice with one option', { items: [{ prompt: 'Pick', kind: 'SINGLE_CHOICE', options: ['A'] }] }, 'items'],
    ['a choice with repeated options', { items: [{ prompt: 'Pick', kind: 'MULTI_CHOICE', options: ['A', 'a'] }] }, 'items'],
    ['options on a scale', { items: [{ prompt: 'Rate', kind: 'SCALE_1_5', options: ['1', '2'] }] }, 'items'],
    ['an unknown kind', { items: [{ prompt: 'Rate', kind: 'STARS' }] }, 'items'],
    [
      'two items with one id',
      {
        items: [
          { id: '0190b2a0-0000-7000-8000-000000000001', prompt: 'A', kind: 'YES_NO' },
          { id: '0190b2a0-0000-7000-8000-000000000001', prompt: 'B', kind: 'YES_NO' },
        ],
      },
      'items',
    ],
    ['a bad due date', { dueDate: '2026-02-30' }, 'dueDate'],
    ['an unknown time zone', { timeZone: 'Mars/Olympus' }, 'timeZone'],
    ['reminders after 31 days', { remindAfterDays: 31 }, 'remindAfterDays'],
    // Issue #12: SLACK ("Slack where possible") is a channel now; a person's own channel must be for someone asked.
    ['a channel of someone not asked', { recipientChannels: { '0190b2a0-0000-7000-8000-000000000001': 'EMAIL' } }, 'recipientChannels'],
    [
      '101 people',
      { contactIds: Array.from({ length: 101 }, (_, i) => `0190b2a0-0000-7000-8000-${String(i).padStart(12, '0')}`) },
      'contactIds',
    ],
  ])('refuses %s with 400 naming the field and writes nothing', async (_case, body, field) => {
    const assistant = roles.EXECUTIVEASSISTANT;
    const before = await t.db.select().from(questionRequests).where(eq(questionRequests.workspaceId, assistant.workspaceId));
    const response = await postRequest(t, assistant, body);
    expect(response.statusCode, response.body).toBe(400);
    expect(Object.keys(response.json().errorData).map((key) => key.split('.')[0])).toContain(field);
    const after = await t.db.select().from(questionRequests).where(eq(questionRequests.workspaceId, assistant.workspaceId));
    expect(after.length).toBe(before.length);
  });

  it('refuses contacts of another workspace or deleted ones with 400 errorData.contactIds naming them', async () => {
    const assistant = roles.EXECUTIVEASSISTANT;
    const stranger = await signUpOwner(t);
    const foreign = await insertContact(t, stranger.workspaceId);
    const former = await insertContact(t, assistant.workspaceId, { deletedAt: new Date() });
    const mine = await insertContact(t, assistant.workspaceId);
    const response = await postRequest(t, assistant, { contactIds: [mine.id, foreign.id, former.id] });
    expect(response.statusCode).toBe(400);
    const message: string = response.json().errorData.contactIds;
    expect(message).toContain(foreign.id);
    expect(message).toContain(former.id);
    expect(message).not.toContain(mine.id);
  });

  it('keeps the ids of items sent back, gives new ones fresh ids, and bumps the version', async () => {
    const assistant = roles.EXECUTIVEASSISTANT;
    const draft = await createRequestAs(t, assistant, { items: sampleItems });
    const [first, , third] = draft.items;
    const response = await patchRequest(t, assistant, draft.id, {
      version: draft.version,
      title: 'Renamed',
      items: [
        { ...third!, prompt: 'Ready for the board meeting?' },
        { id: first!.id, prompt: first!.prompt, kind: 'OPEN_TEXT' },
        { prompt: 'Rate the quarter', kind: 'SCALE_1_5' },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    const updated = QuestionRequestDetailSchema.parse(response.json().payload);
    expect(updated.version).toBe(2);
    expect(updated.title).toBe('Renamed');
    expect(updated.items.map((item) => item.id).slice(0, 2)).toEqual([third!.id, first!.id]);
    expect(updated.items[2]!.id).not.toBe(draft.items[1]!.id);
    expect(updated.items[0]!.prompt).toBe('Ready for the board meeting?');
  });

  it('answers a stale version with 409 VERSION_CONFLICT carrying the current request, and changes nothing', async () => {
    const assistant = roles.EXECUTIVEASSISTANT;
    const draft = await createRequestAs(t, assistant);
    await patchRequest(t, roles.EXECUTIVE, draft.id, { version: 1, title: 'First edit' });
    const stale = await patchRequest(t, assistant, draft.id, { version: 1, title: 'Second edit' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ errorCode: 'VERSION_CONFLICT', current: { id: draft.id, title: 'First edit', version: 2 } });
    const staleDelete = await deleteAs(assistant, draft.id, 1);
    expect(staleDelete.statusCode).toBe(409);
    expect((await getRequestAs(t, assistant, draft.id)).json().payload.title).toBe('First edit');
  });

  it('writes nothing for a save that changes nothing', async () => {
    const draft = await createRequestAs(t, roles.EXECUTIVEASSISTANT, { title: 'Same' });
    const response = await patchRequest(t, roles.EXECUTIVEASSISTANT, draft.id, { version: 1, title: 'Same' });
    expect(response.json().payload.version).toBe(1);
  });

  it('once sent, lets only title, context, due date and reminders change (409 for the rest)', async () => {
    const assistant = roles.EXECUTIVEASSISTANT;
    const vp = await insertContact(t, assistant.workspaceId);
    const sent = await sentRequestAs(t, assistant, [vp.id]);
    for (const change of [{ items: [{ prompt: 'New', kind: 'OPEN_TEXT' }] }, { channel: 'EMAIL' }, { timeZone: 'Europe/Paris' }]) {
      const response = await patchRequest(t, assistant, sent.id, { version: sent.version, ...change });
      expect(response.statusCode, JSON.stringify(change)).toBe(409);
      expect(response.json().errorCode).toBe('CONFLICT');
    }
    const allowed = await patchRequest(t, assistant, sent.id, {
      version: sent.version,
      title: 'Board prep (updated)',
      context: 'Numbers by Friday, please.',
      remindAfterDays: 3,
    });
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect(allowed.json().payload).toMatchObject({ title: 'Board prep (updated)', remindAfterDays: 3, version: sent.version + 1 });
  });

  it('deletes a DRAFT only; a sent request must be closed instead', async () => {
    const assistant = roles.EXECUTIVEASSISTANT;
    const draft = await createRequestAs(t, assistant);
    const deleted = await deleteAs(assistant, draft.id, draft.version);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await getRequestAs(t, assistant, draft.id)).statusCode).toBe(404);
    const vp = await insertContact(t, assistant.workspaceId);
    const sent = await sentRequestAs(t, assistant, [vp.id]);
    const refused = await deleteAs(assistant, sent.id, sent.version);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errorDisplayMessage).toContain('Close it instead; the answers are kept.');
    expect((await getRequestAs(t, assistant, sent.id)).statusCode).toBe(200);
  });
});

describe('permissions and tenancy (PRODUCT §6)', () => {
  it('lets a USER read but not write, and refuses a GUEST everything with 403', async () => {
    const draft = await createRequestAs(t, roles.EXECUTIVEASSISTANT);
    const { USER: user, GUEST: guest } = roles;
    expect((await getRequestAs(t, user, draft.id)).statusCode).toBe(200);
    expect((await t.get(requestUrls.requests(user.workspaceId), { token: user.token })).statusCode).toBe(200);
    expect((await postRequest(t, user, {})).statusCode).toBe(403);
    expect((await patchRequest(t, user, draft.id, { version: 1, title: 'Mine' })).statusCode).toBe(403);
    expect((await deleteAs(user, draft.id, 1)).statusCode).toBe(403);
    expect((await t.post(requestUrls.send(user.workspaceId, draft.id), { version: 1 }, { token: user.token })).statusCode).toBe(403);
    expect((await t.post(requestUrls.close(user.workspaceId, draft.id), { version: 1 }, { token: user.token })).statusCode).toBe(403);
    expect((await t.get(requestUrls.csv(user.workspaceId, draft.id), { token: user.token })).statusCode).toBe(200);
    expect((await getRequestAs(t, guest, draft.id)).statusCode).toBe(403);
    expect((await t.get(requestUrls.requests(guest.workspaceId), { token: guest.token })).statusCode).toBe(403);
    expect((await t.get(requestUrls.waitingOn(guest.workspaceId), { token: guest.token })).statusCode).toBe(403);
    expect((await t.get(requestUrls.csv(guest.workspaceId, draft.id), { token: guest.token })).statusCode).toBe(403);
  });

  it("answers 404 for another workspace's request on every route", async () => {
    const draft = await createRequestAs(t, roles.EXECUTIVEASSISTANT);
    const stranger = await signUpOwner(t);
    const theirs = (url: string) => url.replace(roles.OWNER.workspaceId, stranger.workspaceId);
    const as = { token: stranger.token };
    expect((await t.get(theirs(requestUrls.request(roles.OWNER.workspaceId, draft.id)), as)).statusCode).toBe(404);
    expect((await t.get(theirs(requestUrls.csv(roles.OWNER.workspaceId, draft.id)), as)).statusCode).toBe(404);
    expect((await t.post(theirs(requestUrls.send(roles.OWNER.workspaceId, draft.id)), { version: 1 }, as)).statusCode).toBe(404);
    expect((await t.post(theirs(requestUrls.close(roles.OWNER.workspaceId, draft.id)), { version: 1 }, as)).statusCode).toBe(404);
    expect((await patchRequest(t, stranger, draft.id, { version: 1, title: 'Taken' })).statusCode).toBe(404);
    expect((await deleteAs(stranger, draft.id, 1)).statusCode).toBe(404);
    // And a stranger cannot reach the workspace at all.
    expect((await t.get(requestUrls.request(roles.OWNER.workspaceId, draft.id), as)).statusCode).toBe(404);
  });
});

describe('GET v1/workspaces/{id}/question-requests', () => {
  let owner: SignedInMember;
  beforeAll(async () => {
    owner = await signUpOwner(t);
    const contacts = await Promise.all([insertContact(t, owner.workspaceId), insertContact(t, owner.workspaceId)]);
    await createRequestAs(t, owner, { title: 'Budget review', dueDate: '2030-03-01' });
    await createRequestAs(t, owner, { title: 'Hiring plan', contactIds: [contacts[0]!.id] });
    const sent = await sentRequestAs(t, owner, [contacts[0]!.id, contacts[1]!.id], { title: 'Board deck', dueDate: '2030-01-15' });
    await t.post(
      requestUrls.close(owner.workspaceId, (await sentRequestAs(t, owner, [contacts[1]!.id], { title: 'Offsite' })).id),
      {
        version: 2,
      },
      { token: owner.token },
    );
    void sent;
  });

  const list = async (query: Record<string, string | number>) => {
    const response = await t.get(
      `${requestUrls.requests(owner.workspaceId)}?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))}`,
      {
        token: owner.token,
      },
    );
    expect(response.statusCode, response.body).toBe(200);
    return QuestionRequestPageSchema.parse(response.json().payload);
  };
  const titles = (items: QuestionRequestListItem[]) => items.map((item) => item.title);

  it('lists newest first with item counts and progress per state', async () => {
    const page = await list({});
    expect(titles(page.items)).toEqual(['Offsite', 'Board deck', 'Hiring plan', 'Budget review']);
    const board = page.items.find((item) => item.title === 'Board deck')!;
    expect(board).toMatchObject({ status: 'SENT', itemCount: 3, progress: { total: 2, PENDING: 2, OPENED: 0, PARTIAL: 0, ANSWERED: 0 } });
  });

  it('filters by status, title prefix and contact', async () => {
    expect(titles((await list({ status: 'DRAFT' })).items)).toEqual(['Hiring plan', 'Budget review']);
    expect(titles((await list({ status: 'SENT,CLOSED' })).items)).toEqual(['Offsite', 'Board deck']);
    expect(titles((await list({ q: 'bud rev' })).items)).toEqual(['Budget review']);
    expect(titles((await list({ q: 'deck' })).items)).toEqual(['Board deck']);
    const board = (await list({ q: 'board' })).items[0]!;
    const detail = (await getRequestAs(t, owner, board.id)).json().payload;
    expect(titles((await list({ contactId: detail.contactIds[0] })).items)).toEqual(['Board deck', 'Hiring plan']);
  });

  it('sorts by title and by due date (none last) and pages with cursors without repeats', async () => {
    expect(titles((await list({ sort: 'title' })).items)).toEqual(['Board deck', 'Budget review', 'Hiring plan', 'Offsite']);
    const byDue = titles((await list({ sort: 'dueDate' })).items);
    expect(byDue.slice(0, 2)).toEqual(['Board deck', 'Budget review']);
    for (const sort of ['updatedAt', 'title', 'dueDate']) {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const page: { items: QuestionRequestListItem[]; nextCursor: string | null } = await list({
          sort,
          limit: 1,
          ...(cursor ? { cursor } : {}),
        });
        seen.push(...titles(page.items));
        cursor = page.nextCursor;
      } while (cursor);
      expect(seen, sort).toEqual(titles((await list({ sort })).items));
    }
  });

  it('refuses a cursor of another filter with 400 errorData.cursor', async () => {
    const first = await list({ limit: 1 });
    const response = await t.get(`${requestUrls.requests(owner.workspaceId)}?status=DRAFT&cursor=${first.nextCursor}`, {
      token: owner.token,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errorData).toHaveProperty('cursor');
    // The right list and filters, but a sort key that is not an instant: 400, not a database error.
    const [listName, fingerprint, , id] = JSON.parse(Buffer.from(first.nextCursor!, 'base64url').toString('utf8'));
    const forged = Buffer.from(JSON.stringify([listName, fingerprint, 'not a date', id])).toString('base64url');
    const forgedResponse = await t.get(`${requestUrls.requests(owner.workspaceId)}?cursor=${forged}`, { token: owner.token });
    expect(forgedResponse.statusCode).toBe(400);
  });
});
