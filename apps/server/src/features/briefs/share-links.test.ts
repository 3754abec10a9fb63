import { and, eq, like, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { PublicBriefSchema, type ShareLink } from '@tandem/contract';
import { auditEvents, authThrottles, briefs, publicLinks, type StoredBriefSection } from '../../db/schema/index.js';
import { createPublicId } from '../../public/public-ids.js';
import { LINK_INACTIVE_MESSAGE } from '../../public/public-scope.js';
import { setUpRoles, type RoleMembers } from '../../test/task-fixtures.js';
import { useTestApp } from '../../test/test-app.js';
import { signUpOwner, type SignedInMember } from '../../test/workspace-fixtures.js';

const t = useTestApp();
let roles: RoleMembers;
let stranger: SignedInMember;

beforeAll(async () => {
  roles = await setUpRoles(t);
  stranger = await signUpOwner(t, { firstName: 'Sam', lastName: 'Stranger' });
});

const DAY = 24 * 60 * 60_000;
const linksUrl = (workspaceId: string, briefId: string) => `/api/v1/workspaces/${workspaceId}/briefs/${briefId}/share-links`;
const publicUrl = (linkId: string) => `/api/v1/public/briefs/${linkId}`;
const settingsUrl = (workspaceId: string) => `/api/v1/workspaces/${workspaceId}/public-links`;

const section = (heading: string, body: string, mark: Partial<StoredBriefSection> = {}): StoredBriefSection => ({
  id: crypto.randomUUID(),
  heading,
  body,
  guidance: 'What the executive needs here.',
  mark: null,
  markNote: null,
  markedAt: null,
  markedByMemberId: null,
  ...mark,
});

/** A brief row straight in the database (the briefs CRUD routes are another module's). */
async function insertBrief(member: SignedInMember, values: Partial<typeof briefs.$inferInsert> = {}) {
  const [row] = await t.db
    .insert(briefs)
    .values({
      workspaceId: member.workspaceId,
      title: 'Board meeting',
      meetingAt: new Date(Date.now() + 2 * DAY),
      meetingTimeZone: 'Europe/Paris',
      sections: [section('Purpose', 'Approve the **budget**.'), section('Risks', 'Cash runway.')],
      status: 'READY',
      createdByMemberId: member.memberId,
      ...values,
    })
    .returning();
  return row!;
}

const createLink = (member: SignedInMember, briefId: string, body: Record<string, unknown> = {}) =>
  t.post(linksUrl(member.workspaceId, briefId), body, { token: member.token });

async function shareAs(member: SignedInMember, briefId: string, body: Record<string, unknown> = {}): Promise<ShareLink> {
  const response = await createLink(member, briefId, body);
  if (response.statusCode !== 201) throw new Error(`share failed: ${response.body}`);
  return response.json().payload;
}

const revoke = (member: SignedInMember, briefId: string, linkId: string) =>
  t.post(`${linksUrl(member.workspaceId, briefId)}/${linkId}/revoke`, undefined, { token: member.token });

let ipCounter = 0;
/** A fresh visitor address, so no test meets another's miss or passcode counters. */
const newIp = () => `192.0.2.${(ipCounter += 1)}`;

const openPublic = (linkId: string, options: { ip?: string; userAgent?: string } = {}) =>
  t.request({
    method: 'GET',
    url: publicUrl(linkId),
    remoteAddress: options.ip ?? newIp(),
    headers: options.userAgent ? { 'user-agent': options.userAgent } : {},
  });
const unlock = (linkId: string, passcode: string, ip = newIp()) =>
  t.request({ method: 'POST', url: `${publicUrl(linkId)}/unlock`, payload: { passcode }, remoteAddress: ip });

async function listLinks(member: SignedInMember, briefId: string): Promise<ShareLink[]> {
  const response = await t.get(linksUrl(member.workspaceId, briefId), { token: member.token });
  if (response.statusCode !== 200) throw new Error(`list failed: ${response.body}`);
  return response.json().payload.items;
}

const expectGone = (response: LightMyRequestResponse) => {
  expect(response.statusCode).toBe(410);
  expect(response.json()).toEqual({ errorCode: 'GONE', errorDisplayMessage: LINK_INACTIVE_MESSAGE });
};

const linkRows = (briefId: string) => t.db.select().from(publicLinks).where(eq(publicLinks.subjectId, briefId));
const auditRows = (workspaceId: string, action: 'SHARE_LINK_CREATED' | 'SHARE_LINK_REVOKED' | 'PUBLIC_LINKS_TOGGLED') =>
  t.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.workspaceId, workspaceId), eq(auditEvents.action, action)));

