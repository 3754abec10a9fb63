import { and, eq, isNotNull, isNull, ne } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import {
  can,
  planLimits,
  SLACK_BOT_SCOPES,
  type SlackChannel,
  type SlackInstall,
  type SlackOAuthCallbackBody,
  type SlackStatus,
} from '@tandem/contract';
import type { AppConfig } from '../../config/env.js';
import type { Database, Queryable } from '../../db/client.js';
import { people, slackConnections, slackOAuthStates, subscriptions, workspaceMembers } from '../../db/schema/index.js';
import type { EventTypeDefinition } from '../../events/event-bus.js';
import type { Jobs } from '../../jobs/jobs.js';
import { AppError, invalidField } from '../../lib/errors.js';
import { assertAllowed, loadMembership, type MemberRow } from '../../permissions/membership.js';
import type { OAuthStates } from './oauth-state.js';
import { slackClient, slackErrorCode, TOKEN_GONE_ERRORS, type SlackAppConfig } from './slack-client.js';
import { callSlack, openSlack } from './slack-calls.js';
import { announceSlack, botTokenBox, findConnectionRow, markDisconnected } from './slack-connections.js';

/** What the Slack connection's services need (built once by the routes). */
export interface SlackDeps {
  db: Database;
  config: Pick<AppConfig, 'slack' | 'slackMissingSettings' | 'encryptionKey' | 'publicUrl'>;
  jobs: Jobs;
  states: OAuthStates;
  logger: FastifyBaseLogger;
}

/** The queue that revokes a bot token in Slack after a disconnect (auth.revoke; retried by the queue). */
export const SLACK_REVOKE_QUEUE = 'slack.revoke-token';

/** The most channels the summary's picker lists (users.conversations pages of 200). */
const MAX_CHANNELS = 1000;
const CHANNELS_PAGE_SIZE = 200;

// ---------------------------------------------------------------------------------------------
// Live event

/** A `slack` event needs no audience hint: every member may see the Slack tab's status. */
export const SlackAudienceSchema = z.object({});
export type SlackAudience = z.infer<typeof SlackAudienceSchema>;

declare module '../../events/event-bus.js' {
  interface EventAudiences {
    slack: SlackAudience;
  }
}

/** The `slack` event type on the bus (contract slack.ts SlackEvent): heard by every member. */
export const slackLiveEvents: EventTypeDefinition<'slack'> = {
  type: 'slack',
  audience: SlackAudienceSchema,
  mayReceive: async () => true,
};

// ---------------------------------------------------------------------------------------------
// Status

const redirectUrlOf = (publicUrl: string) => `${publicUrl}/slack/oauth/callback`;
const eventsUrlOf = (publicUrl: string) => `${publicUrl}/api/slack/events`;

async function getPlan(db: Queryable, workspaceId: string): Promise<keyof typeof planLimits> {
  const [row] = await db
    .select({ plan: subscriptions.subscriptionType })
    .from(subscriptions)
    .where(eq(subscriptions.workspaceId, workspaceId));
  return row?.plan ?? 'FREE';
}

/**
 * The settings a Slack connection still lacks. AppConfig keeps only the complete Slack
 * configuration, so without it every required setting is named.
 */

/**
 * GET v1/workspaces/{id}/slack (issue #12; PRODUCT §3 Settings → Slack): readable by every
 * member. @throws 404 when the caller is not an ACTIVE member of `workspaceId`.
 */
export async function getSlackStatus(deps: SlackDeps, personId: string, workspaceId: string): Promise<SlackStatus> {
  const member = await loadMembership(deps.db, workspaceId, personId);
  return readStatus(deps, member);
}

