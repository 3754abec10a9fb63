import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents, people, subscriptions, workspaceMembers, workspaces } from '../../db/schema/index.js';
import { CLIENT_ID, STRONG_PASSWORD, createPerson, useTestApp } from '../../test/test-app.js';
import { invite, joinAs, memberRows, patch, signUpOwner, urls } from '../../test/workspace-fixtures.js';

const t = useTestApp();

describe('POST v1/workspaces', () => {
  it('creates a FREE workspace with the caller as OWNER, listed in v1/workspaces and the profile', async () => {
    const me = await signUpOwner(t);
    const response = await t.post(urls.workspaces, { name: '  Board office ' }, { token: me.token });
    expect(response.statusCode).toBe(201);
    const created = response.json().payload;
    expect(created).toEqual({
      id: expect.any(String),
      name: 'Board office',
      subscriptionType: 'FREE',
      workspaceMemberType: 'OWNER',
      memberId: expect.any(String),
    });
    const [subscription] = await t.db.select().from(subscriptions).where(eq(subscriptions.workspaceId, created.id));
    expect(subscription).toMatchObject({ subscriptionType: 'FREE', status: 'ACTIVE' });
    const [member] = await memberRows(t, created.id);
    expect(member).toMatchObject({ id: created.memberId, personId: me.personId, workspaceMemberType: 'OWNER', status: 'ACTIVE' });

    const list = (await t.get(urls.workspaces, { token: me.token })).json().payload;
    expect(list.items.map((w: { id: string }) => w.id)).toEqual([me.workspaceId, created.id]);
    expect(list.nextCursor).toBeNull();
    const page = (await t.get(`${urls.workspaces}?limit=1`, { token: me.token })).json().payload;
    expect(page.items).toHaveLength(1);
    const rest = (await t.get(`${urls.workspaces}?limit=1&cursor=${page.nextCursor}`, { token: me.token })).json().payload;
    expect(rest).toEqual({ items: [created], nextCursor: null });
    const profile = (await t.get('/api/v1/profile', { token: me.token })).json().payload;
    expect(profile.workspaces.map((w: { id: string }) => w.id)).toEqual([me.workspaceId, created.id]);
  });

  it('answers 400 with errorData.name for a blank name and writes nothing; 401 without a token', async () => {
    const me = await signUpOwner(t);
    const before = await t.db.select().from(workspaces);
    const blank = await t.post(urls.workspaces, { name: '   ' }, { token: me.token });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({ errorCode: 'VALIDATION_FAILED', errorData: { name: 'Enter a workspace name.' } });
    const long = await t.post(urls.workspaces, { name: 'x'.repeat(101) }, { token: me.token });
    expect(long.statusCode).toBe(400);
    expect(await t.db.select().from(workspaces)).toHaveLength(before.length);
    expect((await t.post(urls.workspaces, { name: 'Anonymous' })).statusCode).toBe(401);
  });
});

describe('GET v1/workspaces', () => {
  it('lists only ACTIVE memberships, never another person’s workspace', async () => {
    const me = await signUpOwner(t);
    const other = await signUpOwner(t);
    await invite(t, other.token, other.workspaceId, { email: me.email, workspaceMemberType: 'USER' });
    const list = (await t.get(urls.workspaces, { token: me.token })).json().payload.items;
    expect(list).toEqual([
      { id: me.workspaceId, name: expect.any(String), subscriptionType: 'FREE', workspaceMemberType: 'OWNER', memberId: me.memberId },
    ]);
  });
});

