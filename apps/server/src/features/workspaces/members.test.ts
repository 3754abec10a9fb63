import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activityItems, auditEvents, people, workspaceMembers } from '../../db/schema/index.js';
import { findUniqueViolation } from '../../lib/db-errors.js';
import { PUBLIC_URL, createPerson, passResendDelay, signIn, uniqueEmail, useTestApp } from '../../test/test-app.js';
import { del, invite, joinAs, memberRows, patch, signInByCode, signUpOwner, urls } from '../../test/workspace-fixtures.js';

const t = useTestApp();

/** An owner on PRO (15 members), so tests can add several members. */
async function proOwner() {
  const owner = await signUpOwner(t, { firstName: 'Olive', lastName: 'Owner' });
  const upgraded = await patch(t, urls.subscription(owner.workspaceId), { subscriptionType: 'PRO' }, owner.token);
  expect(upgraded.statusCode).toBe(200);
  return owner;
}

describe('GET v1/workspaces/{id}/members', () => {
  it('lists INVITED and ACTIVE members with the contract fields, oldest first, paginated', async () => {
    const owner = await signUpOwner(t, { firstName: 'Olive', lastName: 'Owner' });
    const invitedEmail = uniqueEmail('pending');
    const invited = await invite(t, owner.token, owner.workspaceId, { email: invitedEmail, workspaceMemberType: 'GUEST' });
    expect(invited.statusCode).toBe(201);

    const response = await t.get(urls.members(owner.workspaceId), { token: owner.token });
    expect(response.statusCode).toBe(200);
    const { items, nextCursor } = response.json().payload;
    expect(nextCursor).toBeNull();
    expect(items).toEqual([
      {
        id: owner.memberId,
        personId: owner.personId,
        firstName: 'Olive',
        lastName: 'Owner',
        email: owner.email,
        workspaceMemberType: 'OWNER',
        status: 'ACTIVE',
        invitedBy: null,
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
      },
      {
        id: invited.json().payload.id,
        personId: invited.json().payload.personId,
        firstName: 'Ivy',
        lastName: 'Invitee',
        email: invitedEmail,
        workspaceMemberType: 'GUEST',
        status: 'INVITED',
        invitedBy: owner.personId,
        createdAt: expect.any(String),
      },
    ]);

    const first = (await t.get(`${urls.members(owner.workspaceId)}?limit=1`, { token: owner.token })).json().payload;
    expect(first.items.map((m: { id: string }) => m.id)).toEqual([owner.memberId]);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = (await t.get(`${urls.members(owner.workspaceId)}?limit=1&cursor=${first.nextCursor}`, { token: owner.token })).json()
      .payload;
    expect(second).toEqual({ items: [expect.objectContaining({ email: invitedEmail })], nextCursor: null });
  });

  it('answers 400 for a bad limit or cursor, 404 for another workspace', async () => {
    const owner = await signUpOwner(t);
    const other = await signUpOwner(t);
    const badLimit = await t.get(`${urls.members(owner.workspaceId)}?limit=0`, { token: owner.token });
    expect(badLimit.statusCode).toBe(400);
    expect(badLimit.json().errorData).toHaveProperty('limit');
    const badCursor = await t.get(`${urls.members(owner.workspaceId)}?cursor=nonsense`, { token: owner.token });
    expect(badCursor.statusCode).toBe(400);
    expect(badCursor.json().errorData).toHaveProperty('cursor');
    const foreign = await t.get(urls.members(other.workspaceId), { token: owner.token });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().errorCode).toBe('NOT_FOUND');
  });
});

