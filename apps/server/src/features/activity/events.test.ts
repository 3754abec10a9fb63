import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { workspaceMembers } from '../../db/schema/index.js';
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

type ActivityData = { id: string; subject: Record<string, string>; isUnread: boolean };
const openEventStream = useEventStreams();

/** An event stream with `nextActivity`: the next `activity` event's data, whose id is also its `id:` line. */
async function openStream(url: string, headers: Record<string, string> = {}) {
  const stream = await openEventStream(url, headers);
  return Object.assign(stream, {
    async nextActivity(timeoutMs = 3000): Promise<ActivityData | 'timeout' | 'end'> {
      const event = await stream.nextNamed<ActivityData>('activity', timeoutMs);
      if (event === 'timeout' || event === 'end') return event;
      expect(event.id).toBe(event.data.id);
      return event.data;
    },
  });
}

const eventsUrl = (workspaceId: string, token: string, clientId = CLIENT_ID) =>
  `${baseUrl}/api/v1/workspaces/${workspaceId}/events?access_token=${encodeURIComponent(token)}&client_id=${encodeURIComponent(clientId)}`;

const record = (
  test: TestApp,
  workspaceId: string,
  actorMemberId: string | null,
  extra: { audienceMemberId?: string; subject?: Record<string, string> } = {},
) => test.db.transaction((tx) => recordActivity(tx, { workspaceId, kind: 'TASK_ASSIGNED', actorMemberId, ...extra }));