async function readStatus(deps: Pick<SlackDeps, 'db' | 'config'>, member: MemberRow): Promise<SlackStatus> {
  const { db, config } = deps;
  const plan = await getPlan(db, member.workspaceId);
  const row = await findConnectionRow(db, member.workspaceId);
  const isLive = row !== undefined && row.botToken !== null && row.disconnectedAt === null;
  let installedBy: NonNullable<SlackStatus['connection']>['installedBy'] = null;
  if (isLive && row.installedByMemberId) {
    const [installer] = await db
      .select({ memberId: workspaceMembers.id, firstName: people.firstName, lastName: people.lastName })
      .from(workspaceMembers)
      .innerJoin(people, eq(people.id, workspaceMembers.personId))
      .where(and(eq(workspaceMembers.workspaceId, member.workspaceId), eq(workspaceMembers.id, row.installedByMemberId)));
    installedBy = installer ?? null;
  }
  return {
    configured: config.slack !== null,
    missingSettings: config.slackMissingSettings,
    planAllows: planLimits[plan].slack,
    canConnect: can(member.workspaceMemberType, 'connectSlack'),
    connection: isLive
      ? {
          teamId: row.teamId,
          teamName: row.teamName,
          botUserId: row.botUserId,
          scopes: row.scopes,
          installedBy,
          installedAt: row.installedAt.toISOString(),
        }
      : null,
    disconnectedReason: !isLive ? (row?.disconnectedReason ?? null) : null,
    redirectUrl: redirectUrlOf(config.publicUrl),
    eventsUrl: eventsUrlOf(config.publicUrl),
  };
}

// ---------------------------------------------------------------------------------------------
// Install

/**
 * The caller's membership once they may connect Slack here and the server and plan allow it.
 * @throws 404 not a member; 403 USER, GUEST (PRODUCT §6); 409 Slack not configured on this
 *   server; 402 PLAN_LIMIT on FREE (PRODUCT §8).
 */
async function loadConnector(
  deps: SlackDeps,
  personId: string,
  workspaceId: string,
): Promise<{ member: MemberRow; slack: SlackAppConfig }> {
  const member = await loadMembership(deps.db, workspaceId, personId);
  assertAllowed(member, 'connectSlack');
  const slack = deps.config.slack;
  if (!slack) {
    throw new AppError('CONFLICT', `Slack is not configured on this server: set ${deps.config.slackMissingSettings.join(', ')}.`);
  }
  const plan = await getPlan(deps.db, workspaceId);
  if (!planLimits[plan].slack) {
    throw new AppError('PLAN_LIMIT', `Your ${plan} plan does not include Slack. Upgrade to PRO to connect Slack.`);
  }
  return { member, slack };
}

/**
 * POST v1/workspaces/{id}/slack/install (issue #12): Slack's OAuth v2 authorize URL with the bot
 * scopes (SLACK_BOT_SCOPES), the redirect URL {PUBLIC_URL}/slack/oauth/callback and a fresh
 * state bound to the caller and workspace, valid 10 minutes.
 * @throws see loadConnector (404, 403, 409, 402).
 */
export async function startInstall(deps: SlackDeps, personId: string, workspaceId: string): Promise<SlackInstall> {
  const { member, slack } = await loadConnector(deps, personId, workspaceId);
  const url = new URL(slack.authorizeUrl);
  url.searchParams.set('client_id', slack.clientId);
  url.searchParams.set('scope', SLACK_BOT_SCOPES.join(','));
  url.searchParams.set('redirect_uri', redirectUrlOf(deps.config.publicUrl));
  url.searchParams.set('state', await deps.states.sign({ workspaceId, memberId: member.id }));
  return { authorizeUrl: url.href };
}

const stateRefused = (message: string) => invalidField('state', message);

const STATE_MESSAGES = {
  invalid: 'This link from Slack is not valid. Start the connection again from Settings → Slack.',
  expired: 'This link from Slack has expired (it is valid for 10 minutes). Start the connection again.',
  otherMember: 'This connection was started by another member. Start it again yourself from Settings → Slack.',
  otherWorkspace: 'This connection was started for another workspace. Start it again from this workspace’s Settings → Slack.',
  reused: 'This link from Slack was already used. Start the connection again if you want to reconnect.',
};

