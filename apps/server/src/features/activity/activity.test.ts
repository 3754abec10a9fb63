import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activityItems, workspaceMembers } from '../../db/schema/index.js';
import { createPerson, signIn, useTestApp, type TestApp } from '../../test/test-app.js';
import { recordActivity } from './activity-repository.js';

const t = useTestApp();

async function signedIn(test: TestApp, names: { firstName?: string; lastName?: string } = {}) {
  const person = await createPerson(test, names);
  const tokens = await signIn(test, person.email);
  const [member] = await test.db.select().from(workspaceMembers).where(eq(workspaceMembers.personId, person.personId));
  return { ...person, token: tokens.access_token, workspaceId: member!.workspaceId, memberId: member!.id };
}

/** A second person, made an ACTIVE USER of `workspaceId` directly (invitations are another feature). */
async function joined(test: TestApp, workspaceId: string, names: { firstName?: string; lastName?: string } = {}) {
  const person = await signedIn(test, names);
  const [member] = await test.db
    .insert(workspaceMembers)
    .values({ workspaceId, personId: person.personId, workspaceMemberType: 'USER' })
    .returning();
  return { ...person, workspaceId, memberId: member!.id };
}

const record = (
  workspaceId: string,
  actorMemberId: string | null,
  extra: { audienceMemberId?: string; subject?: Record<string, string> } = {},
) => t.db.transaction((tx) => recordActivity(tx, { workspaceId, kind: 'TASK_DONE', actorMemberId, ...extra }));

async function hasNew(test: TestApp, token: string, memberId: string): Promise<boolean> {
  const profile = (await test.get('/api/v1/profile', { token })).json().payload;
  const members = profile.workspaces.flatMap((w: { members: { id: string; hasNewActivityItems: boolean }[] }) => w.members);
  return members.find((m: { id: string }) => m.id === memberId).hasNewActivityItems;
}

describe('recordActivity', () => {
  it('inserts the item with its actor, audience and subject', async () => {
    const me = await signedIn(t);
    await record(me.workspaceId, me.memberId, { subject: { taskId: 'task-1' } });
    const rows = await t.db.select().from(activityItems).where(eq(activityItems.workspaceId, me.workspaceId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'TASK_DONE', actorMemberId: me.memberId, audienceMemberId: null, subject: { taskId: 'task-1' } });
  });
});