describe('GET v1/workspaces/{id}/events', () => {
  it('streams text/event-stream with retry, the security headers and no-store', async () => {
    const me = await signedIn(t);
    const stream = await openStream(eventsUrl(me.workspaceId, me.token));
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
    const stream = await openStream(eventsUrl(owner.workspaceId, user.token));
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
    const item = await stream.nextActivity();
    expect(item).toMatchObject({ kind: 'TASK_ASSIGNED', subject: { n: 'committed' }, isUnread: true, actor: { memberId: owner.memberId } });
    expect(await stream.next(300)).toBe('timeout');
  });

  it('sends only items meant for the member, and nothing from other workspaces', async () => {
    const owner = await signedIn(t);
    const user = await joined(t, owner.workspaceId);
    const stranger = await signedIn(t);
    const stream = await openStream(eventsUrl(owner.workspaceId, user.token));
    await stream.next();
    await record(t, owner.workspaceId, owner.memberId, { audienceMemberId: owner.memberId, subject: { n: 'owner only' } });
    await record(t, stranger.workspaceId, stranger.memberId, { subject: { n: 'elsewhere' } });
    await record(t, owner.workspaceId, owner.memberId, { audienceMemberId: user.memberId, subject: { n: 'user only' } });
    await record(t, owner.workspaceId, owner.memberId, { subject: { n: 'everyone' } });
    expect(await stream.nextActivity()).toMatchObject({ subject: { n: 'user only' } });
    expect(await stream.nextActivity()).toMatchObject({ subject: { n: 'everyone' } });
    expect(await stream.next(300)).toBe('timeout');
  });

  it('replays what was missed after Last-Event-ID, then continues live', async () => {
    const me = await signedIn(t);
    await record(t, me.workspaceId, null, { subject: { n: '1' } });
    const [seen] = (await t.get(`/api/v1/workspaces/${me.workspaceId}/activity`, { token: me.token })).json().payload.items;
    await record(t, me.workspaceId, null, { subject: { n: '2' } });
    await record(t, me.workspaceId, null, { subject: { n: '3' } });
    const stream = await openStream(eventsUrl(me.workspaceId, me.token), { 'last-event-id': seen.id });
    expect(await stream.nextActivity()).toMatchObject({ subject: { n: '2' } });
    expect(await stream.nextActivity()).toMatchObject({ subject: { n: '3' } });
    await record(t, me.workspaceId, null, { subject: { n: '4' } });
    expect(await stream.nextActivity()).toMatchObject({ subject: { n: '4' } });
  });

  it('reaches streams of every server process (two apps, one database)', async () => {
    const me = await signedIn(t);
    const second = await buildApp({ config: testConfig(), database: t.app.database, logger: false });
    try {
      await second.listen({ port: 0, host: '127.0.0.1' });
      const port = (second.server.address() as AddressInfo).port;
      const url = eventsUrl(me.workspaceId, me.token).replace(baseUrl, `http://127.0.0.1:${port}`);
      const stream = await openStream(url);
      await stream.next();
      await record(t, me.workspaceId, null, { subject: { n: 'from the first process' } });
      expect(await stream.nextActivity()).toMatchObject({ subject: { n: 'from the first process' } });
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
      const stream = await openStream(eventsUrl(me.workspaceId, token).replace(baseUrl, base));
      expect(await stream.next()).toEqual({ retry: '5000' });
      // Heartbeats come every 25 s and nothing else is sent: only the token's expiry ends it this soon.
      expect(await stream.next(5000)).toBe('end');
    } finally {
      await shortLived.close();
    }
  });

  it('ends the stream when the client disconnects', async () => {
    const me = await signedIn(t);
    const before = t.app.workspaceEvents.subscriberCount;
    const stream = await openStream(eventsUrl(me.workspaceId, me.token));
    await stream.next();
    expect(t.app.workspaceEvents.subscriberCount).toBe(before + 1);
    stream.close();
    await expect.poll(() => t.app.workspaceEvents.subscriberCount).toBe(before);
  });

  it('refuses a missing or bad token (401), a missing client id (400) and a foreign workspace (404)', async () => {
    const me = await signedIn(t);
    const other = await signedIn(t);
    const get = (url: string) => fetch(url, { headers: { accept: 'text/event-stream' } });
    const errorCode = async (response: Response) => ((await response.json()) as { errorCode: string }).errorCode;
    const noToken = await get(`${baseUrl}/api/v1/workspaces/${me.workspaceId}/events?client_id=${CLIENT_ID}`);
    expect(noToken.status).toBe(401);
    expect(await errorCode(noToken)).toBe('UNAUTHENTICATED');
    expect((await get(eventsUrl(me.workspaceId, 'forged.token.value'))).status).toBe(401);
    const noClient = await get(`${baseUrl}/api/v1/workspaces/${me.workspaceId}/events?access_token=${me.token}`);
    expect(noClient.status).toBe(400);
    expect(await errorCode(noClient)).toBe('INVALID_CLIENT');
    expect((await get(eventsUrl(me.workspaceId, me.token, 'unknown-client'))).status).toBe(400);
    const foreign = await get(eventsUrl(other.workspaceId, me.token));
    expect(foreign.status).toBe(404);
    expect(await errorCode(foreign)).toBe('NOT_FOUND');
  });

  it('still takes the usual headers', async () => {
    const me = await signedIn(t);
    const stream = await openStream(`${baseUrl}/api/v1/workspaces/${me.workspaceId}/events`, {
      authorization: `Bearer ${me.token}`,
      'x-client-id': CLIENT_ID,
    });
    expect(stream.response.status).toBe(200);
  });
});

// Only PostgreSQL has a LISTEN connection to lose; the PGlite project does not register it.
if (process.env.TEST_DATABASE === 'postgres') {
  describe('the LISTEN connection', () => {
    it('reconnects after PostgreSQL drops it; open streams end so clients catch up with Last-Event-ID', async () => {
      const me = await signedIn(t);
      const stream = await openStream(eventsUrl(me.workspaceId, me.token));
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
      const again = await openStream(eventsUrl(me.workspaceId, me.token));
      await again.next();
      await record(t, me.workspaceId, null, { subject: { n: 'after reconnect' } });
      expect(await again.nextActivity()).toMatchObject({ subject: { n: 'after reconnect' } });
    });
  });
}
