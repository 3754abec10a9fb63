import { TOKEN_REFUSED_REASON } from './slack-connections.js';
import type { SlackChannel, SlackStatus } from '@tandem/contract';
import { SLACK_BOT_SCOPES, SLACK_REQUIRED_SETTINGS } from '@tandem/contract';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { slackConnections, slackOAuthStates } from '../../db/schema/index.js';
import { useSlackStandIn } from '../../test/slack-fixtures.js';
import type { SlackStandIn } from '../../test/slack-stand-in.js';
import { setUpRoles, type RoleMembers } from '../../test/task-fixtures.js';
import { PUBLIC_URL, testConfig, useTestApp, type TestApp } from '../../test/test-app.js';
import { patch, signUpOwner, urls, type SignedInMember } from '../../test/workspace-fixtures.js';
import { OAuthStates } from './oauth-state.js';
import { botTokenBox } from './slack-connections.js';
import { SLACK_REVOKE_QUEUE } from './slack-service.js';

const slackUrls = {
  status: (workspaceId: string) => `/api/v1/workspaces/${workspaceId}/slack`,
  install: (workspaceId: string) => `/api/v1/workspaces/${workspaceId}/slack/install`,
  callback: (workspaceId: string) => `/api/v1/workspaces/${workspaceId}/slack/oauth/callback`,
  disconnect: (workspaceId: string) => `/api/v1/workspaces/${workspaceId}/slack/disconnect`,
  channels: (workspaceId: string) => `/api/v1/workspaces/${workspaceId}/slack/channels`,
};

const payloadOf = <T>(response: { json<U>(): U }) => response.json<{ payload: T }>().payload;

/** POST …/slack/install as `member`; the state of the authorize URL (throws unless 200). */
async function install(t: TestApp, member: SignedInMember): Promise<{ authorizeUrl: URL; state: string }> {
  const response = await t.post(slackUrls.install(member.workspaceId), undefined, { token: member.token });
  if (response.statusCode !== 200) throw new Error(`install failed: ${response.body}`);
  const authorizeUrl = new URL(payloadOf<{ authorizeUrl: string }>(response).authorizeUrl);
  return { authorizeUrl, state: authorizeUrl.searchParams.get('state')! };
}

const callback = (t: TestApp, member: SignedInMember, body: Record<string, unknown>) =>
  t.post(slackUrls.callback(member.workspaceId), body, { token: member.token });

/** The whole install as the browser runs it: install, consent in (stand-in) Slack, callback. */
async function connect(t: TestApp, slack: SlackStandIn, member: SignedInMember) {
  const { state } = await install(t, member);
  return callback(t, member, { state, code: slack.issueCode() });
}

const connectionRow = async (t: TestApp, workspaceId: string) =>
  (await t.db.select().from(slackConnections).where(eq(slackConnections.workspaceId, workspaceId)))[0];
const usedStateCount = async (t: TestApp, workspaceId: string) =>
  (
    await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(slackOAuthStates)
      .where(eq(slackOAuthStates.workspaceId, workspaceId))
  )[0]!.n;

/** A second PRO workspace (its own owner), for "another workspace" and "another team" cases. */
async function proWorkspace(t: TestApp, firstName: string): Promise<SignedInMember> {
  const owner = await signUpOwner(t, { firstName, lastName: 'Other' });
  const upgraded = await patch(t, urls.subscription(owner.workspaceId), { subscriptionType: 'PRO' }, owner.token);
  if (upgraded.statusCode !== 200) throw new Error(`upgrade failed: ${upgraded.body}`);
  return owner;
}

