import type { SlackStatus } from '@tandem/contract';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { slackConnections, slackEvents, slackOAuthStates } from '../../db/schema/index.js';
import { openWorkspaceEvents, useEventStreams } from '../../test/event-stream.js';
import { useSlackStandIn } from '../../test/slack-fixtures.js';
import { signedEventHeaders, STAND_IN_SIGNING_SECRET, type SlackStandIn } from '../../test/slack-stand-in.js';
import { setUpRoles, type RoleMembers } from '../../test/task-fixtures.js';
import { useTestApp, type TestApp } from '../../test/test-app.js';
import type { SignedInMember } from '../../test/workspace-fixtures.js';
import { handleDirectMessage } from './dm-replies.js';
import { SLACK_EVENT_QUEUE, verifySlackSignature } from './slack-events.js';
import { sweepSlackEvents, sweepSlackOAuthStates } from './slack-sweeps.js';

// The DM handler is another part's work: here only whether and how often it is called matters.
vi.mock('./dm-replies.js', () => ({ handleDirectMessage: vi.fn(async () => undefined) }));

const payloadOf = <T>(response: { json<U>(): U }) => response.json<{ payload: T }>().payload;

async function connect(t: TestApp, slack: SlackStandIn, member: SignedInMember): Promise<void> {
  const installed = await t.post(`/api/v1/workspaces/${member.workspaceId}/slack/install`, undefined, { token: member.token });
  const state = new URL(payloadOf<{ authorizeUrl: string }>(installed).authorizeUrl).searchParams.get('state');
  const response = await t.post(
    `/api/v1/workspaces/${member.workspaceId}/slack/oauth/callback`,
    { state, code: slack.issueCode() },
    { token: member.token },
  );
  if (response.statusCode !== 200) throw new Error(`connect failed: ${response.body}`);
}

const statusOf = async (t: TestApp, member: SignedInMember) =>
  payloadOf<SlackStatus>(await t.get(`/api/v1/workspaces/${member.workspaceId}/slack`, { token: member.token }));

const eventRowCount = async (t: TestApp, eventId: string) =>
  (
    await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(slackEvents)
      .where(eq(slackEvents.eventId, eventId))
  )[0]!.n;

/** Jobs of the slack.event queue, in pg-boss's table. */
const eventJobCount = async (t: TestApp) => {
  const { rows } = await t.app.database.executeSql(`select count(*)::int as n from pgboss.job where name = $1`, [SLACK_EVENT_QUEUE]);
  return Number(rows[0]?.n);
};

describe('verifySlackSignature', () => {
  const secret = 'a-signing-secret';
  const rawBody = '{"type":"event_callback"}';
  const now = new Date('2026-11-24T12:00:00Z');
  const at = Math.floor(now.getTime() / 1000);

  it('accepts Slack’s v0 signature within 5 minutes either way', () => {
    for (const timestamp of [at, at - 300, at + 300]) {
      const headers = signedEventHeaders(secret, rawBody, timestamp);
      const input = { rawBody, timestamp: headers['x-slack-request-timestamp'], signature: headers['x-slack-signature'] };
      expect(verifySlackSignature(secret, input, now)).toEqual({ ok: true });
    }
  });

  it('refuses a stale or future timestamp, a missing one, another secret, another body', () => {
    const check = (timestamp: number | undefined, options: { signWith?: string; body?: string } = {}) => {
      const headers = signedEventHeaders(options.signWith ?? secret, rawBody, timestamp ?? at);
      return verifySlackSignature(
        secret,
        {
          rawBody: options.body ?? rawBody,
          timestamp: timestamp === undefined ? undefined : headers['x-slack-request-timestamp'],
          signature: headers['x-slack-signature'],
        },
        now,
      );
    };
    expect(check(at - 301)).toEqual({ ok: false, reason: 'stale' });
    expect(check(at + 301)).toEqual({ ok: false, reason: 'stale' });
    expect(check(undefined)).toEqual({ ok: false, reason: 'stale' });
    expect(check(at, { signWith: 'another-secret' })).toEqual({ ok: false, reason: 'signature' });
    expect(check(at, { body: '{"type":"event_callback" }' })).toEqual({ ok: false, reason: 'signature' });
    expect(verifySlackSignature(secret, { rawBody, timestamp: String(at), signature: 'v0=short' }, now)).toEqual({
      ok: false,
      reason: 'signature',
    });
  });
});