describe('POST …/briefs/{briefId}/share-links', () => {
  it('makes an active link with a public id, the label and the creator, expiring 7 days after the meeting by default', async () => {
    const { EXECUTIVEASSISTANT: assistant } = roles;
    const brief = await insertBrief(assistant);
    const response = await createLink(assistant, brief.id, { label: 'For the board chair' });
    expect(response.statusCode).toBe(201);
    const link: ShareLink = response.json().payload;
    expect(link).toMatchObject({
      label: 'For the board chair',
      expiresAt: new Date(brief.meetingAt!.getTime() + 7 * DAY).toISOString(),
      hasPasscode: false,
      revokedAt: null,
      isActive: true,
      viewCount: 0,
      lastViewedAt: null,
      createdBy: { memberId: assistant.memberId, firstName: 'Ivy', lastName: 'Invitee' },
    });
    expect(link.id).toMatch(/^[0-9A-Za-z]{22}$/);
    const [audit] = await auditRows(assistant.workspaceId, 'SHARE_LINK_CREATED');
    expect(audit).toMatchObject({ actorPersonId: assistant.personId, target: `${brief.id}:${link.id.slice(0, 4)}…` });
    expect(audit!.target).not.toContain(link.id);
  });

  it('never expires by default without a meeting, or when sent null', async () => {
    const noMeeting = await insertBrief(roles.OWNER, { meetingAt: null, meetingTimeZone: null });
    expect((await shareAs(roles.OWNER, noMeeting.id)).expiresAt).toBeNull();
    const withMeeting = await insertBrief(roles.OWNER);
    expect((await shareAs(roles.OWNER, withMeeting.id, { expiresAt: null })).expiresAt).toBeNull();
    const at = new Date(Date.now() + 3 * DAY).toISOString();
    expect((await shareAs(roles.OWNER, withMeeting.id, { expiresAt: at })).expiresAt).toBe(at);
  });

  it('answers 400 for an expiry in the past, or a default one that has passed, writing nothing', async () => {
    const brief = await insertBrief(roles.OWNER);
    const past = await createLink(roles.OWNER, brief.id, { expiresAt: new Date(Date.now() - 60_000).toISOString() });
    expect(past.statusCode).toBe(400);
    expect(past.json().errorData).toEqual({ expiresAt: 'Choose an expiry in the future.' });
    const oldMeeting = await insertBrief(roles.OWNER, { meetingAt: new Date(Date.now() - 8 * DAY) });
    const stale = await createLink(roles.OWNER, oldMeeting.id);
    expect(stale.statusCode).toBe(400);
    expect(stale.json().errorData.expiresAt).toMatch(/more than 7 days ago/);
    const short = await createLink(roles.OWNER, brief.id, { passcode: '12345' });
    expect(short.statusCode).toBe(400);
    expect(short.json().errorData).toEqual({ passcode: 'A passcode needs at least 6 characters.' });
    expect(await linkRows(brief.id)).toHaveLength(0);
    expect(await linkRows(oldMeeting.id)).toHaveLength(0);
  });

  it('stores the passcode as an Argon2id hash only', async () => {
    const brief = await insertBrief(roles.OWNER);
    const link = await shareAs(roles.OWNER, brief.id, { passcode: 'open sesame' });
    expect(link.hasPasscode).toBe(true);
    const [row] = await linkRows(brief.id);
    expect(row!.passcodeHash).toMatch(/^\$argon2id\$/);
    expect(row!.passcodeHash).not.toContain('open sesame');
  });

  it('refuses a confidential brief with 409, writing nothing', async () => {
    const brief = await insertBrief(roles.OWNER, { confidential: true });
    const response = await createLink(roles.OWNER, brief.id);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ errorCode: 'CONFLICT', errorDisplayMessage: "Confidential briefs can't be shared by link." });
    expect(await linkRows(brief.id)).toHaveLength(0);
  });
});

