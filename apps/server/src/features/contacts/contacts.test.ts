import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_WORKING_HOURS, type Contact, type ContactPage } from '@tandem/contract';
import { useTestApp } from '../../test/test-app.js';
import { setUpRoles, type RoleMembers } from '../../test/task-fixtures.js';
import { del, patch, signUpOwner, type SignedInMember } from '../../test/workspace-fixtures.js';

const t = useTestApp();
let roles: RoleMembers;

const contactsUrl = (member: SignedInMember) => `/api/v1/workspaces/${member.workspaceId}/contacts`;
const contactUrl = (member: SignedInMember, contactId: string) => `${contactsUrl(member)}/${contactId}`;

const postContact = (member: SignedInMember, body: Record<string, unknown>) => t.post(contactsUrl(member), body, { token: member.token });

async function createContactAs(member: SignedInMember, body: Record<string, unknown>): Promise<Contact> {
  const response = await postContact(member, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ payload: Contact }>().payload;
}

async function listPage(member: SignedInMember, query: Record<string, string | number> = {}): Promise<ContactPage> {
  const search = new URLSearchParams(Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]));
  const response = await t.get(`${contactsUrl(member)}${search.size > 0 ? `?${search}` : ''}`, { token: member.token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ payload: ContactPage }>().payload;
}

const names = (page: ContactPage) => page.items.map((contact) => `${contact.firstName} ${contact.lastName}`);

beforeAll(async () => {
  roles = await setUpRoles(t);
});