describe('GET v1/workspaces/{id}/activity', () => {
  it('answers the contract shape, newest first, with actor names', async () => {
    const me = await signedIn(t, { firstName: 'Avery', lastName: 'Stone' });
    await record(me.workspaceId, me.memberId, { subject: { taskId: 'first' } });
    await record(me.workspaceId, null, { subject: { taskId: 'second' } });
    const response = await t.get(`/api/v1/workspaces/${me.workspaceId}/activity`, { token: me.token });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const { items, nextCursor } = response.json().payload;
    expect(nextCursor).toBeNull();
    expect(items).toEqual([
      {
        id: expect.any(String),
        kind: 'TASK_DONE',
        actor: null,
        subject: { taskId: 'second' },
        subjectMember: null,
        createdAt: expect.any(String),
        isUnread: true,
      },
      {
        id: expect.any(String),
        kind: 'TASK_DONE',
        actor: { memberId: me.memberId, firstName: 'Avery', lastName: 'Stone' },
        subject: { taskId: 'first' },
        subjectMember: null,
        createdAt: expect.any(String),
        isUnread: false,
      },
    ]);
    expect(Date.parse(items[0].createdAt)).toBeGreaterThanOrEqual(Date.parse(items[1].createdAt));
  });

  it('pages with limit and an opaque cursor, stable while new items arrive', async () => {
    const me = await signedIn(t);
    for (let n = 1; n <= 5; n += 1) await record(me.workspaceId, null, { subject: { n: String(n) } });
    const url = `/api/v1/workspaces/${me.workspaceId}/activity`;
    const first = (await t.get(`${url}?limit=2`, { token: me.token })).json().payload;
    expect(first.items.map((i: { subject: { n: string } }) => i.subject.n)).toEqual(['5', '4']);
    expect(first.nextCursor).toEqual(expect.any(String));
    await record(me.workspaceId, null, { subject: { n: '6' } });
    const second = (await t.get(`${url}?limit=2&cursor=${first.nextCursor}`, { token: me.token })).json().payload;
    expect(second.items.map((i: { subject: { n: string } }) => i.subject.n)).toEqual(['3', '2']);
    const third = (await t.get(`${url}?limit=2&cursor=${second.nextCursor}`, { token: me.token })).json().payload;
    expect(third.items.map((i: { subject: { n: string } }) => i.subject.n)).toEqual(['1']);
    expect(third.nextCursor).toBeNull();
    const fresh = (await t.get(url, { token: me.token })).json().payload;
    expect(fresh.items.map((i: { subject: { n: string } }) => i.subject.n)).toEqual(['6', '5', '4', '3', '2', '1']);
  });

  it('refuses a malformed, foreign or past-the-end cursor with 400 and errorData.cursor', async () => {
    const me = await signedIn(t);
    const other = await signedIn(t);
    await record(other.workspaceId, null);
    await record(other.workspaceId, null);
    const foreignCursor = (await t.get(`/api/v1/workspaces/${other.workspaceId}/activity?limit=1`, { token: other.token })).json().payload
      .nextCursor;
    const pastTheEnd = Buffer.from(`a1:${crypto.randomUUID()}`).toString('base64url');
    for (const cursor of ['not-a-cursor', foreignCursor, pastTheEnd, Buffer.from('a1:../../etc').toString('base64url')]) {
      const response = await t.get(`/api/v1/workspaces/${me.workspaceId}/activity?cursor=${encodeURIComponent(cursor)}`, {
        token: me.token,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ errorCode: 'VALIDATION_FAILED', errorData: { cursor: expect.any(String) } });
    }
  });

  it('refuses a limit outside 1..100 with errorData.limit', async () => {
    const me = await signedIn(t);
    for (const limit of ['0', '101', 'many']) {
      const response = await t.get(`/api/v1/workspaces/${me.workspaceId}/activity?limit=${limit}`, { token: me.token });
      expect(response.statusCode).toBe(400);
      expect(response.json().errorData).toEqual({ limit: expect.any(String) });
    }
    expect((await t.get(`/api/v1/workspaces/${me.workspaceId}/activity?limit=100`, { token: me.token })).statusCode).toBe(200);
  });

  it('shows an item with an audience only to that member', async () => {
    const owner = await signedIn(t);
    const user = await joined(t, owner.workspaceId);
    await record(owner.workspaceId, owner.memberId, { audienceMemberId: user.memberId, subject: { for: 'user' } });
    await record(owner.workspaceId, owner.memberId, { audienceMemberId: owner.memberId, subject: { for: 'owner' } });
    await record(owner.workspaceId, owner.memberId, { subject: { for: 'all' } });
    const seen = async (token: string) =>
      (await t.get(`/api/v1/workspaces/${owner.workspaceId}/activity`, { token }))
        .json()
        .payload.items.map((i: { subject: { for: string } }) => i.subject.for);
    expect(await seen(user.token)).toEqual(['all', 'user']);
    expect(await seen(owner.token)).toEqual(['all', 'owner']);
    // A cursor naming an item the caller may not see is no cursor of theirs.
    const [hidden] = await t.db.select().from(activityItems).where(eq(activityItems.audienceMemberId, user.memberId));
    const cursor = Buffer.from(`a1:${hidden!.id}`).toString('base64url');
    expect((await t.get(`/api/v1/workspaces/${owner.workspaceId}/activity?cursor=${cursor}`, { token: owner.token })).statusCode).toBe(400);
  });

  it('hides items about contacts, questions and summaries from a GUEST, in the feed and the dot (PRODUCT §6)', async () => {
    const owner = await signedIn(t);
    const guest = await joined(t, owner.workspaceId);
    await t.db.update(workspaceMembers).set({ workspaceMemberType: 'GUEST' }).where(eq(workspaceMembers.id, guest.memberId));
    await t.db.transaction((tx) =>
      recordActivity(tx, { workspaceId: owner.workspaceId, kind: 'ANSWER_RECEIVED', actorMemberId: owner.memberId }),
    );
    const kinds = async (token: string) =>
      (await t.get(`/api/v1/workspaces/${owner.workspaceId}/activity`, { token }))
        .json()
        .payload.items.map((i: { kind: string }) => i.kind);
    expect(await kinds(guest.token)).toEqual([]);
    expect(await hasNew(t, guest.token, guest.memberId)).toBe(false);

    await t.db.transaction((tx) =>
      recordActivity(tx, { workspaceId: owner.workspaceId, kind: 'MEMBER_JOINED', actorMemberId: owner.memberId }),
    );
    expect(await kinds(guest.token)).toEqual(['MEMBER_JOINED']);
    expect(await hasNew(t, guest.token, guest.memberId)).toBe(true);
  });

  it("answers 404 (never 403) for another person's workspace, 400 for a bad id, 401 without a token", async () => {
    const me = await signedIn(t);
    const other = await signedIn(t);
    for (const path of ['activity', 'events']) {
      const foreign = await t.get(`/api/v1/workspaces/${other.workspaceId}/${path}`, { token: me.token });
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json().errorCode).toBe('NOT_FOUND');
    }
    const read = await t.post(`/api/v1/workspaces/${other.workspaceId}/activity/read`, {}, { token: me.token });
    expect(read.statusCode).toBe(404);
    expect((await t.get(`/api/v1/workspaces/not-a-uuid/activity`, { token: me.token })).json().errorData).toEqual({
      id: expect.any(String),
    });
    expect((await t.get(`/api/v1/workspaces/${me.workspaceId}/activity`)).statusCode).toBe(401);
  });

  it('answers 404 for a pending invitation', async () => {
    const owner = await signedIn(t);
    const invited = await joined(t, owner.workspaceId);
    await t.db.update(workspaceMembers).set({ status: 'INVITED' }).where(eq(workspaceMembers.id, invited.memberId));
    expect((await t.get(`/api/v1/workspaces/${owner.workspaceId}/activity`, { token: invited.token })).statusCode).toBe(404);
  });

  it('does not take the access token from the query string', async () => {
    const me = await signedIn(t);
    const response = await t.get(`/api/v1/workspaces/${me.workspaceId}/activity?access_token=${me.token}`);
    expect(response.statusCode).toBe(401);
  });
});