describe('who may share (PRODUCT §6)', () => {
  it('refuses a USER (403) and hides from a GUEST what they cannot see (404), on every call', async () => {
    const { OWNER: owner, USER: user, GUEST: guest } = roles;
    const ready = await insertBrief(owner);
    const draft = await insertBrief(owner, { status: 'DRAFT' });
    const link = await shareAs(owner, ready.id);
    const draftLink = await shareAs(owner, draft.id);
    const calls = (member: SignedInMember, briefId: string, linkId: string) => [
      t.get(linksUrl(member.workspaceId, briefId), { token: member.token }),
      createLink(member, briefId),
      revoke(member, briefId, linkId),
      t.get(`${linksUrl(member.workspaceId, briefId)}/${linkId}/views`, { token: member.token }),
    ];
    for (const response of await Promise.all(calls(user, ready.id, link.id))) {
      expect(response.statusCode).toBe(403);
      expect(response.json().errorDisplayMessage).toBe('Only an owner, the executive or an executive assistant can share briefs.');
    }
    for (const response of await Promise.all(calls(guest, ready.id, link.id))) expect(response.statusCode).toBe(403);
    for (const response of await Promise.all(calls(guest, draft.id, draftLink.id))) expect(response.statusCode).toBe(404);
    expect((await listLinks(owner, ready.id)).map((item) => item.revokedAt)).toEqual([null]);
  });

  it('answers 404 for another workspace’s brief and for a link of another brief', async () => {
    const { OWNER: owner } = roles;
    const foreign = await insertBrief(stranger);
    const foreignLink = await shareAs(stranger, foreign.id);
    for (const response of [
      await t.get(linksUrl(owner.workspaceId, foreign.id), { token: owner.token }),
      await createLink(owner, foreign.id),
      await revoke(owner, foreign.id, foreignLink.id),
    ]) {
      expect(response.statusCode).toBe(404);
    }
    const mine = await insertBrief(owner);
    expect((await revoke(owner, mine.id, foreignLink.id)).statusCode).toBe(404);
    expect((await t.get(`${linksUrl(owner.workspaceId, mine.id)}/${foreignLink.id}/views`, { token: owner.token })).statusCode).toBe(404);
    expect((await openPublic(foreignLink.id)).statusCode).toBe(200);
  });
});

describe('GET v1/public/briefs/{id}', () => {
  it('answers only what the page shows: no ids, emails, marks or status, with noindex and no-referrer', async () => {
    const { OWNER: owner, EXECUTIVE: executive } = roles;
    const marked = section('Decisions', 'Hire a CFO.', {
      mark: 'NEED_MORE',
      markNote: 'secret-mark-note',
      markedAt: new Date().toISOString(),
      markedByMemberId: executive.memberId,
    });
    const brief = await insertBrief(owner, { sections: [marked], attendees: [{ type: 'MEMBER', id: executive.memberId }] });
    const link = await shareAs(owner, brief.id);
    const response = await openPublic(link.id);
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.json()).toEqual({
      payload: {
        title: 'Board meeting',
        meetingAt: brief.meetingAt!.toISOString(),
        meetingTimeZone: 'Europe/Paris',
        sections: [{ heading: 'Decisions', body: 'Hire a CFO.' }],
        authorFirstName: 'Olive',
        updatedAt: brief.updatedAt.toISOString(),
      },
    });
    for (const secret of [
      brief.id,
      owner.workspaceId,
      owner.memberId,
      executive.memberId,
      marked.id,
      owner.email,
      'NEED_MORE',
      'secret-mark-note',
      'READY',
    ]) {
      expect(response.body).not.toContain(secret);
    }
  });

  it('returns markdown and HTML payloads verbatim as data, nothing more', async () => {
    const payloads = [
      '<script>alert(1)</script>',
      '<img src=x onerror=alert(1)>',
      '[click](javascript:alert(1))',
      '"><svg onload=alert(1)>',
      '\u202e ```html\n<iframe src="https://evil.test"></iframe>\n```',
    ];
    const brief = await insertBrief(roles.OWNER, {
      title: payloads[0],
      sections: payloads.map((payload) => section(payload, payload)),
    });
    const link = await shareAs(roles.OWNER, brief.id);
    const response = await openPublic(link.id);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const body = PublicBriefSchema.strict().parse(response.json().payload);
    expect(body.title).toBe(payloads[0]);
    expect(body.sections).toEqual(payloads.map((payload) => ({ heading: payload, body: payload })));
  });

  it('shows a DRAFT brief as it is now (the sharer chose to share it)', async () => {
    const brief = await insertBrief(roles.OWNER, { status: 'DRAFT' });
    const link = await shareAs(roles.OWNER, brief.id);
    await t.db.update(briefs).set({ title: 'Board meeting (moved)' }).where(eq(briefs.id, brief.id));
    expect((await openPublic(link.id)).json().payload.title).toBe('Board meeting (moved)');
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    const unknown = await openPublic(createPublicId());
    expect(unknown.statusCode).toBe(404);
    const malformed = await openPublic('not-a-link');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errorData).toHaveProperty('id');
  });

  it('answers 410 once the brief is deleted or made confidential', async () => {
    const deleted = await insertBrief(roles.OWNER);
    const deletedLink = await shareAs(roles.OWNER, deleted.id);
    await t.db.delete(briefs).where(eq(briefs.id, deleted.id));
    expectGone(await openPublic(deletedLink.id));
    const secret = await insertBrief(roles.OWNER);
    const secretLink = await shareAs(roles.OWNER, secret.id);
    await t.db.update(briefs).set({ confidential: true }).where(eq(briefs.id, secret.id));
    expectGone(await openPublic(secretLink.id));
    expect((await listLinks(roles.OWNER, secret.id))[0]).toMatchObject({ isActive: false, viewCount: 0 });
  });
});