describe('PATCH v1/workspaces/{id}', () => {
  it('renames for an OWNER or EXECUTIVE, audited; 403 for others; 404 across workspaces; 400 for a blank name', async () => {
    const owner = await signUpOwner(t);
    const executive = await joinAs(t, owner, 'EXECUTIVE');
    const user = await joinAs(t, owner, 'USER');
    const other = await signUpOwner(t);

    const renamed = await patch(t, urls.workspace(owner.workspaceId), { name: 'Eleanor’s office' }, executive.token);
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().payload).toEqual({
      id: owner.workspaceId,
      name: 'Eleanor’s office',
      subscriptionType: 'FREE',
      workspaceMemberType: 'EXECUTIVE',
      memberId: executive.memberId,
    });
    const [audit] = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.workspaceId, owner.workspaceId), eq(auditEvents.action, 'WORKSPACE_RENAMED')));
    expect(audit).toMatchObject({ actorPersonId: executive.personId, target: 'Eleanor’s office' });

    const refused = await patch(t, urls.workspace(owner.workspaceId), { name: 'Mine now' }, user.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      errorCode: 'FORBIDDEN',
      errorDisplayMessage: 'Only an owner or the executive can rename the workspace.',
    });
    const foreign = await patch(t, urls.workspace(other.workspaceId), { name: 'Taken over' }, owner.token);
    expect(foreign.statusCode).toBe(404);
    const blank = await patch(t, urls.workspace(owner.workspaceId), { name: '' }, owner.token);
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errorData).toHaveProperty('name');
    const names = await t.db.select({ id: workspaces.id, name: workspaces.name }).from(workspaces);
    expect(names.find((w) => w.id === owner.workspaceId)?.name).toBe('Eleanor’s office');
    expect(names.find((w) => w.id === other.workspaceId)?.name).not.toBe('Taken over');
  });
});

describe('GET and PATCH v1/workspaces/{id}/subscription', () => {
  it('upgrades and downgrades, audited; usage counts ACTIVE and INVITED members', async () => {
    const owner = await signUpOwner(t);
    await joinAs(t, owner, 'USER');
    await invite(t, owner.token, owner.workspaceId, { workspaceMemberType: 'GUEST' });
    const before = (await t.get(urls.subscription(owner.workspaceId), { token: owner.token })).json().payload;
    expect(before.usage.members).toBe(3);

    const upgraded = await patch(t, urls.subscription(owner.workspaceId), { subscriptionType: 'PRO' }, owner.token);
    expect(upgraded.statusCode).toBe(200);
    expect(upgraded.json().payload).toMatchObject({
      subscriptionType: 'PRO',
      limits: { members: 15, aiGenerationsPerMonth: 1000, activeQuestionRequests: null, slack: true },
      usage: { members: 3 },
    });
    const downgraded = await patch(t, urls.subscription(owner.workspaceId), { subscriptionType: 'FREE' }, owner.token);
    expect(downgraded.statusCode).toBe(200);
    expect(downgraded.json().payload.subscriptionType).toBe('FREE');
    const audit = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.workspaceId, owner.workspaceId), eq(auditEvents.action, 'SUBSCRIPTION_CHANGED')));
    expect(audit.map((a) => a.target).sort()).toEqual(['FREE->PRO', 'PRO->FREE']);
  });

  it('refuses a downgrade below current usage with 402 PLAN_LIMIT and changes nothing', async () => {
    const owner = await signUpOwner(t);
    await patch(t, urls.subscription(owner.workspaceId), { subscriptionType: 'PRO' }, owner.token);
    await joinAs(t, owner, 'EXECUTIVE');
    await invite(t, owner.token, owner.workspaceId, { workspaceMemberType: 'USER' });
    await invite(t, owner.token, owner.workspaceId, { workspaceMemberType: 'GUEST' });
    const refused = await patch(t, urls.subscription(owner.workspaceId), { subscriptionType: 'FREE' }, owner.token);
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toMatchObject({
      errorCode: 'PLAN_LIMIT',
      errorDisplayMessage: expect.stringMatching(/^The FREE plan allows 3 members and this workspace has 4/),
    });
    const [subscription] = await t.db.select().from(subscriptions).where(eq(subscriptions.workspaceId, owner.workspaceId));
    expect(subscription?.subscriptionType).toBe('PRO');
  });

  it('lets every member read it but only an OWNER or EXECUTIVE change it; 404 across workspaces; 400 for a bad plan', async () => {
    const owner = await signUpOwner(t);
    const assistant = await joinAs(t, owner, 'EXECUTIVEASSISTANT');
    const other = await signUpOwner(t);
    expect((await t.get(urls.subscription(owner.workspaceId), { token: assistant.token })).statusCode).toBe(200);
    const refused = await patch(t, urls.subscription(owner.workspaceId), { subscriptionType: 'ENTERPRISE' }, assistant.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errorDisplayMessage).toBe('Only an owner or the executive can change the plan.');
    const foreign = await patch(t, urls.subscription(other.workspaceId), { subscriptionType: 'ENTERPRISE' }, owner.token);
    expect(foreign.statusCode).toBe(404);
    const bad = await patch(t, urls.subscription(owner.workspaceId), { subscriptionType: 'GOLD' }, owner.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errorData).toHaveProperty('subscriptionType');
    const rows = await t.db.select().from(subscriptions);
    expect(rows.filter((s) => [owner.workspaceId, other.workspaceId].includes(s.workspaceId)).map((s) => s.subscriptionType)).toEqual([
      'FREE',
      'FREE',
    ]);
  });
});

