import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { SlackEvent } from '@tandem/contract';
import type { Database, Queryable } from '../../db/client.js';
import { slackConnections } from '../../db/schema/index.js';
import { publishWorkspaceEvent } from '../../events/event-bus.js';
import { SecretBox } from './token-crypto.js';

/** The purpose label of the bot token's encryption key (token-crypto.ts). */
const BOT_TOKEN_PURPOSE = 'slack-bot-token';

/** Seals and opens bot tokens with the configured encryption key. */
export const botTokenBox = (encryptionKey: string) => new SecretBox(encryptionKey, BOT_TOKEN_PURPOSE);

/** A live connection as the server uses it: the bot token decrypted, in memory only. */
export interface LiveSlackConnection {
  workspaceId: string;
  teamId: string;
  teamName: string;
  botUserId: string;
  botToken: string;
  scopes: string[];
  installedByMemberId: string | null;
  installedAt: Date;
}

type ConnectionRow = typeof slackConnections.$inferSelect;

const live = (row: ConnectionRow | undefined, box: SecretBox): LiveSlackConnection | null =>
  row?.botToken && row.disconnectedAt === null
    ? {
        workspaceId: row.workspaceId,
        teamId: row.teamId,
        teamName: row.teamName,
        botUserId: row.botUserId,
        botToken: box.open(row.botToken),
        scopes: row.scopes,
        installedByMemberId: row.installedByMemberId,
        installedAt: row.installedAt,
      }
    : null;

/** The workspace's connection row, live or not (the Slack tab shows why it ended), or undefined. */
export async function findConnectionRow(db: Queryable, workspaceId: string): Promise<ConnectionRow | undefined> {
  const [row] = await db.select().from(slackConnections).where(eq(slackConnections.workspaceId, workspaceId));
  return row;
}

/** The workspace's live connection with its token decrypted, or null (never, disconnected, uninstalled). */
export async function findLiveConnection(db: Queryable, encryptionKey: string, workspaceId: string): Promise<LiveSlackConnection | null> {
  return live(await findConnectionRow(db, workspaceId), botTokenBox(encryptionKey));
}

/** The live connection of Slack team `teamId` (events name their team), or null. */
export async function findLiveConnectionByTeam(db: Queryable, encryptionKey: string, teamId: string): Promise<LiveSlackConnection | null> {
  const [row] = await db
    .select()
    .from(slackConnections)
    .where(and(eq(slackConnections.teamId, teamId), isNull(slackConnections.disconnectedAt), isNotNull(slackConnections.botToken)));
  return live(row, botTokenBox(encryptionKey));
}

/**
 * Deletes the stored token and marks the connection disconnected with `reason` (a disconnect from
 * the tab, `app_uninstalled`, `tokens_revoked`, a call answering token_revoked). Returns whether a
 * live connection ended (false when it had already).
 */
export async function markDisconnected(db: Queryable, workspaceId: string, reason: string, at = new Date()): Promise<boolean> {
  const ended = await db
    .update(slackConnections)
    .set({ botToken: null, disconnectedAt: at, disconnectedReason: reason })
    .where(and(eq(slackConnections.workspaceId, workspaceId), isNull(slackConnections.disconnectedAt)))
    .returning({ workspaceId: slackConnections.workspaceId });
  return ended.length > 0;
}

/**
 * Publishes a `slack` event in `tx` (delivered on commit): the workspace's connection was made
 * (`connected`) or ended (`disconnected`: from the tab, uninstalled or revoked in Slack, or a
 * call answering token_revoked; `actorMemberId` null when Slack ended it).
 */
export async function announceSlack(
  tx: Queryable,
  workspaceId: string,
  action: SlackEvent['action'],
  actorMemberId: string | null,
): Promise<void> {
  await publishWorkspaceEvent<'slack'>(tx, { type: 'slack', workspaceId, action, actorMemberId }, {});
}

/** Why a connection ended when a Slack call refused its token (shown on the Slack tab as is). */
export const TOKEN_REFUSED_REASON = 'Slack refused Tandem’s token: the app was removed or its access revoked. Connect Slack again.';

/**
 * Ends the workspace's connection because Slack said so (`app_uninstalled`, `tokens_revoked`, a
 * call answering token_revoked): deletes the token, records `reason`, announces it. Returns
 * whether a live connection ended. Runs in one transaction.
 */
export async function endConnection(db: Database, workspaceId: string, reason: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const ended = await markDisconnected(tx, workspaceId, reason);
    if (ended) await announceSlack(tx, workspaceId, 'disconnected', null);
    return ended;
  });
}