describe('revoke and expiry → 410', () => {
  it('revokes in one call, idempotently, audited once; the link then answers 410', async () => {
    const { OWNER: owner, EXECUTIVEASSISTANT: assistant } = roles;
    const brief = await insertBrief(owner);
    const link = await shareAs(owner, brief.id);
    const kept = await shareAs(owner, brief.id, { label: 'Still live' });
    expect((await openPublic(link.id)).statusCode).toBe(200);
    const before = (await auditRows(owner.workspaceId, 'SHARE_LINK_REVOKED')).length;
    const first = await revoke(assistant, brief.id, link.id);
    expect(first.statusCode).toBe(200);
    const revoked: ShareLink = first.json().payload;
    expect(revoked).toMatchObject({ id: link.id, isActive: false, viewCount: 1 });
    expect(revoked.revokedAt).not.toBeNull();
    const again = await revoke(owner, brief.id, link.id);
    expect(again.statusCode).toBe(200);
    expect(again.json().payload).toEqual(revoked);
    expect(await auditRows(owner.workspaceId, 'SHARE_LINK_REVOKED')).toHaveLength(before + 1);
    expectGone(await openPublic(link.id));
    expectGone(await unlock(link.id, 'whatever'));
    expect((await openPublic(kept.id)).statusCode).toBe(200);
    expect((await listLinks(owner, brief.id)).map((item) => [item.label, item.isActive])).toEqual([
      ['Still live', true],
      ['', false],
    ]);
  });

  it('answers 410 once the expiry has passed', async () => {
    const brief = await insertBrief(roles.OWNER);
    const link = await shareAs(roles.OWNER, brief.id);
    expect((await openPublic(link.id)).statusCode).toBe(200);
    await t.db
      .update(publicLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(publicLinks.id, link.id));
    expectGone(await openPublic(link.id));
    expect((await listLinks(roles.OWNER, brief.id))[0]).toMatchObject({ isActive: false, viewCount: 1 });
  });
});