/** Slack's reasons for refusing a code exchange, in plain words (https://api.slack.com/methods/oauth.v2.access). */
const EXCHANGE_REASONS: Record<string, string> = {
  invalid_code: 'the authorization code is not valid or was already used',
  code_already_used: 'the authorization code was already used',
  code_expired: 'the authorization code has expired',
  bad_redirect_uri: 'the redirect URL does not match the Slack app’s settings',
  invalid_client_id: 'the server’s SLACK_CLIENT_ID is not this Slack app’s',
  bad_client_secret: 'the server’s SLACK_CLIENT_SECRET is wrong',
  oauth_authorization_url_mismatch: 'the authorize URL does not match the Slack app',
};

/** What oauth.v2.access answers for a bot install (the fields Tandem stores). */
interface OAuthAccess {
  teamId: string;
  teamName: string;
  botUserId: string;
  accessToken: string;
  scopes: string[];
}

/**
 * Exchanges `code` for the bot token (oauth.v2.access through the configured Web API).
 * @throws 400 errorData.code with Slack's reason in plain words; 503 UNAVAILABLE when Slack
 *   cannot be reached or answers with an HTTP error.
 */
async function exchangeCode(slack: SlackAppConfig, code: string, redirectUri: string, logger: FastifyBaseLogger): Promise<OAuthAccess> {
  let result;
  try {
    result = await slackClient(slack).oauth.v2.access({
      client_id: slack.clientId,
      client_secret: slack.clientSecret,
      code,
      redirect_uri: redirectUri,
    });
  } catch (error) {
    const reason = slackErrorCode(error);
    if (reason === null) {
      logger.warn({ err: error }, 'slack: oauth.v2.access failed');
      throw new AppError('UNAVAILABLE', 'Slack could not be reached to finish the connection. Try again in a moment.');
    }
    const words = EXCHANGE_REASONS[reason] ?? `Slack answered “${reason}”`;
    throw invalidField('code', `Slack did not accept the connection: ${words}. Start the connection again.`);
  }
  if (!result.access_token || !result.team?.id || !result.bot_user_id) {
    logger.warn({ team: result.team, tokenType: result.token_type }, 'slack: oauth.v2.access answered without a bot token');
    throw invalidField('code', 'Slack did not return a bot token. Start the connection again.');
  }
  return {
    teamId: result.team.id,
    teamName: result.team.name ?? result.team.id,
    botUserId: result.bot_user_id,
    accessToken: result.access_token,
    scopes: (result.scope ?? '').split(',').filter(Boolean),
  };
}

/**
 * POST v1/workspaces/{id}/slack/oauth/callback (issue #12): verifies the state (signature,
 * expiry, the caller's own, this workspace's, unused), exchanges the code, and in one transaction
 * records the state as used, stores the connection with its token encrypted (AES-256-GCM) and
 * announces it; a live connection to another team is replaced and its token revoked (queue).
 * Nothing is stored on any refusal.
 * @returns the new status.
 * @throws see loadConnector; 400 errorData.state for a bad, expired, foreign or reused state;
 *   400 errorData.error when the person declined in Slack; 400 errorData.code for a failed
 *   exchange; 503 when Slack is unreachable; 409 when that Slack team is connected to another workspace.
 */