describe('POST/GET/PATCH/DELETE v1/workspaces/{id}/contacts', () => {
  it('creates a person with the defaults, reads, changes and deletes them', async () => {
    const assistant = roles.EXECUTIVEASSISTANT;
    const created = await createContactAs(assistant, { firstName: ' Dana ', lastName: 'Vale', email: 'Dana.Vale@Example.COM' });
    expect(created).toMatchObject({
      firstName: 'Dana',
      lastName: 'Vale',
      email: 'dana.vale@example.com',
      title: '',
      company: '',
      timeZone: 'UTC',
      workingHours: DEFAULT_WORKING_HOURS,
      slackUserId: null,
      notes: '',
      tags: [],
      openRequests: 0,
      lastAnsweredAt: null,
      deletedAt: null,
    });

    const read = await t.get(contactUrl(assistant, created.id), { token: roles.USER.token });
    expect(read.statusCode).toBe(200);
    expect(read.json().payload).toEqual(created);

    const changed = await patch(
      t,
      contactUrl(assistant, created.id),
      {
        title: 'CFO',
        timeZone: 'Europe/Paris',
        workingHours: { start: '08:30', end: '16:00', days: [1, 2, 3, 4] },
        tags: ['board', 'board', 'finance'],
        email: null,
      },
      assistant.token,
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().payload).toMatchObject({
      firstName: 'Dana',
      title: 'CFO',
      timeZone: 'Europe/Paris',
      workingHours: { start: '08:30', end: '16:00', days: [1, 2, 3, 4] },
      tags: ['board', 'finance'],
      email: null,
    });

    expect((await del(t, contactUrl(assistant, created.id), assistant.token)).statusCode).toBe(200);
    const former = await t.get(contactUrl(assistant, created.id), { token: assistant.token });
    expect(former.statusCode).toBe(200);
    expect(former.json().payload.deletedAt).not.toBeNull();
    expect(names(await listPage(assistant, { q: 'dana' }))).toEqual([]);
    // A former person can no longer be changed or deleted.
    expect((await patch(t, contactUrl(assistant, created.id), { title: 'x' }, assistant.token)).statusCode).toBe(404);
    expect((await del(t, contactUrl(assistant, created.id), assistant.token)).statusCode).toBe(404);
  });

  it('answers 400 per field for bad input and writes nothing', async () => {
    const owner = roles.OWNER;
    const before = (await listPage(owner, { limit: 100 })).items.length;
    const response = await postContact(owner, {
      firstName: '',
      email: 'not-an-email',
      timeZone: 'Mars/Olympus',
      workingHours: { start: '17:00', end: '09:00', days: [1] },
      tags: ['x'.repeat(41)],
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.errorCode).toBe('VALIDATION_FAILED');
    expect(Object.keys(body.errorData).sort()).toEqual(['email', 'firstName', 'tags.0', 'timeZone', 'workingHours.end'].sort());
    expect(body.errorData.firstName).toBe('Enter a first name.');
    expect((await listPage(owner, { limit: 100 })).items).toHaveLength(before);

    const contact = await createContactAs(owner, { firstName: 'Pat' });
    const badPatch = await patch(
      t,
      contactUrl(owner, contact.id),
      { firstName: '  ', workingHours: { start: '07', end: '17:00', days: [] } },
      owner.token,
    );
    expect(badPatch.statusCode).toBe(400);
    expect(Object.keys(badPatch.json().errorData).sort()).toEqual(['firstName', 'workingHours.days', 'workingHours.start']);
  });

  it('keeps an email to one current person per workspace, case-insensitively (409 EMAIL_TAKEN)', async () => {
    const owner = roles.OWNER;
    const first = await createContactAs(owner, { firstName: 'Sam', email: 'sam@acme.test' });
    for (const email of ['sam@acme.test', 'SAM@Acme.Test']) {
      const taken = await postContact(owner, { firstName: 'Other', email });
      expect(taken.statusCode).toBe(409);
      expect(taken.json()).toMatchObject({ errorCode: 'EMAIL_TAKEN', errorData: { email: expect.stringContaining('sam@acme.test') } });
    }
    const other = await createContactAs(owner, { firstName: 'Other', email: 'other@acme.test' });
    const clash = await patch(t, contactUrl(owner, other.id), { email: 'Sam@acme.test' }, owner.token);
    expect(clash.statusCode).toBe(409);
    expect(clash.json().errorCode).toBe('EMAIL_TAKEN');
    // Saving one's own email again is no clash.
    expect((await patch(t, contactUrl(owner, first.id), { email: 'SAM@acme.test', title: 'CEO' }, owner.token)).statusCode).toBe(200);
    // Once Sam is a former contact, the email is free again.
    expect((await del(t, contactUrl(owner, first.id), owner.token)).statusCode).toBe(200);
    expect((await postContact(owner, { firstName: 'New Sam', email: 'sam@acme.test' })).statusCode).toBe(201);
  });

  it('answers 404 for another workspace’s person and for a workspace the caller is not in', async () => {
    const stranger = await signUpOwner(t, { firstName: 'Stan' });
    const theirs = await createContactAs(stranger, { firstName: 'Theirs' });
    const owner = roles.OWNER;
    const foreignUrl = `${contactsUrl(owner)}/${theirs.id}`;
    expect((await t.get(foreignUrl, { token: owner.token })).statusCode).toBe(404);
    expect((await patch(t, foreignUrl, { title: 'x' }, owner.token)).statusCode).toBe(404);
    expect((await del(t, foreignUrl, owner.token)).statusCode).toBe(404);
    expect((await t.get(contactsUrl(stranger), { token: owner.token })).statusCode).toBe(404);
    expect((await t.get(contactUrl(stranger, theirs.id), { token: stranger.token })).statusCode).toBe(200);
  });

  it('refuses a GUEST every route (403) and a USER every write (403)', async () => {
    const contact = await createContactAs(roles.OWNER, { firstName: 'Guarded' });
    const { GUEST: guest, USER: user } = roles;
    const guestCalls = [
      t.get(contactsUrl(guest), { token: guest.token }),
      t.get(contactUrl(guest, contact.id), { token: guest.token }),
      t.get(`${contactUrl(guest, contact.id)}/timeline`, { token: guest.token }),
      t.get(`${contactsUrl(guest)}/export.csv`, { token: guest.token }),
      postContact(guest, { firstName: 'No' }),
    ];
    for (const response of await Promise.all(guestCalls)) expect(response.statusCode).toBe(403);

    expect((await t.get(contactUrl(user, contact.id), { token: user.token })).statusCode).toBe(200);
    const userWrites = [
      postContact(user, { firstName: 'No' }),
      patch(t, contactUrl(user, contact.id), { title: 'x' }, user.token),
      del(t, contactUrl(user, contact.id), user.token),
      t.post(`${contactsUrl(user)}/import`, { csv: 'firstName\nA', dryRun: true }, { token: user.token }),
      t.post(`${contactUrl(user, contact.id)}/messages`, { body: 'Hello' }, { token: user.token }),
    ];
    for (const response of await Promise.all(userWrites)) {
      expect(response.statusCode).toBe(403);
      expect(response.json().errorCode).toBe('FORBIDDEN');
    }
    expect((await t.get(contactUrl(user, contact.id), { token: user.token })).json().payload.title).toBe('');
  });
});

describe('GET v1/workspaces/{id}/contacts (search and pages)', () => {
  let member: SignedInMember;

  beforeAll(async () => {
    member = await signUpOwner(t, { firstName: 'Lena' });
    const people = [
      { firstName: 'Ada', lastName: 'Byron', email: 'ada@analytical.test', company: 'Analytical Engines', tags: ['vip', 'board'] },
      { firstName: 'Grace', lastName: 'Hopper', email: 'grace@navy.test', company: 'US Navy', tags: ['compilers'] },
      { firstName: 'Alan', lastName: 'Turing', email: 'alan@bletchley.test', company: 'Bletchley Park', tags: ['Board'] },
      { firstName: 'Édith', lastName: 'Piaf', company: 'Olympia', tags: [] },
      { firstName: 'Ada', lastName: 'Adams', email: 'ada.adams@foo.test', company: 'Foo', tags: ['North-America'] },
    ];
    for (const person of people) await createContactAs(member, person);
  });

  it('sorts by last name, first name and pages with a cursor that never repeats or skips', async () => {
    const all = await listPage(member, { limit: 100 });
    expect(names(all)).toEqual(['Ada Adams', 'Ada Byron', 'Grace Hopper', 'Édith Piaf', 'Alan Turing']);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await listPage(member, { limit: 2, ...(cursor ? { cursor } : {}) });
      seen.push(...names(page));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor);
    expect(seen).toEqual(names(all));
    expect(pages).toBe(3);
  });

  it('finds people by prefixes of name, email, company and tag words', async () => {
    expect(names(await listPage(member, { q: 'ad' }))).toEqual(['Ada Adams', 'Ada Byron']);
    expect(names(await listPage(member, { q: 'hop' }))).toEqual(['Grace Hopper']);
    expect(names(await listPage(member, { q: 'bletch' }))).toEqual(['Alan Turing']);
    expect(names(await listPage(member, { q: 'grace@navy' }))).toEqual(['Grace Hopper']);
    expect(names(await listPage(member, { q: 'analyt eng' }))).toEqual(['Ada Byron']);
    expect(names(await listPage(member, { q: 'édith' }))).toEqual(['Édith Piaf']);
    // Tags are matched apart from the search vector, case-insensitively, as prefixes.
    expect(names(await listPage(member, { q: 'compil' }))).toEqual(['Grace Hopper']);
    expect(names(await listPage(member, { q: 'boa' }))).toEqual(['Ada Byron', 'Alan Turing']);
    expect(names(await listPage(member, { q: 'north' }))).toEqual(['Ada Adams']);
    // Every word must match somewhere: a name word and a tag word together.
    expect(names(await listPage(member, { q: 'ada vip' }))).toEqual(['Ada Byron']);
    expect(names(await listPage(member, { q: 'zzz' }))).toEqual([]);
    // `tag` is an exact filter.
    expect(names(await listPage(member, { tag: 'board' }))).toEqual(['Ada Byron']);
    expect(names(await listPage(member, { tag: 'boar' }))).toEqual([]);
  });

  it('refuses a cursor of another list (400 errorData.cursor)', async () => {
    const page = await listPage(member, { limit: 1 });
    const response = await t.get(`${contactsUrl(member)}?limit=1&q=ada&cursor=${page.nextCursor}`, { token: member.token });
    expect(response.statusCode).toBe(400);
    expect(response.json().errorData).toHaveProperty('cursor');
  });
});

describe('two saves racing for one email', () => {
  it('lets one win and answers the other 409 EMAIL_TAKEN (the unique index), never 500', async () => {
    const owner = roles.OWNER;
    const responses = await Promise.all(
      ['Race@one.test', 'race@ONE.test', 'race@one.test'].map((email, index) => postContact(owner, { firstName: `Racer ${index}`, email })),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409, 409]);
    for (const response of responses.filter((candidate) => candidate.statusCode === 409)) {
      expect(response.json()).toMatchObject({ errorCode: 'EMAIL_TAKEN', errorData: { email: expect.stringContaining('race@one.test') } });
    }
  });
});
