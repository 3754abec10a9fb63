import type { AddressInfo } from 'node:net';
import { desc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { parseWorkspaceEvent } from '@tandem/contract';
import { activityItems, workspaceMembers } from '../../db/schema/index.js';
import { CLIENT_ID, createPerson, signIn, testConfig, useTestApp, type TestApp } from '../../test/test-app.js';
import { useEventStreams } from '../../test/event-stream.js';
import { recordActivity } from './activity-repository.js';

const t = useTestApp();
let baseUrl = '';

beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});

async function signedIn(test: TestApp) {
  const person = await createPerson(test);
  const tokens = await signIn(test, person.email);
  const [member] = await test.db.select().from(workspaceMembers).where(eq(workspaceMembers.personId, person.personId));
  return { ...person, token: tokens.access_token, workspaceId: member!.workspaceId, memberId: member!.id };
}

async function joined(test: TestApp, workspaceId: string) {
  const person = await signedIn(test);
  const [member] = await test.db
    .insert(workspaceMembers)
    .values({ workspaceId, personId: person.personId, workspaceMemberType: 'USER' })
    .returning();
  return { ...person, workspaceId, memberId: member!.id };
}

type ActivityData = { type: 'activity'; workspaceId: string; itemId: string; kind: string; actorMemberId: string | null };
const openEventStream = useEventStreams();

/**
 * An event stream opened with `token` in the Authorization header, with `nextActivity`: the next
 * `activity` event's data, checked against the contract's union, whose item id is also its `id:` line.
 */
async function openStream(url: string, token: string, headers: Record<string, string> = {}) {
  const stream = await openEventStream(url, { authorization: `Bearer ${token}`, 'x-client-id': CLIENT_ID, ...headers });
  return Object.assign(stream, {
    async nextActivity(timeoutMs = 3000): Promise<ActivityData | 'timeout' | 'end'> {
      const event = await stream.nextNamed<ActivityData>('activity', timeoutMs);
      if (event === 'timeout' || event === 'end') return event;
      expect(parseWorkspaceEvent(event.data)).toEqual(event.data);
      expect(event.id).toBe(event.data.itemId);
      return event.data;
    },
  });
}

const eventsUrl = (workspaceId: string, base = baseUrl) => `${base}/api/v1/workspaces/${workspaceId}/events`;

const record = (
  test: TestApp,
  workspaceId: string,
  actorMemberId: string | null,
  extra: { audienceMemberId?: string; subject?: Record<string, string> } = {},
) => test.db.transaction((tx) => recordActivity(tx, { workspaceId, kind: 'TASK_ASSIGNED', actorMemberId, ...extra }));

/** The id of the newest activity item of `workspaceId` (what its `activity` event names). */
async function newestItemId(test: TestApp, workspaceId: string): Promise<string> {
  const [row] = await test.db
    .select({ id: activityItems.id })
    .from(activityItems)
    .where(eq(activityItems.workspaceId, workspaceId))
    .orderBy(desc(activityItems.createdAt), desc(activityItems.id))
    .limit(1);
  return row!.id;
}

/** Records an item everyone sees and returns its id: the next event after it proves nothing came in between. */
async function recordSentinel(test: TestApp, workspaceId: string): Promise<string> {
  await record(test, workspaceId, null, { subject: { n: 'sentinel' } });
  return newestItemId(test, workspaceId);
}