describe('passcodes (issue #9: hashed with Argon2id, throttled like sign-in)', () => {
  it('asks for the passcode, refuses a wrong one, opens with the right one', async () => {
    const brief = await insertBrief(roles.OWNER);
    const link = await shareAs(roles.OWNER, brief.id, { passcode: 'correct-passcode' });
    const required = await openPublic(link.id);
    expect(required.statusCode).toBe(401);
    expect(required.json().errorCode).toBe('PASSCODE_REQUIRED');
    const wrong = await unlock(link.id, 'wrong-passcode');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().errorCode).toBe('PASSCODE_INVALID');
    expect((await listLinks(roles.OWNER, brief.id))[0]!.viewCount).toBe(0);
    const right = await unlock(link.id, 'correct-passcode');
    expect(right.statusCode).toBe(200);
    expect(right.json().payload.title).toBe('Board meeting');
    expect((await listLinks(roles.OWNER, brief.id))[0]!.viewCount).toBe(1);
    const empty = await unlock(link.id, '');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errorData).toEqual({ passcode: 'Enter the passcode.' });
  });

  it('locks the link for 15 minutes after 10 wrong passcodes in a row, from any address, even for the right one', async () => {
    const brief = await insertBrief(roles.OWNER);
    const link = await shareAs(roles.OWNER, brief.id, { passcode: 'correct-passcode' });
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect((await unlock(link.id, `wrong-${attempt}`)).json().errorCode).toBe('PASSCODE_INVALID');
    }
    for (const passcode of ['wrong-again', 'correct-passcode']) {
      const locked = await unlock(link.id, passcode);
      expect(locked.statusCode).toBe(429);
      expect(locked.json().errorCode).toBe('TOO_MANY_REQUESTS');
      const retryAfter = Number(locked.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(14 * 60);
      expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    }
    // Another link is not affected.
    const other = await shareAs(roles.OWNER, brief.id, { passcode: 'correct-passcode' });
    expect((await unlock(other.id, 'correct-passcode')).statusCode).toBe(200);
    // Once 15 minutes have passed, the right passcode opens it and ends the run of failures.
    await t.db
      .update(authThrottles)
      .set({ lastAt: sql`now() - interval '16 minutes'`, windowStartedAt: sql`now() - interval '16 minutes'` })
      .where(like(authThrottles.key, 'public:passcode:link:%'));
    expect((await unlock(link.id, 'correct-passcode')).statusCode).toBe(200);
    expect((await unlock(link.id, 'wrong-after')).json().errorCode).toBe('PASSCODE_INVALID');
  });

  it('refuses an address after 100 wrong passcodes in a day, whatever the link', async () => {
    const ip = newIp();
    const brief = await insertBrief(roles.OWNER);
    const link = await shareAs(roles.OWNER, brief.id, { passcode: 'correct-passcode' });
    await t.db.insert(authThrottles).values({ key: `public:passcode:ip:${ip}`, count: 100 });
    const refused = await unlock(link.id, 'correct-passcode', ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().errorDisplayMessage).toBe('Too many wrong passcodes from this network. Try again later.');
    expect((await unlock(link.id, 'correct-passcode')).statusCode).toBe(200);
  });
});

describe('the view log', () => {
  it('counts each opening and lists them newest first with the IP truncated and the browser family', async () => {
    const { OWNER: owner } = roles;
    const brief = await insertBrief(owner);
    const link = await shareAs(owner, brief.id);
    const chrome = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
    const iphone =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
    expect((await openPublic(link.id, { ip: '203.0.113.77', userAgent: chrome })).statusCode).toBe(200);
    expect((await openPublic(link.id, { ip: '2001:db8:abcd:1234:5678::1', userAgent: iphone })).statusCode).toBe(200);
    expect((await openPublic(link.id, { ip: '::ffff:198.51.100.9' })).statusCode).toBe(200);
    const [listed] = await listLinks(owner, brief.id);
    expect(listed!.viewCount).toBe(3);
    expect(Date.now() - Date.parse(listed!.lastViewedAt!)).toBeLessThan(60_000);

    const viewsUrl = `${linksUrl(owner.workspaceId, brief.id)}/${link.id}/views`;
    const first = await t.get(`${viewsUrl}?limit=2`, { token: roles.EXECUTIVEASSISTANT.token });
    expect(first.statusCode).toBe(200);
    const page = first.json().payload;
    expect(page.items).toEqual([
      { at: expect.any(String), ipPrefix: '198.51.100.0/24', userAgentFamily: null },
      { at: expect.any(String), ipPrefix: '2001:db8:abcd::/48', userAgentFamily: 'Safari' },
    ]);
    expect(page.nextCursor).toEqual(expect.any(String));
    const second = await t.get(`${viewsUrl}?limit=2&cursor=${page.nextCursor}`, { token: owner.token });
    expect(second.json().payload).toEqual({
      items: [{ at: expect.any(String), ipPrefix: '203.0.113.0/24', userAgentFamily: 'Chrome' }],
      nextCursor: null,
    });
    expect(Date.parse(second.json().payload.items[0].at)).toBeLessThanOrEqual(Date.parse(page.items[1].at));
    expect(JSON.stringify([page, second.json()])).not.toMatch(/203\.0\.113\.77|1234:5678|198\.51\.100\.9\b/);
    expect((await t.get(`${viewsUrl}?cursor=garbage`, { token: owner.token })).statusCode).toBe(400);
  });

  it('does not count a refused opening', async () => {
    const brief = await insertBrief(roles.OWNER);
    const link = await shareAs(roles.OWNER, brief.id, { passcode: 'correct-passcode' });
    await openPublic(link.id);
    await unlock(link.id, 'wrong-passcode');
    await revoke(roles.OWNER, brief.id, link.id);
    await unlock(link.id, 'correct-passcode');
    expect((await listLinks(roles.OWNER, brief.id))[0]).toMatchObject({ viewCount: 0, lastViewedAt: null });
  });
});