/** The Slack connection routes (issue #12 "Install and connection") against the Slack stand-in. */
describe('Slack connection', () => {
  const slack = useSlackStandIn();
  const t = useTestApp(slack.appConfig);
  let roles: RoleMembers;
  beforeAll(async () => {
    roles = await setUpRoles(t);
  });
  beforeEach(() => slack.standIn.reset());

  it('shows the status to every member; only OWNER, EXECUTIVE and EXECUTIVEASSISTANT may connect', async () => {
    for (const [type, member] of Object.entries(roles)) {
      const response = await t.get(slackUrls.status(member.workspaceId), { token: member.token });
      expect(response.statusCode, type).toBe(200);
      expect(payloadOf<SlackStatus>(response), type).toEqual({
        configured: true,
        missingSettings: [],
        planAllows: true,
        canConnect: ['OWNER', 'EXECUTIVE', 'EXECUTIVEASSISTANT'].includes(type),
        connection: null,
        disconnectedReason: null,
        redirectUrl: `${PUBLIC_URL}/slack/oauth/callback`,
        eventsUrl: `${PUBLIC_URL}/api/slack/events`,
      });
    }
  });

  it('refuses USER and GUEST with 403 and a clear message, and another workspace with 404', async () => {
    for (const type of ['USER', 'GUEST'] as const) {
      const member = roles[type];
      for (const url of [slackUrls.install, slackUrls.disconnect]) {
        const response = await t.post(url(member.workspaceId), undefined, { token: member.token });
        expect(response.statusCode, `${type} ${url('x')}`).toBe(403);
        expect(response.json().errorDisplayMessage).toMatch(/connect Slack/);
      }
      const refused = await callback(t, member, { state: 'whatever', code: 'code' });
      expect(refused.statusCode).toBe(403);
    }
    const stranger = await signUpOwner(t, { firstName: 'Stan', lastName: 'Ger' });
    for (const response of [
      await t.get(slackUrls.status(roles.OWNER.workspaceId), { token: stranger.token }),
      await t.post(slackUrls.install(roles.OWNER.workspaceId), undefined, { token: stranger.token }),
      await t.get(slackUrls.channels(roles.OWNER.workspaceId), { token: stranger.token }),
    ]) {
      expect(response.statusCode).toBe(404);
    }
  });

  it('refuses FREE with 402 PLAN_LIMIT and an upgrade hint; its status says so', async () => {
    const free = await signUpOwner(t, { firstName: 'Fran', lastName: 'Free' });
    const response = await t.post(slackUrls.install(free.workspaceId), undefined, { token: free.token });
    expect(response.statusCode).toBe(402);
    expect(response.json()).toMatchObject({ errorCode: 'PLAN_LIMIT', errorDisplayMessage: expect.stringMatching(/FREE.*Upgrade/) });
    const status = payloadOf<SlackStatus>(await t.get(slackUrls.status(free.workspaceId), { token: free.token }));
    expect(status).toMatchObject({ planAllows: false, canConnect: true });
  });

  it('builds Slack’s authorize URL with the bot scopes, the redirect URL and a signed state', async () => {
    const { authorizeUrl, state } = await install(t, roles.EXECUTIVEASSISTANT);
    expect(`${authorizeUrl.origin}${authorizeUrl.pathname}`).toBe(slack.standIn.config().authorizeUrl);
    expect(authorizeUrl.searchParams.get('client_id')).toBe(slack.standIn.config().clientId);
    expect(authorizeUrl.searchParams.get('scope')).toBe(SLACK_BOT_SCOPES.join(','));
    expect(authorizeUrl.searchParams.get('redirect_uri')).toBe(`${PUBLIC_URL}/slack/oauth/callback`);
    const verified = await new OAuthStates(testConfig().codePepper).verify(state);
    expect(verified).toMatchObject({ claims: { workspaceId: roles.OWNER.workspaceId, memberId: roles.EXECUTIVEASSISTANT.memberId } });
  });

  describe('refusals store nothing', () => {
    let other: SignedInMember;
    beforeAll(async () => {
      other = await proWorkspace(t, 'Rhea');
    });
    const signer = () => new OAuthStates(testConfig().codePepper);

    async function expectRefused(member: SignedInMember, body: Record<string, unknown>, field: string, message: RegExp) {
      const response = await callback(t, member, body);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ errorCode: 'VALIDATION_FAILED', errorData: { [field]: expect.stringMatching(message) } });
      expect(response.json().errorDisplayMessage).toMatch(message);
      expect(await connectionRow(t, member.workspaceId)).toBeUndefined();
      expect(await usedStateCount(t, member.workspaceId)).toBe(0);
    }

    it('a tampered state, or one signed with another secret', async () => {
      const { state } = await install(t, other);
      const [header, payload, signature] = state.split('.');
      const flipped = `${signature!.slice(0, -2)}${signature!.endsWith('AA') ? 'BB' : 'AA'}`;
      await expectRefused(other, { state: `${header}.${payload}.${flipped}`, code: slack.standIn.issueCode() }, 'state', /not valid/);
      const forgedPayload = Buffer.from(
        JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), wid: roles.OWNER.workspaceId }),
      ).toString('base64url');
      await expectRefused(
        other,
        { state: `${header}.${forgedPayload}.${signature}`, code: slack.standIn.issueCode() },
        'state',
        /not valid/,
      );
      const foreign = await new OAuthStates('another-secret-that-is-long-enough-0123456789').sign({
        workspaceId: other.workspaceId,
        memberId: other.memberId,
      });
      await expectRefused(other, { state: foreign, code: slack.standIn.issueCode() }, 'state', /not valid/);
      await expectRefused(other, { state: 'not-a-jwt', code: slack.standIn.issueCode() }, 'state', /not valid/);
      expect(slack.standIn.calls('oauth.v2.access')).toHaveLength(0);
    });

    it('an expired state (older than 10 minutes)', async () => {
      const elevenMinutesAgo = new Date(Date.now() - 11 * 60_000);
      const expired = await signer().sign({ workspaceId: other.workspaceId, memberId: other.memberId }, elevenMinutesAgo);
      await expectRefused(other, { state: expired, code: slack.standIn.issueCode() }, 'state', /expired/);
      // Nine minutes old is still valid (the state's lifetime is 10 minutes).
      const recent = await signer().sign({ workspaceId: other.workspaceId, memberId: other.memberId }, new Date(Date.now() - 9 * 60_000));
      expect(await signer().verify(recent)).toHaveProperty('claims');
    });

    it('a state of another member or of another workspace', async () => {
      const ofOwner = await install(t, roles.OWNER);
      const executive = roles.EXECUTIVE;
      const response = await callback(t, executive, { state: ofOwner.state, code: slack.standIn.issueCode() });
      expect(response.statusCode).toBe(400);
      expect(response.json().errorData.state).toMatch(/another member/);
      const ofOther = await install(t, other);
      const elsewhere = await callback(t, roles.OWNER, { state: ofOther.state, code: slack.standIn.issueCode() });
      expect(elsewhere.statusCode).toBe(400);
      expect(elsewhere.json().errorData.state).toMatch(/another workspace/);
      expect(await connectionRow(t, roles.OWNER.workspaceId)).toBeUndefined();
      expect(await usedStateCount(t, roles.OWNER.workspaceId)).toBe(0);
      expect(slack.standIn.calls('oauth.v2.access')).toHaveLength(0);
    });

    it('a declined consent', async () => {
      const { state } = await install(t, other);
      await expectRefused(other, { state, error: 'access_denied' }, 'error', /You cancelled the connection in Slack\./);
    });

    it('a failed exchange: Slack’s reason in plain words; Slack unreachable is 503', async () => {
      const { state } = await install(t, other);
      slack.standIn.failNext('oauth.v2.access', 'invalid_code');
      await expectRefused(other, { state, code: slack.standIn.issueCode() }, 'code', /not valid or was already used/);
      slack.standIn.failNext('oauth.v2.access', 'internal_error', { status: 500 });
      const unreachable = await callback(t, other, { state, code: slack.standIn.issueCode() });
      expect(unreachable.statusCode).toBe(503);
      expect(unreachable.json().errorCode).toBe('UNAVAILABLE');
      expect(await connectionRow(t, other.workspaceId)).toBeUndefined();
      expect(await usedStateCount(t, other.workspaceId)).toBe(0);
    });
  });

  describe('connected', () => {
    let status: SlackStatus;
    beforeAll(async () => {
      const response = await connect(t, slack.standIn, roles.EXECUTIVEASSISTANT);
      if (response.statusCode !== 200) throw new Error(`connect failed: ${response.body}`);
      status = payloadOf<SlackStatus>(response);
    });

    it('lets the assistant connect: the status names the team, the installer, when and the scopes', async () => {
      expect(status.connection).toEqual({
        teamId: slack.standIn.team.id,
        teamName: slack.standIn.team.name,
        botUserId: slack.standIn.botUserId,
        scopes: [...SLACK_BOT_SCOPES],
        installedBy: { memberId: roles.EXECUTIVEASSISTANT.memberId, firstName: 'Ivy', lastName: 'Invitee' },
        installedAt: expect.any(String),
      });
      const seen = payloadOf<SlackStatus>(await t.get(slackUrls.status(roles.GUEST.workspaceId), { token: roles.GUEST.token }));
      expect(seen.connection).toEqual(status.connection);
      expect(await usedStateCount(t, roles.OWNER.workspaceId)).toBe(1);
    });

    it('stores the bot token encrypted at rest: the stored text is not the token, the key opens it', async () => {
      const row = await connectionRow(t, roles.OWNER.workspaceId);
      const token = botTokenBox(testConfig().encryptionKey).open(row!.botToken!);
      expect(slack.standIn.liveTokens.has(token)).toBe(true);
      expect(token).toMatch(/^xoxb-/);
      expect(row!.botToken).not.toContain(token);
      expect(row!.botToken).not.toContain(token.slice(5));
      expect(row!.botToken).toMatch(/^v1\./);
      expect(() => botTokenBox('another-encryption-key-long-enough-0123456789').open(row!.botToken!)).toThrow();
    });

    it('refuses a state used once already, without a second exchange', async () => {
      const { state } = await install(t, roles.OWNER);
      const first = await callback(t, roles.OWNER, { state, code: slack.standIn.issueCode() });
      expect(first.statusCode).toBe(200);
      const exchanges = slack.standIn.calls('oauth.v2.access').length;
      const again = await callback(t, roles.OWNER, { state, code: slack.standIn.issueCode() });
      expect(again.statusCode).toBe(400);
      expect(again.json().errorData.state).toMatch(/already used/);
      expect(slack.standIn.calls('oauth.v2.access')).toHaveLength(exchanges);
    });

    it('refuses to connect the same Slack team to another workspace (409)', async () => {
      const other = await proWorkspace(t, 'Tess');
      const response = await connect(t, slack.standIn, other);
      expect(response.statusCode).toBe(409);
      expect(response.json().errorDisplayMessage).toMatch(/already connected to another Tandem workspace/);
      expect(await connectionRow(t, other.workspaceId)).toBeUndefined();
      expect(await usedStateCount(t, other.workspaceId)).toBe(0);
    });

    it('lists only the channels the bot is in, to members who may post summaries', async () => {
      slack.standIn.addChannel({ id: 'C0GENERAL', name: 'general' });
      slack.standIn.addChannel({ id: 'C0LEADS', name: 'leads', isPrivate: true });
      slack.standIn.addChannel({ id: 'C0RANDOM', name: 'random', botIsMember: false });
      const response = await t.get(slackUrls.channels(roles.EXECUTIVEASSISTANT.workspaceId), { token: roles.EXECUTIVEASSISTANT.token });
      expect(response.statusCode).toBe(200);
      expect(payloadOf<{ items: SlackChannel[] }>(response).items).toEqual([
        { id: 'C0GENERAL', name: 'general', isPrivate: false },
        { id: 'C0LEADS', name: 'leads', isPrivate: true },
      ]);
      expect(slack.standIn.calls('users.conversations')[0]!.args).toMatchObject({
        types: 'public_channel,private_channel',
        exclude_archived: 'true',
      });
      const refused = await t.get(slackUrls.channels(roles.USER.workspaceId), { token: roles.USER.token });
      expect(refused.statusCode).toBe(403);
    });
  });

  describe('disconnect and revoked tokens', () => {
    let owner: SignedInMember;
    beforeEach(async () => {
      owner = roles.OWNER;
      const response = await connect(t, slack.standIn, owner);
      if (response.statusCode !== 200) throw new Error(`connect failed: ${response.body}`);
    });

    it('deletes the token at once, then revokes it in Slack with auth.revoke', async () => {
      const row = await connectionRow(t, owner.workspaceId);
      const token = botTokenBox(testConfig().encryptionKey).open(row!.botToken!);
      const response = await t.post(slackUrls.disconnect(owner.workspaceId), undefined, { token: owner.token });
      expect(response.statusCode).toBe(200);
      expect(payloadOf<SlackStatus>(response)).toMatchObject({ connection: null, disconnectedReason: 'Disconnected by Olive Owner' });
      expect(await connectionRow(t, owner.workspaceId)).toMatchObject({ botToken: null, disconnectedAt: expect.any(Date) });
      await t.drainJobs([SLACK_REVOKE_QUEUE]);
      expect(slack.standIn.calls('auth.revoke').map((call) => call.token)).toEqual([token]);
      expect(slack.standIn.liveTokens.has(token)).toBe(false);
      // Disconnecting again changes nothing and revokes nothing more.
      const again = await t.post(slackUrls.disconnect(owner.workspaceId), undefined, { token: owner.token });
      expect(payloadOf<SlackStatus>(again).disconnectedReason).toBe('Disconnected by Olive Owner');
      await t.drainJobs([SLACK_REVOKE_QUEUE]);
      expect(slack.standIn.calls('auth.revoke')).toHaveLength(1);
      const channels = await t.get(slackUrls.channels(owner.workspaceId), { token: owner.token });
      expect(channels.statusCode).toBe(409);
    });

    it('reconnecting the same team keeps its token; connecting another team revokes the replaced one', async () => {
      const box = botTokenBox(testConfig().encryptionKey);
      const first = box.open((await connectionRow(t, owner.workspaceId))!.botToken!);
      expect((await connect(t, slack.standIn, owner)).statusCode).toBe(200);
      const second = box.open((await connectionRow(t, owner.workspaceId))!.botToken!);
      // A row as if another team were connected: the next install (the stand-in's team) replaces it.
      await t.db.update(slackConnections).set({ teamId: 'T0PREVIOUS' }).where(eq(slackConnections.workspaceId, owner.workspaceId));
      expect((await connect(t, slack.standIn, owner)).statusCode).toBe(200);
      await t.drainJobs([SLACK_REVOKE_QUEUE]);
      expect(slack.standIn.calls('auth.revoke').map((call) => call.token)).toEqual([second]);
      expect(slack.standIn.liveTokens.has(first)).toBe(true);
      expect(await connectionRow(t, owner.workspaceId)).toMatchObject({ teamId: slack.standIn.team.id, disconnectedAt: null });
    });

    it('deletes the token even when auth.revoke fails', async () => {
      slack.standIn.failNext('auth.revoke', 'internal_error', { status: 500 });
      const response = await t.post(slackUrls.disconnect(owner.workspaceId), undefined, { token: owner.token });
      expect(response.statusCode).toBe(200);
      expect((await connectionRow(t, owner.workspaceId))!.botToken).toBeNull();
      await slack.standIn.waitForCalls('auth.revoke', 1);
    });

    it('a token Slack revoked: listing channels ends the connection (409 “Slack was disconnected”)', async () => {
      const row = await connectionRow(t, owner.workspaceId);
      slack.standIn.revokeToken(botTokenBox(testConfig().encryptionKey).open(row!.botToken!));
      const response = await t.get(slackUrls.channels(owner.workspaceId), { token: owner.token });
      expect(response.statusCode).toBe(409);
      expect(response.json().errorDisplayMessage).toMatch(/Slack was disconnected/);
      const status = payloadOf<SlackStatus>(await t.get(slackUrls.status(owner.workspaceId), { token: owner.token }));
      expect(status).toMatchObject({ connection: null, disconnectedReason: TOKEN_REFUSED_REASON });
    });
  });
});

/** Without SLACK_CLIENT_ID, SLACK_CLIENT_SECRET and SLACK_SIGNING_SECRET the tab explains what to set. */
describe('Slack not configured', () => {
  const t = useTestApp();
  let owner: SignedInMember;
  beforeAll(async () => {
    owner = await proWorkspace(t, 'Nora');
  });

  it('status says what to configure; install is 409; the events endpoint is 404', async () => {
    const status = payloadOf<SlackStatus>(await t.get(slackUrls.status(owner.workspaceId), { token: owner.token }));
    expect(status).toMatchObject({ configured: false, missingSettings: [...SLACK_REQUIRED_SETTINGS], planAllows: true, connection: null });
    const response = await t.post(slackUrls.install(owner.workspaceId), undefined, { token: owner.token });
    expect(response.statusCode).toBe(409);
    expect(response.json().errorDisplayMessage).toBe(
      'Slack is not configured on this server: set SLACK_CLIENT_ID, SLACK_CLIENT_SECRET, SLACK_SIGNING_SECRET.',
    );
    const events = await t.post('/api/slack/events', { type: 'url_verification', challenge: 'x' });
    expect(events.statusCode).toBe(404);
  });
});