describe('GET v1/workspaces/{id}/events', () => {
  it('streams text/event-stream with retry, the security headers and no-store', async () => {
    const me = await signedIn(t);
    const stream = await openStream(eventsUrl(me.workspaceId), me.token);
    expect(stream.response.status).toBe(200);
    expect(stream.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(stream.response.headers.get('cache-control')).toBe('no-store');
    expect(stream.response.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(stream.response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await stream.next()).toEqual({ retry: '5000' });
  });

  it('sends an item recorded in another transaction once it commits, never a rolled-back one', async () => {
    const owner = await signedIn(t);
    const user = await joined(t, owner.workspaceId);
    const stream = await openStream(eventsUrl(owner.workspaceId), user.token);
    await stream.next(); // retry
    await expect(
      t.db.transaction(async (tx) => {
        await recordActivity(tx, {
          workspaceId: owner.workspaceId,
          kind: 'TASK_DONE',
          actorMemberId: owner.memberId,
          subject: { n: 'rolled back' },
        });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await record(t, owner.workspaceId, owner.memberId, { subject: { n: 'committed' } });
    const committed = await newestItemId(t, owner.workspaceId);
    expect(await stream.nextActivity()).toEqual({
      type: 'activity',
      workspaceId: owner.workspaceId,
      itemId: committed,
      kind: 'TASK_ASSIGNED',
      actorMemberId: owner.memberId,
    });
    const sentinel = await recordSentinel(t, owner.workspaceId);
    expect(await stream.nextActivity()).toMatchObject({ itemId: sentinel });
  });

  it('sends only items meant for the member, and nothing from other workspaces', async () => {
    const owner = await signedIn(t);
    const user = await joined(t, owner.workspaceId);
    const stranger = await signedIn(t);
    const stream = await openStream(eventsUrl(owner.workspaceId), user.token);
    await stream.next();
    await record(t, owner.workspaceId, owner.memberId, { audienceMemberId: owner.memberId, subject: { n: 'owner only' } });
    await record(t, stranger.workspaceId, stranger.memberId, { subject: { n: 'elsewhere' } });
    await record(t, owner.workspaceId, owner.memberId, { audienceMemberId: user.memberId, subject: { n: 'user only' } });
    const userOnly = await newestItemId(t, owner.workspaceId);
    await record(t, owner.workspaceId, owner.memberId, { subject: { n: 'everyone' } });
    const everyone = await newestItemId(t, owner.workspaceId);
    expect(await stream.nextActivity()).toMatchObject({ itemId: userOnly });
    expect(await stream.nextActivity()).toMatchObject({ itemId: everyone });
    const sentinel = await recordSentinel(t, owner.workspaceId);
    expect(await stream.nextActivity()).toMatchObject({ itemId: sentinel });
  });

  it('hides from a GUEST the kinds about questions, as the feed does (one visibility rule)', async () => {
    const owner = await signedIn(t);
    const guest = await joined(t, owner.workspaceId);
    await t.db.update(workspaceMembers).set({ workspaceMemberType: 'GUEST' }).where(eq(workspaceMembers.id, guest.memberId));
    const stream = await openStream(eventsUrl(owner.workspaceId), guest.token);
    await stream.next();
    await t.db.transaction((tx) =>
      recordActivity(tx, { workspaceId: owner.workspaceId, kind: 'ANSWER_RECEIVED', actorMemberId: owner.memberId }),
    );
    const sentinel = await recordSentinel(t, owner.workspaceId);
    expect(await stream.nextActivity()).toMatchObject({ itemId: sentinel });
  });

  it('replays what was missed after Last-Event-ID, then continues live', async () => {
    const me = await signedIn(t);
    await record(t, me.workspaceId, null, { subject: { n: '1' } });
    const [seen] = (await t.get(`/api/v1/workspaces/${me.workspaceId}/activity`, { token: me.token })).json().payload.items;
    await record(t, me.workspaceId, null, { subject: { n: '2' } });
    const second = await newestItemId(t, me.workspaceId);
    await record(t, me.workspaceId, null, { subject: { n: '3' } });
    const third = await newestItemId(t, me.workspaceId);
    const stream = await openStream(eventsUrl(me.workspaceId), me.token, { 'last-event-id': seen.id });
    expect(await stream.nextActivity()).toMatchObject({ itemId: second });
    expect(await stream.nextActivity()).toMatchObject({ itemId: third });
    const fourth = await recordSentinel(t, me.workspaceId);
    expect(await stream.nextActivity()).toMatchObject({ itemId: fourth });
  });

  it('reaches streams of every server process (two apps, one database)', async () => {
    const me = await signedIn(t);
    const second = await buildApp({ config: testConfig(), database: t.app.database, logger: false });
    try {
      await second.listen({ port: 0, host: '127.0.0.1' });
      const port = (second.server.address() as AddressInfo).port;
      const stream = await openStream(eventsUrl(me.workspaceId, `http://127.0.0.1:${port}`), me.token);
      await stream.next();
      const sentinel = await recordSentinel(t, me.workspaceId);
      expect(await stream.nextActivity()).toMatchObject({ itemId: sentinel });
      // app.close() ends open streams instead of waiting for them.
      await second.close();
      expect(await stream.next(2000)).toBe('end');
    } finally {
      await second.close();
    }
  });

  it('ends the stream when the access token that opened it expires', async () => {
    const me = await signedIn(t);
    const shortLived = await buildApp({ config: testConfig({ accessTokenTtlSeconds: 2 }), database: t.app.database, logger: false });
    try {
      await shortLived.listen({ port: 0, host: '127.0.0.1' });
      const base = `http://127.0.0.1:${(shortLived.server.address() as AddressInfo).port}`;
      const signInResponse = await fetch(`${base}/api/auth/password`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-client-id': CLIENT_ID },
        body: JSON.stringify({ loginIdentifier: me.email, password: me.password, grant_type: 'password', client_id: CLIENT_ID }),
      });
      const { access_token: token } = ((await signInResponse.json()) as { payload: { access_token: string } }).payload;
      const stream = await openStream(eventsUrl(me.workspaceId, base), token);
      expect(await stream.next()).toEqual({ retry: '5000' });
      // Heartbeats come every 25 s and nothing else is sent: only the token's expiry ends it this soon.
      expect(await stream.next(5000)).toBe('end');
    } finally {
      await shortLived.close();
    }
  });

  it('ends the stream when the client disconnects', async () => {
    const me = await signedIn(t);
    const before = t.app.events.subscriberCount;
    const stream = await openStream(eventsUrl(me.workspaceId), me.token);
    await stream.next();
    expect(t.app.events.subscriberCount).toBe(before + 1);
    stream.close();
    await expect.poll(() => t.app.events.subscriberCount).toBe(before);
  });

  it('refuses a missing or bad token (401), a token in the URL (401), a missing client id (400) and a foreign workspace (404)', async () => {
    const me = await signedIn(t);
    const other = await signedIn(t);
    const get = (url: string, headers: Record<string, string>) => fetch(url, { headers: { accept: 'text/event-stream', ...headers } });
    const withClient = { 'x-client-id': CLIENT_ID };
    const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
    const errorCode = async (response: Response) => ((await response.json()) as { errorCode: string }).errorCode;
    const noToken = await get(eventsUrl(me.workspaceId), withClient);
    expect(noToken.status).toBe(401);
    expect(await errorCode(noToken)).toBe('UNAUTHENTICATED');
    expect((await get(eventsUrl(me.workspaceId), { ...withClient, ...bearer('forged.token.value') })).status).toBe(401);
    const inUrl = await get(`${eventsUrl(me.workspaceId)}?access_token=${me.token}&client_id=${CLIENT_ID}`, withClient);
    expect(inUrl.status).toBe(401);
    const noClient = await get(eventsUrl(me.workspaceId), bearer(me.token));
    expect(noClient.status).toBe(400);
    expect(await errorCode(noClient)).toBe('INVALID_CLIENT');
    expect((await get(eventsUrl(me.workspaceId), { ...bearer(me.token), 'x-client-id': 'unknown-client' })).status).toBe(400);
    const foreign = await get(eventsUrl(other.workspaceId), { ...withClient, ...bearer(me.token) });
    expect(foreign.status).toBe(404);
    expect(await errorCode(foreign)).toBe('NOT_FOUND');
  });

  it('drops a malformed or unknown NOTIFY payload and keeps streaming', async () => {
    const me = await signedIn(t);
    const stream = await openStream(eventsUrl(me.workspaceId), me.token);
    await stream.next();
    const channel = 'tandem_workspace_events';
    for (const payload of [
      'not json',
      JSON.stringify({ event: { type: 'unknown', workspaceId: me.workspaceId }, audience: {} }),
      JSON.stringify({ event: { type: 'activity', workspaceId: me.workspaceId, itemId: 'x' }, audience: {} }),
      JSON.stringify({
        event: { type: 'task', workspaceId: me.workspaceId, taskId: me.memberId, action: 'updated', version: 1 },
        audience: { createdByMemberId: 7 },
      }),
    ]) {
      await t.db.execute(sql`select pg_notify(${channel}, ${payload})`);
    }
    const sentinel = await recordSentinel(t, me.workspaceId);
    expect(await stream.nextActivity()).toMatchObject({ itemId: sentinel });
  });

  it('ends the stream when an event cannot be checked, and the reconnected stream catches up on it', async () => {
    const me = await signedIn(t);
    const stream = await openStream(eventsUrl(me.workspaceId), me.token);
    const seen = await recordSentinel(t, me.workspaceId);
    expect(await stream.nextActivity()).toMatchObject({ itemId: seen });
    // A real database error while the item's audience is checked: the table is gone (renamed in
    // the very transaction that records the item) when its notice arrives.
    await t.db.transaction(async (tx) => {
      await recordActivity(tx, { workspaceId: me.workspaceId, kind: 'TASK_ASSIGNED', actorMemberId: null, subject: { n: 'unchecked' } });
      await tx.execute(sql`alter table activity_items rename to activity_items_away`);
    });
    try {
      expect(await stream.next(5000), 'a stream that cannot check an event ends rather than skip it').toBe('end');
    } finally {
      await t.db.execute(sql`alter table activity_items_away rename to activity_items`);
    }
    const unchecked = await newestItemId(t, me.workspaceId);
    expect(unchecked).not.toBe(seen);
    const again = await openStream(eventsUrl(me.workspaceId), me.token, { 'last-event-id': seen });
    expect(await again.nextActivity()).toMatchObject({ itemId: unchecked });
  });
});

// Only PostgreSQL has a LISTEN connection to lose; the PGlite project does not register it.
if (process.env.TEST_DATABASE === 'postgres') {
  describe('the LISTEN connection', () => {
    it('reconnects after PostgreSQL drops it; open streams end so clients catch up with Last-Event-ID', async () => {
      const me = await signedIn(t);
      const stream = await openStream(eventsUrl(me.workspaceId), me.token);
      await stream.next();
      await t.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'LISTEN %'`,
      );
      expect(await stream.next(5000)).toBe('end');
      await expect
        .poll(
          async () =>
            (
              await t.db.execute<{ count: string }>(
                sql`select count(*) from pg_stat_activity where datname = current_database() and query ilike 'LISTEN %'`,
              )
            ).rows[0]?.count,
          { timeout: 5000 },
        )
        .toBe('1');
      const again = await openStream(eventsUrl(me.workspaceId), me.token);
      await again.next();
      const sentinel = await recordSentinel(t, me.workspaceId);
      expect(await again.nextActivity()).toMatchObject({ itemId: sentinel });
    });
  });
}
