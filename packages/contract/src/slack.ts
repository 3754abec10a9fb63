import { z } from 'zod';
import { payloadOf } from './envelope.js';

/**
 * The Slack connection (issue #12; PRODUCT §2 SlackConnection, §3 Settings → Slack, §6 "Slack
 * connect": OWNER, EXECUTIVE and EXECUTIVEASSISTANT; §8 Slack on PRO and ENTERPRISE).
 *
 * Install: the web's /slack/auth asks the API for Slack's OAuth v2 authorize URL (POST …/slack/install)
 * and goes there; Slack returns the browser to /slack/oauth/callback?code=…&state=…, whose page hands
 * both to POST …/slack/oauth/callback and then returns to /workspaces/settings?tab=slack with a toast.
 * The `state` is signed, single use, bound to the member and workspace, and valid
 * {@link SLACK_OAUTH_STATE_TTL_SECONDS}.
 */

/** How long an install's `state` stays valid (issue #12: 10 minutes). */
export const SLACK_OAUTH_STATE_TTL_SECONDS = 10 * 60;

/**
 * The bot scopes Tandem asks for, each for one feature: DMs to people (chat:write, im:write,
 * im:history for their replies), matching people by email (users:read, users:read.email),
 * and the channels the bot was invited to for posting summaries (channels:read, groups:read).
 */
export const SLACK_BOT_SCOPES = [
  'chat:write',
  'im:write',
  'im:history',
  'users:read',
  'users:read.email',
  'channels:read',
  'groups:read',
] as const;

/** The environment variables a Slack connection needs; without them the Slack tab explains what to set. */
export const SLACK_REQUIRED_SETTINGS = ['SLACK_CLIENT_ID', 'SLACK_CLIENT_SECRET', 'SLACK_SIGNING_SECRET'] as const;

/** A member as the Slack tab names them (who installed the app). */
export const SlackMemberSchema = z.object({ memberId: z.uuid(), firstName: z.string(), lastName: z.string() }).meta({ id: 'SlackMember' });

/** A workspace's live connection to one Slack team. The bot token never leaves the server. */
export const SlackConnectionSchema = z
  .object({
    teamId: z.string(),
    teamName: z.string(),
    botUserId: z.string(),
    scopes: z.array(z.string()),
    installedBy: SlackMemberSchema.nullable(),
    installedAt: z.iso.datetime(),
  })
  .meta({ id: 'SlackConnection' });
export type SlackConnection = z.infer<typeof SlackConnectionSchema>;

/**
 * GET v1/workspaces/{id}/slack: what the Slack tab shows.
 * - `configured`: the server has SLACK_CLIENT_ID, SLACK_CLIENT_SECRET and SLACK_SIGNING_SECRET;
 *   `missingSettings` names those it lacks.
 * - `planAllows`: the workspace's plan includes Slack (PRODUCT §8; FREE does not).
 * - `canConnect`: the caller's type may connect and disconnect (PRODUCT §6).
 * - `connection`: the live connection, or null (never connected, disconnected, or uninstalled
 *   from Slack — `disconnectedReason` then says which).
 * - `redirectUrl` and `eventsUrl`: what to enter in the Slack app's settings.
 */
export const SlackStatusSchema = z
  .object({
    configured: z.boolean(),
    missingSettings: z.array(z.string()),
    planAllows: z.boolean(),
    canConnect: z.boolean(),
    connection: SlackConnectionSchema.nullable(),
    disconnectedReason: z.string().nullable(),
    redirectUrl: z.string(),
    eventsUrl: z.string(),
  })
  .meta({ id: 'SlackStatus' });
export type SlackStatus = z.infer<typeof SlackStatusSchema>;
export const SlackStatusResponseSchema = payloadOf(SlackStatusSchema);