export async function completeInstall(
  deps: SlackDeps,
  personId: string,
  workspaceId: string,
  body: SlackOAuthCallbackBody,
): Promise<SlackStatus> {
  const { member, slack } = await loadConnector(deps, personId, workspaceId);
  const verified = await deps.states.verify(body.state);
  if ('problem' in verified) throw stateRefused(STATE_MESSAGES[verified.problem]);
  const { claims } = verified;
  if (claims.workspaceId !== workspaceId) throw stateRefused(STATE_MESSAGES.otherWorkspace);
  if (claims.memberId !== member.id) throw stateRefused(STATE_MESSAGES.otherMember);
  if (body.error) {
    throw invalidField(
      'error',
      body.error === 'access_denied' ? 'You cancelled the connection in Slack.' : `Slack did not connect: ${body.error}.`,
    );
  }
  if (!body.code) throw invalidField('code', 'The link from Slack has no code. Start the connection again.');
  // Checked before the exchange too, so a reused link costs no call to Slack.
  if (await isStateUsed(deps.db, claims.stateId)) throw stateRefused(STATE_MESSAGES.reused);

  const access = await exchangeCode(slack, body.code, redirectUrlOf(deps.config.publicUrl), deps.logger);
  const sealed = botTokenBox(deps.config.encryptionKey).seal(access.accessToken);
  await deps.db.transaction(async (tx) => {
    const used = await tx
      .insert(slackOAuthStates)
      .values({ stateId: claims.stateId, workspaceId })
      .onConflictDoNothing()
      .returning({ stateId: slackOAuthStates.stateId });
    if (used.length === 0) throw stateRefused(STATE_MESSAGES.reused);
    const [elsewhere] = await tx
      .select({ workspaceId: slackConnections.workspaceId })
      .from(slackConnections)
      .where(
        and(
          eq(slackConnections.teamId, access.teamId),
          ne(slackConnections.workspaceId, workspaceId),
          isNull(slackConnections.disconnectedAt),
          isNotNull(slackConnections.botToken),
        ),
      );
    if (elsewhere) {
      throw new AppError(
        'CONFLICT',
        `The Slack workspace ${access.teamName} is already connected to another Tandem workspace. Disconnect it there first.`,
      );
    }
    const [previous] = await tx.select().from(slackConnections).where(eq(slackConnections.workspaceId, workspaceId)).for('update');
    if (previous?.botToken && previous.disconnectedAt === null && previous.teamId !== access.teamId) {
      // Another team replaces the live one: its token is revoked like a disconnect's. (The same
      // team reinstalling gets the same bot, whose token must stay valid.)
      await deps.jobs.enqueue<SlackRevokeJobData>(tx, SLACK_REVOKE_QUEUE, { workspaceId, sealedToken: previous.botToken });
    }
    const values = {
      teamId: access.teamId,
      teamName: access.teamName,
      botUserId: access.botUserId,
      botToken: sealed,
      scopes: access.scopes,
      installedByMemberId: member.id,
      installedAt: new Date(),
      disconnectedAt: null,
      disconnectedReason: null,
    };
    await tx
      .insert(slackConnections)
      .values({ workspaceId, ...values })
      .onConflictDoUpdate({ target: slackConnections.workspaceId, set: values });
    await announceSlack(tx, workspaceId, 'connected', member.id);
  });
  return readStatus(deps, member);
}

async function isStateUsed(db: Queryable, stateId: string): Promise<boolean> {
  const [row] = await db.select({ stateId: slackOAuthStates.stateId }).from(slackOAuthStates).where(eq(slackOAuthStates.stateId, stateId));
  return row !== undefined;
}

// ---------------------------------------------------------------------------------------------
// Disconnect

/** A revoke job's data: the workspace, and the bot token sealed as it was stored (never in clear). */
export interface SlackRevokeJobData {
  workspaceId: string;
  sealedToken: string;
}

/**
 * POST v1/workspaces/{id}/slack/disconnect (issue #12: "auth.revoke, then the token is deleted"):
 * in one transaction deletes the stored token, marks the connection disconnected ("Disconnected
 * by {name}"), enqueues auth.revoke of the token (SLACK_REVOKE_QUEUE: retried by the queue, its
 * final failure logged) and announces it. Already disconnected: answers the status unchanged.
 * No plan check: a workspace that moved to FREE can still disconnect.
 * @throws 404 not a member; 403 USER, GUEST.
 */