describe('the workspace kill switch (GET/PUT v1/workspaces/{id}/public-links)', () => {
  it('turns every link off (410, no new ones) and back on, OWNER and EXECUTIVE only, audited', async () => {
    const { OWNER: owner, EXECUTIVE: executive, EXECUTIVEASSISTANT: assistant, GUEST: guest } = roles;
    const brief = await insertBrief(owner);
    const link = await shareAs(owner, brief.id);
    const put = (member: SignedInMember, enabled: boolean) =>
      t.request({ method: 'PUT', url: settingsUrl(owner.workspaceId), payload: { enabled }, token: member.token });

    expect((await t.get(settingsUrl(owner.workspaceId), { token: guest.token })).json()).toEqual({ payload: { enabled: true } });
    const refused = await put(assistant, false);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errorDisplayMessage).toBe('Only an owner or the executive can turn public links on or off.');
    expect((await openPublic(link.id)).statusCode).toBe(200);

    const off = await put(executive, false);
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ payload: { enabled: false } });
    expect((await t.get(settingsUrl(owner.workspaceId), { token: guest.token })).json()).toEqual({ payload: { enabled: false } });
    expectGone(await openPublic(link.id));
    const blocked = await createLink(owner, brief.id);
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().errorDisplayMessage).toMatch(/^Public links are turned off for this workspace\./);
    expect(await linkRows(brief.id)).toHaveLength(1);
    expect((await listLinks(owner, brief.id))[0]!.isActive).toBe(false);
    // Another workspace's links are untouched.
    const foreign = await insertBrief(stranger);
    expect((await openPublic((await shareAs(stranger, foreign.id)).id)).statusCode).toBe(200);

    expect((await put(owner, false)).statusCode).toBe(200);
    expect((await put(owner, true)).json()).toEqual({ payload: { enabled: true } });
    expect((await openPublic(link.id)).statusCode).toBe(200);
    expect((await listLinks(owner, brief.id))[0]).toMatchObject({ isActive: true, viewCount: 2 });
    const toggles = await auditRows(owner.workspaceId, 'PUBLIC_LINKS_TOGGLED');
    expect(toggles.map((row) => [row.actorPersonId, row.target])).toEqual([
      [executive.personId, 'off'],
      [owner.personId, 'on'],
    ]);
  });

  it('answers 404 to a non-member and 400 for a bad body', async () => {
    const { OWNER: owner } = roles;
    expect((await t.get(settingsUrl(owner.workspaceId), { token: stranger.token })).statusCode).toBe(404);
    const bad = await t.request({ method: 'PUT', url: settingsUrl(owner.workspaceId), payload: { enabled: 'yes' }, token: owner.token });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errorData).toHaveProperty('enabled');
    expect((await t.get(settingsUrl(owner.workspaceId), { token: owner.token })).json()).toEqual({ payload: { enabled: true } });
  });
});
