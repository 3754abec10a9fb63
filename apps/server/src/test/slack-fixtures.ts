import { eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import type { AppConfig } from '../config/env.js';
import { contacts, slackConnections, subscriptions } from '../db/schema/index.js';
import { slackClient } from '../features/slack/slack-client.js';
import { botTokenBox } from '../features/slack/slack-connections.js';
import { startSlackStandIn, type SlackStandIn, type StandInUser, type StandInUserInput } from './slack-stand-in.js';
import type { TestApp } from './test-app.js';

/**
 * Starts the Slack stand-in for the current test file and fills `appConfig.slack` before later
 * beforeAll hooks run, so register it BEFORE useTestApp:
 * `const slack = useSlackStandIn(); const t = useTestApp(slack.appConfig);`.
 */
export function useSlackStandIn(): { readonly standIn: SlackStandIn; appConfig: Partial<AppConfig> } {
  let standIn: SlackStandIn | undefined;
  const appConfig: Partial<AppConfig> = {};
  beforeAll(async () => {
    standIn = await startSlackStandIn();
    appConfig.slack = standIn.config();
  });
  afterAll(async () => {
    await standIn?.close();
  });
  return {
    get standIn() {
      if (!standIn) throw new Error('the Slack stand-in is not started yet');
      return standIn;
    },
    appConfig,
  };
}

/**
 * Connects `workspaceId` to the Slack stand-in without the OAuth pages (issue #12 API tests): a
 * real bot token issued by the stand-in's oauth.v2.access for a fresh code, stored sealed in
 * slack_connections as the callback stores it. The app must run with `slack: standIn.config()`.
 * `options.installedByMemberId` records who installed it (the callback's member; none by default).
 * @returns the bot token (e.g. for `standIn.revokeToken`).
 */
export async function connectToStandIn(
  t: TestApp,
  standIn: SlackStandIn,
  workspaceId: string,
  options: { installedByMemberId?: string } = {},
): Promise<string> {
  const slack = t.app.config.slack;
  if (!slack)
    throw new Error('connectToStandIn: the test app runs without a Slack configuration (useTestApp({ slack: standIn.config() }))');
  const access = await slackClient(slack).oauth.v2.access({
    client_id: slack.clientId,
    client_secret: slack.clientSecret,
    code: standIn.issueCode(),
  });
  const token = access.access_token!;
  await t.db
    .insert(slackConnections)
    .values({
      workspaceId,
      teamId: standIn.team.id,
      teamName: standIn.team.name,
      botUserId: standIn.botUserId,
      botToken: botTokenBox(t.app.config.encryptionKey).seal(token),
      scopes: (access.scope ?? '').split(','),
      installedByMemberId: options.installedByMemberId ?? null,
    })
    .onConflictDoUpdate({
      target: slackConnections.workspaceId,
      set: { botToken: botTokenBox(t.app.config.encryptionKey).seal(token), disconnectedAt: null, disconnectedReason: null },
    });
  return token;
}

/** Puts `workspaceId` on the PRO plan (Slack needs PRO or ENTERPRISE; PRODUCT §8). */
export async function upgradeToPro(t: TestApp, workspaceId: string): Promise<void> {
  await t.db.update(subscriptions).set({ subscriptionType: 'PRO' }).where(eq(subscriptions.workspaceId, workspaceId));
}

/** Adds `user` to the stand-in's team and matches contact `contactId` to them (as a confirmed match does). */
export async function matchContactToSlack(
  t: TestApp,
  standIn: SlackStandIn,
  contactId: string,
  user: StandInUserInput,
): Promise<StandInUser> {
  const added = standIn.addUser(user);
  await t.db.update(contacts).set({ slackUserId: added.id, slackUserName: added.name }).where(eq(contacts.id, contactId));
  return added;
}