export async function disconnectSlack(deps: SlackDeps, personId: string, workspaceId: string): Promise<SlackStatus> {
  const member = await loadMembership(deps.db, workspaceId, personId);
  assertAllowed(member, 'connectSlack');
  const [person] = await deps.db
    .select({ firstName: people.firstName, lastName: people.lastName })
    .from(people)
    .where(eq(people.id, personId));
  const name = person ? `${person.firstName} ${person.lastName}` : 'a member';
  await deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(slackConnections).where(eq(slackConnections.workspaceId, workspaceId)).for('update');
    if (!row?.botToken || row.disconnectedAt !== null) return;
    await markDisconnected(tx, workspaceId, `Disconnected by ${name}`);
    await deps.jobs.enqueue<SlackRevokeJobData>(tx, SLACK_REVOKE_QUEUE, { workspaceId, sealedToken: row.botToken });
    await announceSlack(tx, workspaceId, 'disconnected', member.id);
  });
  return readStatus(deps, member);
}

/**
 * Registers SLACK_REVOKE_QUEUE: auth.revoke of a disconnected workspace's token. Retried with
 * backoff; an answer meaning the token is already dead counts as done; without a Slack
 * configuration the job is dropped (logged).
 */
export function registerSlackRevokeJobs(jobs: Jobs, deps: Pick<SlackDeps, 'config' | 'logger'>): void {
  jobs.register<SlackRevokeJobData>({
    name: SLACK_REVOKE_QUEUE,
    options: { retryLimit: 5, retryDelay: 10, retryBackoff: true, expireInSeconds: 60 },
    handler: async ({ data, retryCount }) => {
      const slack = deps.config.slack;
      if (!slack) {
        deps.logger.warn({ workspaceId: data.workspaceId }, 'slack: token not revoked, Slack is no longer configured');
        return;
      }
      const token = botTokenBox(deps.config.encryptionKey).open(data.sealedToken);
      try {
        await slackClient(slack, token).auth.revoke({});
      } catch (error) {
        const reason = slackErrorCode(error);
        if (reason !== null && TOKEN_GONE_ERRORS.has(reason)) return;
        deps.logger.warn(
          { err: error, workspaceId: data.workspaceId, retryCount },
          'slack: auth.revoke failed (the token is deleted anyway)',
        );
        throw error;
      }
    },
  });
}

// ---------------------------------------------------------------------------------------------
// Channels

/**
 * GET v1/workspaces/{id}/slack/channels (issue #12: the summary's picker lists the channels the
 * bot was invited to): users.conversations of the bot, public and private, not archived, by
 * cursor, at most 1,000, sorted by name. For members who may post summaries (editQuestions).
 * @throws 404 not a member; 403 USER, GUEST; 409 when Slack is not connected, or was just found
 *   disconnected (token revoked: the connection is ended); 503 when Slack cannot be reached.
 */
export async function listSlackChannels(deps: SlackDeps, personId: string, workspaceId: string): Promise<SlackChannel[]> {
  const member = await loadMembership(deps.db, workspaceId, personId);
  assertAllowed(member, 'editQuestions');
  const { client } = await openSlack(deps, workspaceId);
  const channels: SlackChannel[] = [];
  await callSlack(deps, workspaceId, async () => {
    let cursor: string | undefined;
    do {
      const page = await client.users.conversations({
        types: 'public_channel,private_channel',
        exclude_archived: true,
        limit: CHANNELS_PAGE_SIZE,
        ...(cursor ? { cursor } : {}),
      });
      for (const channel of page.channels ?? []) {
        if (channel.id && channel.name) channels.push({ id: channel.id, name: channel.name, isPrivate: channel.is_private === true });
      }
      cursor = page.response_metadata?.next_cursor || undefined;
    } while (cursor && channels.length < MAX_CHANNELS);
  });
  return channels.slice(0, MAX_CHANNELS).sort((a, b) => a.name.localeCompare(b.name));
}