describe('POST v1/workspaces/{id}/members', () => {
  it('invites an unknown email: a PENDING_ACTIVATION person without password, an INVITED member, a mail with a sign-in link', async () => {
    const owner = await signUpOwner(t, { firstName: 'Olive', lastName: 'Owner' });
    const email = uniqueEmail('New.Person');
    const response = await invite(t, owner.token, owner.workspaceId, {
      email: `  ${email.toUpperCase()} `,
      firstName: ' Nia ',
      lastName: 'New',
      workspaceMemberType: 'EXECUTIVEASSISTANT',
    });
    expect(response.statusCode).toBe(201);
    const member = response.json().payload;
    expect(member).toMatchObject({
      email: email.toLowerCase(),
      firstName: 'Nia',
      lastName: 'New',
      workspaceMemberType: 'EXECUTIVEASSISTANT',
      status: 'INVITED',
      invitedBy: owner.personId,
    });
    const [person] = await t.db.select().from(people).where(eq(people.id, member.personId));
    expect(person).toMatchObject({ status: 'PENDING_ACTIVATION', passwordHash: null });

    const mail = await t.latestMail(email);
    expect(mail?.subject).toContain('Olive Owner invited you');
    const link = `${PUBLIC_URL}/auth/passwordless?email=${encodeURIComponent(email.toLowerCase())}`;
    expect(mail?.text).toContain(link);
    expect(mail?.text).toContain('Executive Assistant');
    expect(mail?.html).toContain(link.replace(/&/g, '&amp;'));

    const [audit] = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.workspaceId, owner.workspaceId), eq(auditEvents.action, 'MEMBER_INVITED')));
    expect(audit).toMatchObject({ actorPersonId: owner.personId, impersonatorPersonId: null, target: `${member.id}:EXECUTIVEASSISTANT` });
  });

  it('the invitee signs in by code: the membership turns ACTIVE, shows in their profile, and MEMBER_JOINED is recorded', async () => {
    const owner = await signUpOwner(t);
    const email = uniqueEmail('joiner');
    const invited = (await invite(t, owner.token, owner.workspaceId, { email, workspaceMemberType: 'USER' })).json().payload;

    const verified = await signInByCode(t, email);
    expect(verified.statusCode).toBe(200);
    const token = verified.json().payload.access_token;
    const [row] = await memberRows(t, owner.workspaceId, invited.personId);
    expect(row?.status).toBe('ACTIVE');
    const [person] = await t.db.select().from(people).where(eq(people.id, invited.personId));
    expect(person?.status).toBe('ACTIVE');

    const profile = (await t.get('/api/v1/profile', { token })).json().payload;
    expect(profile.workspaces).toEqual([
      expect.objectContaining({
        id: owner.workspaceId,
        members: expect.arrayContaining([expect.objectContaining({ id: invited.id, workspaceMemberType: 'USER' })]),
      }),
    ]);
    const mine = (await t.get(urls.workspaces, { token })).json().payload.items;
    expect(mine).toEqual([expect.objectContaining({ id: owner.workspaceId, memberId: invited.id, workspaceMemberType: 'USER' })]);

    const joined = await t.db
      .select()
      .from(activityItems)
      .where(and(eq(activityItems.workspaceId, owner.workspaceId), eq(activityItems.kind, 'MEMBER_JOINED')));
    expect(joined).toEqual([expect.objectContaining({ actorMemberId: invited.id, subject: { memberId: invited.id } })]);
    const audit = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.workspaceId, owner.workspaceId), eq(auditEvents.action, 'MEMBER_JOINED')));
    expect(audit).toHaveLength(1);

    // A later sign-in changes nothing more.
    await passResendDelay(t, email);
    expect((await signInByCode(t, email)).statusCode).toBe(200);
    expect(
      await t.db
        .select()
        .from(activityItems)
        .where(and(eq(activityItems.workspaceId, owner.workspaceId), eq(activityItems.kind, 'MEMBER_JOINED'))),
    ).toHaveLength(1);
  });

  it('invites a known person (their names kept, mailed too); their next password sign-in makes them ACTIVE', async () => {
    const owner = await signUpOwner(t);
    const known = await createPerson(t, { firstName: 'Kim', lastName: 'Known' });
    const response = await invite(t, owner.token, owner.workspaceId, {
      email: known.email,
      firstName: 'Other',
      lastName: 'Names',
      workspaceMemberType: 'GUEST',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().payload).toMatchObject({ personId: known.personId, firstName: 'Kim', lastName: 'Known', status: 'INVITED' });
    expect((await t.latestMail(known.email))?.subject).toContain('invited you');

    const tokens = await signIn(t, known.email);
    const [row] = await memberRows(t, owner.workspaceId, known.personId);
    expect(row?.status).toBe('ACTIVE');
    const profile = (await t.get('/api/v1/profile', { token: tokens.access_token })).json().payload;
    expect(profile.workspaces.map((w: { id: string }) => w.id)).toContain(owner.workspaceId);
  });

  it('a platform admin viewing as an invitee does not accept the invitation for them', async () => {
    const owner = await signUpOwner(t);
    const known = await createPerson(t);
    const admin = await createPerson(t);
    await t.db.update(people).set({ isPlatformAdmin: true }).where(eq(people.id, admin.personId));
    await invite(t, owner.token, owner.workspaceId, { email: known.email, workspaceMemberType: 'USER' });
    await signIn(t, admin.email, undefined, { impersonation_identifier: known.email });
    const [row] = await memberRows(t, owner.workspaceId, known.personId);
    expect(row?.status).toBe('INVITED');
  });

  it('an invited person who never signed in does not see the workspace', async () => {
    const owner = await signUpOwner(t);
    const known = await signUpOwner(t);
    await invite(t, owner.token, owner.workspaceId, { email: known.email, workspaceMemberType: 'USER' });
    const profile = (await t.get('/api/v1/profile', { token: known.token })).json().payload;
    expect(profile.workspaces.map((w: { id: string }) => w.id)).toEqual([known.workspaceId]);
    expect((await t.get(urls.members(owner.workspaceId), { token: known.token })).statusCode).toBe(404);
  });

  it('refuses an existing member, ACTIVE or INVITED, with 409', async () => {
    const owner = await signUpOwner(t);
    const email = uniqueEmail('twice');
    expect((await invite(t, owner.token, owner.workspaceId, { email, workspaceMemberType: 'USER' })).statusCode).toBe(201);
    const again = await invite(t, owner.token, owner.workspaceId, { email: email.toUpperCase(), workspaceMemberType: 'GUEST' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ errorCode: 'CONFLICT', errorDisplayMessage: 'This person is already invited to this workspace.' });
    const self = await invite(t, owner.token, owner.workspaceId, { email: owner.email, workspaceMemberType: 'USER' });
    expect(self.statusCode).toBe(409);
    expect(self.json().errorDisplayMessage).toBe('This person is already a member of this workspace.');
    expect(await memberRows(t, owner.workspaceId)).toHaveLength(2);
  });

  it('refuses a second EXECUTIVE with 409', async () => {
    const owner = await signUpOwner(t);
    expect((await invite(t, owner.token, owner.workspaceId, { workspaceMemberType: 'EXECUTIVE' })).statusCode).toBe(201);
    const second = await invite(t, owner.token, owner.workspaceId, { workspaceMemberType: 'EXECUTIVE' });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ errorCode: 'CONFLICT', errorData: { workspaceMemberType: expect.any(String) } });
    expect(second.json().errorDisplayMessage).toMatch(/already has an executive/);
  });

  it('refuses a 4th member on FREE (pending invitations count) with 402 PLAN_LIMIT and writes nothing', async () => {
    const owner = await signUpOwner(t);
    await joinAs(t, owner, 'EXECUTIVEASSISTANT');
    expect((await invite(t, owner.token, owner.workspaceId, { workspaceMemberType: 'USER' })).statusCode).toBe(201);
    const peopleBefore = await t.db.select().from(people);
    const email = uniqueEmail('fourth');
    const refused = await invite(t, owner.token, owner.workspaceId, { email, workspaceMemberType: 'GUEST' });
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toMatchObject({
      errorCode: 'PLAN_LIMIT',
      errorDisplayMessage: expect.stringMatching(/^Your FREE plan allows 3 members/),
    });
    expect(await memberRows(t, owner.workspaceId)).toHaveLength(3);
    expect(await t.db.select().from(people)).toHaveLength(peopleBefore.length);
    expect(await t.latestMail(email)).toBeUndefined();
    const usage = (await t.get(urls.subscription(owner.workspaceId), { token: owner.token })).json().payload.usage;
    expect(usage.members).toBe(3);
  });

  it('answers 400 with errorData per field for bad input and writes nothing', async () => {
    const owner = await signUpOwner(t);
    const response = await t.post(
      urls.members(owner.workspaceId),
      { email: 'not-an-email', firstName: '', workspaceMemberType: 'ADMIN' },
      { token: owner.token },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().errorCode).toBe('VALIDATION_FAILED');
    expect(Object.keys(response.json().errorData).sort()).toEqual(['email', 'firstName', 'lastName', 'workspaceMemberType']);
    expect(await memberRows(t, owner.workspaceId)).toHaveLength(1);
    const badId = await invite(t, owner.token, 'not-a-uuid', { workspaceMemberType: 'USER' });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().errorData).toHaveProperty('id');
  });

  it('answers 404 for another workspace and 401 without a token', async () => {
    const owner = await signUpOwner(t);
    const other = await signUpOwner(t);
    const foreign = await invite(t, owner.token, other.workspaceId, { workspaceMemberType: 'USER' });
    expect(foreign.statusCode).toBe(404);
    expect(await memberRows(t, other.workspaceId)).toHaveLength(1);
    const anonymous = await t.post(urls.members(owner.workspaceId), {
      email: uniqueEmail(),
      firstName: 'A',
      lastName: 'B',
      workspaceMemberType: 'USER',
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('PATCH v1/workspaces/{id}/members/{memberId}', () => {
  it('changes the type, records MEMBER_ROLE_CHANGED activity and an audit event', async () => {
    const owner = await proOwner();
    const assistant = await joinAs(t, owner, 'EXECUTIVEASSISTANT');
    const response = await patch(t, urls.member(owner.workspaceId, assistant.memberId), { workspaceMemberType: 'USER' }, owner.token);
    expect(response.statusCode).toBe(200);
    expect(response.json().payload).toMatchObject({ id: assistant.memberId, workspaceMemberType: 'USER', status: 'ACTIVE' });
    const [activity] = await t.db
      .select()
      .from(activityItems)
      .where(and(eq(activityItems.workspaceId, owner.workspaceId), eq(activityItems.kind, 'MEMBER_ROLE_CHANGED')));
    expect(activity).toMatchObject({
      actorMemberId: owner.memberId,
      subject: { memberId: assistant.memberId, workspaceMemberType: 'USER' },
    });
    const [audit] = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.workspaceId, owner.workspaceId), eq(auditEvents.action, 'MEMBER_ROLE_CHANGED')));
    expect(audit).toMatchObject({ actorPersonId: owner.personId, target: `${assistant.memberId}:EXECUTIVEASSISTANT->USER` });

    // The same type again changes nothing and records nothing.
    const same = await patch(t, urls.member(owner.workspaceId, assistant.memberId), { workspaceMemberType: 'USER' }, owner.token);
    expect(same.statusCode).toBe(200);
    expect(
      await t.db
        .select()
        .from(activityItems)
        .where(and(eq(activityItems.workspaceId, owner.workspaceId), eq(activityItems.kind, 'MEMBER_ROLE_CHANGED'))),
    ).toHaveLength(1);
  });

  it('lets one of two concurrent promotions to EXECUTIVE win: one 200, one 409', async () => {
    const owner = await proOwner();
    const first = await joinAs(t, owner, 'USER');
    const second = await joinAs(t, owner, 'USER');
    const responses = await Promise.all([
      patch(t, urls.member(owner.workspaceId, first.memberId), { workspaceMemberType: 'EXECUTIVE' }, owner.token),
      patch(t, urls.member(owner.workspaceId, second.memberId), { workspaceMemberType: 'EXECUTIVE' }, owner.token),
    ]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(responses.find((r) => r.statusCode === 409)?.json().errorDisplayMessage).toMatch(/already has an executive/);
    const executives = (await memberRows(t, owner.workspaceId)).filter((m) => m.workspaceMemberType === 'EXECUTIVE');
    expect(executives).toHaveLength(1);
  });

  it('is backed by the one-EXECUTIVE index, whose violation the service recognises by name', async () => {
    const owner = await proOwner();
    const first = await joinAs(t, owner, 'USER');
    const second = await joinAs(t, owner, 'USER');
    await t.db.update(workspaceMembers).set({ workspaceMemberType: 'EXECUTIVE' }).where(eq(workspaceMembers.id, first.memberId));
    const error = await t.db
      .update(workspaceMembers)
      .set({ workspaceMemberType: 'EXECUTIVE' })
      .where(eq(workspaceMembers.id, second.memberId))
      .then(
        () => null,
        (caught: unknown) => caught,
      );
    expect(findUniqueViolation(error)).toBe('workspace_members_one_executive_key');
    const response = await patch(t, urls.member(owner.workspaceId, second.memberId), { workspaceMemberType: 'EXECUTIVE' }, owner.token);
    expect(response.statusCode).toBe(409);
    expect(response.json().errorCode).toBe('CONFLICT');
  });

  it('never demotes the last active OWNER-or-EXECUTIVE (409), but does when another remains', async () => {
    const owner = await proOwner();
    const alone = await patch(t, urls.member(owner.workspaceId, owner.memberId), { workspaceMemberType: 'USER' }, owner.token);
    expect(alone.statusCode).toBe(409);
    expect(alone.json().errorDisplayMessage).toMatch(/at least one active owner or executive/);
    // An invited OWNER does not count: they have not joined.
    await invite(t, owner.token, owner.workspaceId, { workspaceMemberType: 'OWNER' });
    expect((await patch(t, urls.member(owner.workspaceId, owner.memberId), { workspaceMemberType: 'USER' }, owner.token)).statusCode).toBe(
      409,
    );
    // The OWNER may become the EXECUTIVE: still an admin.
    const toExecutive = await patch(t, urls.member(owner.workspaceId, owner.memberId), { workspaceMemberType: 'EXECUTIVE' }, owner.token);
    expect(toExecutive.statusCode).toBe(200);
    const coOwner = await joinAs(t, owner, 'OWNER');
    const demoted = await patch(
      t,
      urls.member(owner.workspaceId, owner.memberId),
      { workspaceMemberType: 'EXECUTIVEASSISTANT' },
      owner.token,
    );
    expect(demoted.statusCode).toBe(200);
    // Now the demoted caller has no right to change types any more.
    const refused = await patch(t, urls.member(owner.workspaceId, coOwner.memberId), { workspaceMemberType: 'USER' }, owner.token);
    expect(refused.statusCode).toBe(403);
    const last = await patch(t, urls.member(owner.workspaceId, coOwner.memberId), { workspaceMemberType: 'USER' }, coOwner.token);
    expect(last.statusCode).toBe(409);
  });

  it('answers 404 for a member of another workspace, 400 for a bad type', async () => {
    const owner = await signUpOwner(t);
    const other = await signUpOwner(t);
    const foreign = await patch(t, urls.member(owner.workspaceId, other.memberId), { workspaceMemberType: 'USER' }, owner.token);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().errorDisplayMessage).toBe('That member was not found.');
    const [row] = await memberRows(t, other.workspaceId);
    expect(row?.workspaceMemberType).toBe('OWNER');
    const bad = await patch(t, urls.member(owner.workspaceId, owner.memberId), { workspaceMemberType: 'BOSS' }, owner.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errorData).toHaveProperty('workspaceMemberType');
  });
});

describe('DELETE v1/workspaces/{id}/members/{memberId}', () => {
  it('removes a member (they lose access) and withdraws an invitation; both audited', async () => {
    const owner = await signUpOwner(t);
    const user = await joinAs(t, owner, 'USER');
    const pending = (await invite(t, owner.token, owner.workspaceId, { workspaceMemberType: 'GUEST' })).json().payload;
    expect((await del(t, urls.member(owner.workspaceId, user.memberId), owner.token)).json()).toEqual({ payload: true });
    expect((await del(t, urls.member(owner.workspaceId, pending.id), owner.token)).statusCode).toBe(200);
    expect((await memberRows(t, owner.workspaceId)).map((m) => m.id)).toEqual([owner.memberId]);
    expect((await t.get(urls.members(owner.workspaceId), { token: user.token })).statusCode).toBe(404);
    const removed = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.workspaceId, owner.workspaceId), eq(auditEvents.action, 'MEMBER_REMOVED')));
    expect(removed).toHaveLength(2);
  });

  it('refuses to remove the last active OWNER-or-EXECUTIVE (409) and answers 404 across workspaces', async () => {
    const owner = await signUpOwner(t);
    const other = await signUpOwner(t);
    const last = await del(t, urls.member(owner.workspaceId, owner.memberId), owner.token);
    expect(last.statusCode).toBe(409);
    expect(last.json().errorDisplayMessage).toMatch(/^This member cannot be removed/);
    const foreign = await del(t, urls.member(owner.workspaceId, other.memberId), owner.token);
    expect(foreign.statusCode).toBe(404);
    expect(await memberRows(t, other.workspaceId)).toHaveLength(1);
    const foreignWorkspace = await del(t, urls.member(other.workspaceId, other.memberId), owner.token);
    expect(foreignWorkspace.statusCode).toBe(404);
    expect(foreignWorkspace.json().errorDisplayMessage).toBe('That workspace was not found.');
  });
});