describe('POST v1/workspaces/{id}/activity/read and hasNewActivityItems', () => {
  it('clears hasNewActivityItems; new items by others set it again, own items do not', async () => {
    const owner = await signedIn(t);
    const user = await joined(t, owner.workspaceId);
    expect(await hasNew(t, user.token, user.memberId)).toBe(false);
    await record(owner.workspaceId, owner.memberId);
    expect(await hasNew(t, user.token, user.memberId)).toBe(true);
    expect(await hasNew(t, owner.token, owner.memberId)).toBe(false);

    const read = await t.post(`/api/v1/workspaces/${owner.workspaceId}/activity/read`, {}, { token: user.token });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ payload: { readAt: expect.any(String) } });
    expect(await hasNew(t, user.token, user.memberId)).toBe(false);
    const items = (await t.get(`/api/v1/workspaces/${owner.workspaceId}/activity`, { token: user.token })).json().payload.items;
    expect(items.map((i: { isUnread: boolean }) => i.isUnread)).toEqual([false]);

    await record(owner.workspaceId, user.memberId);
    expect(await hasNew(t, user.token, user.memberId)).toBe(false);
    await record(owner.workspaceId, owner.memberId);
    expect(await hasNew(t, user.token, user.memberId)).toBe(true);
  });

  it('shows each member their own flag only: another member’s unread state always reads false (PRODUCT §6)', async () => {
    const owner = await signedIn(t);
    const guest = await joined(t, owner.workspaceId);
    await t.db.update(workspaceMembers).set({ workspaceMemberType: 'GUEST' }).where(eq(workspaceMembers.id, guest.memberId));
    await record(owner.workspaceId, guest.memberId);
    // The owner has unread activity by the guest, and sees it …
    expect(await hasNew(t, owner.token, owner.memberId)).toBe(true);
    // … but the guest cannot learn it; the guest's own flag is still computed for the guest.
    expect(await hasNew(t, guest.token, owner.memberId)).toBe(false);
    await record(owner.workspaceId, owner.memberId);
    expect(await hasNew(t, guest.token, guest.memberId)).toBe(true);
    expect(await hasNew(t, owner.token, guest.memberId)).toBe(false);
  });

  it('takes an optional `until`: items after it stay unread; the mark never moves back or past now', async () => {
    const owner = await signedIn(t);
    const user = await joined(t, owner.workspaceId);
    await record(owner.workspaceId, owner.memberId, { subject: { n: '1' } });
    // The first item a second older: two instants to tell apart, without waiting for the clock.
    await t.db
      .update(activityItems)
      .set({ createdAt: sql`${activityItems.createdAt} - interval '1 second'` })
      .where(eq(activityItems.workspaceId, owner.workspaceId));
    await record(owner.workspaceId, owner.memberId, { subject: { n: '2' } });
    const url = `/api/v1/workspaces/${owner.workspaceId}/activity`;
    const [newest, older] = (await t.get(url, { token: user.token })).json().payload.items;

    const read = await t.post(`${url}/read`, { until: older.createdAt }, { token: user.token });
    expect(read.json().payload.readAt).toBe(older.createdAt);
    const after = (await t.get(url, { token: user.token })).json().payload.items;
    expect(after.map((i: { isUnread: boolean }) => i.isUnread)).toEqual([true, false]);
    expect(await hasNew(t, user.token, user.memberId)).toBe(true);

    const back = await t.post(`${url}/read`, { until: '2000-01-01T00:00:00Z' }, { token: user.token });
    expect(back.json().payload.readAt).toBe(older.createdAt);
    await t.post(`${url}/read`, { until: newest.createdAt }, { token: user.token });
    expect(await hasNew(t, user.token, user.memberId)).toBe(false);

    const future = await t.post(`${url}/read`, { until: '2199-01-01T00:00:00Z' }, { token: user.token });
    expect(Date.parse(future.json().payload.readAt)).toBeLessThanOrEqual(Date.now() + 1000);
    await record(owner.workspaceId, owner.memberId);
    expect(await hasNew(t, user.token, user.memberId)).toBe(true);
  });

  it('counts an item created in the millisecond of a read mark, after it, as new', async () => {
    const owner = await signedIn(t);
    const user = await joined(t, owner.workspaceId);
    const url = `/api/v1/workspaces/${owner.workspaceId}/activity`;
    for (const body of [undefined, { until: '2199-01-01T00:00:00Z' }]) {
      expect((await t.post(`${url}/read`, body, { token: user.token })).statusCode).toBe(200);
      const id = (await record(owner.workspaceId, owner.memberId))!;
      // Created a microsecond after the mark, stored as items are: truncated to the millisecond.
      await t.db
        .update(activityItems)
        .set({
          createdAt: sql`date_trunc('milliseconds', (select ${workspaceMembers.activityReadAt} from ${workspaceMembers} where ${workspaceMembers.id} = ${user.memberId}) + interval '1 microsecond')`,
        })
        .where(eq(activityItems.id, id));
      expect(await hasNew(t, user.token, user.memberId)).toBe(true);
      const [item] = (await t.get(url, { token: user.token })).json().payload.items;
      expect(item).toMatchObject({ id, isUnread: true });
    }
  });

  it('works without a body and refuses a malformed until', async () => {
    const me = await signedIn(t);
    const bare = await t.request({ method: 'POST', url: `/api/v1/workspaces/${me.workspaceId}/activity/read`, token: me.token });
    expect(bare.statusCode).toBe(200);
    const bad = await t.post(`/api/v1/workspaces/${me.workspaceId}/activity/read`, { until: 'yesterday' }, { token: me.token });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errorData).toEqual({ until: expect.any(String) });
  });
});