/** POST /api/slack/events (issue #12) as Slack calls it: over HTTP, signed by the stand-in. */
describe('Slack events endpoint', () => {
  const slack = useSlackStandIn();
  const t = useTestApp(slack.appConfig);
  const openStream = useEventStreams();
  let baseUrl: string;
  let eventsUrl: string;
  let roles: RoleMembers;
  beforeAll(async () => {
    baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
    eventsUrl = `${baseUrl}/api/slack/events`;
    roles = await setUpRoles(t);
  });
  beforeEach(() => {
    slack.standIn.reset();
    vi.mocked(handleDirectMessage).mockClear();
  });

  const send = (event: Record<string, unknown>, options: Parameters<SlackStandIn['sendEvent']>[3] = {}) =>
    slack.standIn.sendEvent(eventsUrl, STAND_IN_SIGNING_SECRET, event, options);
  const dm = (fields: Record<string, unknown> = {}) => ({
    type: 'message',
    channel: 'D0ANA',
    channel_type: 'im',
    user: 'U0ANA',
    text: 'Sounds good',
    ts: '1700000000.000100',
    ...fields,
  });

  it('answers url_verification with its challenge, without X-Client-Id', async () => {
    const response = await send({}, { envelope: { token: 'legacy', challenge: 'the-challenge', type: 'url_verification' } });
    expect(response.status).toBe(200);
    expect(JSON.parse(response.body)).toEqual({ challenge: 'the-challenge' });
  });

  it('refuses a bad signature or another secret with 401 and stores nothing', async () => {
    const forged = await send(dm(), { signature: `v0=${'0'.repeat(64)}` });
    expect(forged.status).toBe(401);
    const otherSecret = await slack.standIn.sendEvent(eventsUrl, 'not-the-signing-secret', dm());
    expect(otherSecret.status).toBe(401);
    expect(await eventRowCount(t, forged.eventId)).toBe(0);
    expect(await eventRowCount(t, otherSecret.eventId)).toBe(0);
  });

  it('refuses a replay older than 5 minutes, and a timestamp from the future, with 401', async () => {
    const now = Math.floor(Date.now() / 1000);
    const stale = await send(dm(), { timestamp: now - 6 * 60 });
    expect(stale.status).toBe(401);
    expect(JSON.parse(stale.body).errorDisplayMessage).toMatch(/5 minutes/);
    const future = await send(dm(), { timestamp: now + 6 * 60 });
    expect(future.status).toBe(401);
    expect(await eventRowCount(t, stale.eventId)).toBe(0);
    expect(await eventRowCount(t, future.eventId)).toBe(0);
  });

  describe('with a connected workspace', () => {
    beforeEach(async () => {
      if ((await statusOf(t, roles.OWNER)).connection === null) await connect(t, slack.standIn, roles.OWNER);
    });

    it('hands a person’s DM to the DM handler once, however often Slack retries it', async () => {
      const jobsBefore = await eventJobCount(t);
      const first = await send(dm());
      expect(first.status).toBe(200);
      // Slack's retry: the same envelope (same event id) with X-Slack-Retry-Num, signed anew.
      const again = await send(dm(), { eventId: first.eventId });
      expect(again.status).toBe(200);
      const body = JSON.stringify({
        token: 'legacy',
        team_id: slack.standIn.team.id,
        type: 'event_callback',
        event_id: first.eventId,
        event: dm(),
      });
      const retried = await t.app.inject({
        method: 'POST',
        url: '/api/slack/events',
        payload: body,
        headers: { ...signedEventHeaders(STAND_IN_SIGNING_SECRET, body), 'x-slack-retry-num': '1', 'x-slack-retry-reason': 'http_timeout' },
      });
      expect(retried.statusCode).toBe(200);
      await t.drainJobs([SLACK_EVENT_QUEUE]);
      expect(await eventJobCount(t)).toBe(jobsBefore + 1);
      expect(handleDirectMessage).toHaveBeenCalledTimes(1);
      const [context, event] = vi.mocked(handleDirectMessage).mock.calls[0]!;
      expect(event).toMatchObject({ type: 'message', channel: 'D0ANA', user: 'U0ANA', text: 'Sounds good' });
      expect(context).toMatchObject({
        eventId: first.eventId,
        connection: { workspaceId: roles.OWNER.workspaceId, teamId: slack.standIn.team.id },
      });
      expect(context.connection.botToken).toMatch(/^xoxb-/);
    });

    it('ignores the bot’s own messages, edits and messages outside DMs', async () => {
      for (const event of [
        dm({ bot_id: 'B0BOT' }),
        dm({ subtype: 'message_changed' }),
        dm({ channel_type: 'channel' }),
        dm({ user: undefined }),
      ]) {
        expect((await send(event)).status).toBe(200);
      }
      await t.drainJobs([SLACK_EVENT_QUEUE]);
      expect(handleDirectMessage).not.toHaveBeenCalled();
    });

    it('drops events of a team that is not connected', async () => {
      const response = await send(dm(), { envelope: { type: 'event_callback', team_id: 'T0UNKNOWN', event_id: 'EvUNKNOWN', event: dm() } });
      expect(response.status).toBe(200);
      await t.drainJobs([SLACK_EVENT_QUEUE]);
      expect(handleDirectMessage).not.toHaveBeenCalled();
    });

    it('app_uninstalled deletes the token and marks the connection disconnected, live', async () => {
      const stream = await openWorkspaceEvents(openStream, baseUrl, roles.USER);
      expect((await send({ type: 'app_uninstalled' })).status).toBe(200);
      await t.drainJobs([SLACK_EVENT_QUEUE]);
      expect(await stream.next('slack')).toMatchObject({
        data: { type: 'slack', workspaceId: roles.OWNER.workspaceId, action: 'disconnected', actorMemberId: null },
      });
      expect(await statusOf(t, roles.OWNER)).toMatchObject({ connection: null, disconnectedReason: 'Tandem was uninstalled from Slack' });
      const [row] = await t.db.select().from(slackConnections).where(eq(slackConnections.workspaceId, roles.OWNER.workspaceId));
      expect(row).toMatchObject({ botToken: null, disconnectedAt: expect.any(Date) });
    });

    it('tokens_revoked of the bot disconnects; of people’s tokens only, it does not', async () => {
      await send({ type: 'tokens_revoked', tokens: { oauth: ['U0SOMEONE'] } });
      await t.drainJobs([SLACK_EVENT_QUEUE]);
      expect((await statusOf(t, roles.OWNER)).connection).not.toBeNull();
      await send({ type: 'tokens_revoked', tokens: { bot: [slack.standIn.botUserId] } });
      await t.drainJobs([SLACK_EVENT_QUEUE]);
      expect(await statusOf(t, roles.OWNER)).toMatchObject({ connection: null, disconnectedReason: 'Slack revoked Tandem’s token' });
    });

    it('announces a new connection live', async () => {
      const stream = await openWorkspaceEvents(openStream, baseUrl, roles.GUEST);
      const disconnected = await t.post(`/api/v1/workspaces/${roles.OWNER.workspaceId}/slack/disconnect`, undefined, {
        token: roles.OWNER.token,
      });
      expect(disconnected.statusCode).toBe(200);
      expect(await stream.next('slack')).toMatchObject({ data: { action: 'disconnected', actorMemberId: roles.OWNER.memberId } });
      await connect(t, slack.standIn, roles.OWNER);
      expect(await stream.next('slack')).toMatchObject({ data: { action: 'connected', actorMemberId: roles.OWNER.memberId } });
    });
  });

  it('sweeps event ids after a day and used states after an hour', async () => {
    const now = new Date();
    const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 60 * 60_000);
    await t.db.insert(slackEvents).values([
      { eventId: 'EvOLD', teamId: 'T1', receivedAt: hoursAgo(25) },
      { eventId: 'EvNEW', teamId: 'T1', receivedAt: hoursAgo(23) },
    ]);
    await t.db.insert(slackOAuthStates).values([
      { stateId: 'state-old', workspaceId: roles.OWNER.workspaceId, usedAt: hoursAgo(1.5) },
      { stateId: 'state-new', workspaceId: roles.OWNER.workspaceId, usedAt: hoursAgo(0.5) },
    ]);
    expect(await sweepSlackEvents(t.db, now)).toBe(1);
    expect(await sweepSlackOAuthStates(t.db, now)).toBeGreaterThanOrEqual(1);
    expect(await eventRowCount(t, 'EvOLD')).toBe(0);
    expect(await eventRowCount(t, 'EvNEW')).toBe(1);
    const states = await t.db.select({ stateId: slackOAuthStates.stateId }).from(slackOAuthStates);
    expect(states.map((row) => row.stateId)).toContain('state-new');
    expect(states.map((row) => row.stateId)).not.toContain('state-old');
  });
});