/** POST v1/workspaces/{id}/slack/install: Slack's authorize URL with a fresh `state`. */
export const SlackInstallSchema = z.object({ authorizeUrl: z.string() }).meta({ id: 'SlackInstall' });
export type SlackInstall = z.infer<typeof SlackInstallSchema>;
export const SlackInstallResponseSchema = payloadOf(SlackInstallSchema);

/**
 * POST v1/workspaces/{id}/slack/oauth/callback body: what Slack put on /slack/oauth/callback.
 * `error` (e.g. access_denied) instead of `code` when the person declined. Bad, reused or expired
 * state, a state of another member or workspace, a declined consent and a failed exchange are
 * 400 with a clear message, and store nothing.
 */
export const SlackOAuthCallbackBodySchema = z.object({
  state: z.string().min(1, 'The link from Slack has no state.').max(4096),
  code: z.string().min(1).max(1024).optional(),
  error: z.string().max(200).optional(),
});
export type SlackOAuthCallbackBody = z.infer<typeof SlackOAuthCallbackBodySchema>;

/** A channel the bot was invited to (the summary's channel picker lists only these). */
export const SlackChannelSchema = z.object({ id: z.string(), name: z.string(), isPrivate: z.boolean() }).meta({ id: 'SlackChannel' });
export type SlackChannel = z.infer<typeof SlackChannelSchema>;
export const SlackChannelsResponseSchema = payloadOf(z.object({ items: z.array(SlackChannelSchema) }));

/**
 * GET v1/workspaces/{id}/contacts/{contactId}/slack-match: the Slack user with the contact's email
 * (users.lookupByEmail), to be confirmed on the person's page; `candidate` null when Slack has no
 * such user. 409 when Slack is not connected or the contact has no email.
 */
export const SlackUserSchema = z
  .object({
    slackUserId: z.string(),
    name: z.string(),
    realName: z.string(),
    email: z.string().nullable(),
    timeZone: z.string().nullable(),
  })
  .meta({ id: 'SlackUser' });
export type SlackUser = z.infer<typeof SlackUserSchema>;
export const SlackMatchResponseSchema = payloadOf(z.object({ candidate: SlackUserSchema.nullable() }));

/**
 * PUT v1/workspaces/{id}/contacts/{contactId}/slack body: confirms (or changes) the match. The
 * server re-reads the user (users.info); their Slack time zone fills the contact's time zone when
 * it is still the default (UTC). DELETE …/slack removes the match. Both answer the Contact.
 */
export const ConfirmSlackMatchBodySchema = z.object({
  slackUserId: z
    .string()
    .trim()
    .regex(/^[UW][A-Z0-9]{2,31}$/, 'Choose a Slack user.'),
});
export type ConfirmSlackMatchBody = z.infer<typeof ConfirmSlackMatchBodySchema>;

/**
 * POST v1/workspaces/{id}/summaries/{summaryId}/slack body: posts a PUBLISHED summary (key points
 * and a link to /s/{id}) to a channel the bot is in. 409 unless published or when Slack is not
 * connected; 400 errorData.channelId when the bot is not in that channel.
 */
export const PostSummaryToSlackBodySchema = z.object({ channelId: z.string().trim().min(1, 'Choose a channel.').max(32) });
export type PostSummaryToSlackBody = z.infer<typeof PostSummaryToSlackBodySchema>;
export const SlackPostSchema = z
  .object({ channelId: z.string(), ts: z.string(), permalink: z.string().nullable() })
  .meta({ id: 'SlackPost' });
export type SlackPost = z.infer<typeof SlackPostSchema>;
export const SlackPostResponseSchema = payloadOf(SlackPostSchema);

/** Live event: the workspace's Slack connection changed (connected, disconnected, uninstalled in Slack). */
export const SlackEventSchema = z
  .object({
    type: z.literal('slack'),
    workspaceId: z.uuid(),
    action: z.enum(['connected', 'disconnected']),
    actorMemberId: z.uuid().nullable(),
  })
  .meta({ id: 'SlackEvent' });
export type SlackEvent = z.infer<typeof SlackEventSchema>;