describe('GET v1/workspaces/{id}/audit-events', () => {
  it('lists the workspace’s audit trail newest first, paginated, with the impersonator when a platform admin acts', async () => {
    const owner = await signUpOwner(t);
    const admin = await createPerson(t, { firstName: 'Ada', lastName: 'Admin' });
    await t.db.update(people).set({ isPlatformAdmin: true }).where(eq(people.id, admin.personId));
    const viewAs = await t.post('/api/auth/password', {
      loginIdentifier: admin.email,
      password: STRONG_PASSWORD,
      grant_type: 'password',
      client_id: CLIENT_ID,
      impersonation_identifier: owner.email,
    });
    expect(viewAs.statusCode).toBe(200);
    const invited = await invite(t, viewAs.json().payload.access_token, owner.workspaceId, { workspaceMemberType: 'USER' });
    expect(invited.statusCode).toBe(201);
    await patch(t, urls.workspace(owner.workspaceId), { name: 'Renamed' }, owner.token);

    const response = await t.get(urls.audit(owner.workspaceId), { token: owner.token });
    expect(response.statusCode).toBe(200);
    const { items, nextCursor } = response.json().payload;
    expect(nextCursor).toBeNull();
    expect(items.map((e: { action: string }) => e.action)).toEqual(['WORKSPACE_RENAMED', 'MEMBER_INVITED', 'SIGN_UP']);
    expect(items[1]).toEqual({
      id: expect.any(String),
      action: 'MEMBER_INVITED',
      actorPersonId: owner.personId,
      impersonatorPersonId: admin.personId,
      target: `${invited.json().payload.id}:USER`,
      ip: expect.any(String),
      at: expect.any(String),
    });
    const first = (await t.get(`${urls.audit(owner.workspaceId)}?limit=2`, { token: owner.token })).json().payload;
    expect(first.items).toHaveLength(2);
    const second = (await t.get(`${urls.audit(owner.workspaceId)}?limit=2&cursor=${first.nextCursor}`, { token: owner.token })).json()
      .payload;
    expect(second).toEqual({ items: [expect.objectContaining({ action: 'SIGN_UP' })], nextCursor: null });
  });

  it('is 404 for another workspace', async () => {
    const owner = await signUpOwner(t);
    const other = await signUpOwner(t);
    expect((await t.get(urls.audit(other.workspaceId), { token: owner.token })).statusCode).toBe(404);
  });
});

describe('members and plans stay consistent', () => {
  it('an OWNER who is the only admin can hand over to an EXECUTIVE and then leave', async () => {
    const owner = await signUpOwner(t);
    const executive = await joinAs(t, owner, 'EXECUTIVE');
    const left = await t.post(urls.leave(owner.workspaceId), undefined, { token: owner.token });
    expect(left.statusCode).toBe(200);
    const rows = await t.db.select().from(workspaceMembers).where(eq(workspaceMembers.workspaceId, owner.workspaceId));
    expect(rows.map((r) => r.id)).toEqual([executive.memberId]);
  });
});