describe('POST v1/workspaces/{id}/members/{memberId}/resend-invitation', () => {
  it('mails again after 60 s, not sooner (429), and refuses a member who joined (409)', async () => {
    const owner = await signUpOwner(t);
    const email = uniqueEmail('resend');
    const pending = (await invite(t, owner.token, owner.workspaceId, { email, workspaceMemberType: 'USER' })).json().payload;
    expect(await t.mailCount(email)).toBe(1);
    const tooSoon = await t.post(urls.resend(owner.workspaceId, pending.id), undefined, { token: owner.token });
    expect(tooSoon.statusCode).toBe(429);
    expect(Number(tooSoon.headers['retry-after'])).toBeGreaterThan(0);
    await passResendDelay(t, email);
    const resent = await t.post(urls.resend(owner.workspaceId, pending.id), undefined, { token: owner.token });
    expect(resent.statusCode).toBe(200);
    expect(resent.json().payload).toMatchObject({ id: pending.id, status: 'INVITED' });
    expect(await t.mailCount(email)).toBe(2);

    const joined = await joinAs(t, owner, 'GUEST');
    const done = await t.post(urls.resend(owner.workspaceId, joined.memberId), undefined, { token: owner.token });
    expect(done.statusCode).toBe(409);
  });
});

describe('POST v1/workspaces/{id}/leave', () => {
  it('lets a member leave; the last owner or executive cannot', async () => {
    const owner = await signUpOwner(t);
    const user = await joinAs(t, owner, 'USER');
    const left = await t.post(urls.leave(owner.workspaceId), undefined, { token: user.token });
    expect(left.statusCode).toBe(200);
    expect(left.json()).toEqual({ payload: true });
    expect((await t.get('/api/v1/profile', { token: user.token })).json().payload.workspaces).toEqual([]);
    expect((await t.post(urls.leave(owner.workspaceId), undefined, { token: user.token })).statusCode).toBe(404);

    const stuck = await t.post(urls.leave(owner.workspaceId), undefined, { token: owner.token });
    expect(stuck.statusCode).toBe(409);
    expect(stuck.json().errorDisplayMessage).toMatch(/^You cannot leave this workspace/);
    expect(await memberRows(t, owner.workspaceId)).toHaveLength(1);
    const [audit] = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.workspaceId, owner.workspaceId), eq(auditEvents.action, 'MEMBER_LEFT')));
    expect(audit).toMatchObject({ actorPersonId: user.personId, target: user.memberId });
  });
});
