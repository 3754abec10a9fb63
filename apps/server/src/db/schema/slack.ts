import { sql } from 'drizzle-orm';
import { index, pgEnum, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id, instant } from './columns.js';
import { contacts, questionRecipients } from './questions.js';
import { workspaceMembers, workspaces } from './workspaces.js';

/**
 * A workspace's Slack connection (PRODUCT §2 SlackConnection; issue #12): one row per workspace,
 * kept after a disconnect (token deleted, `disconnectedAt` and its reason set) so the tab can say
 * what happened. `botToken` is AES-256-GCM ciphertext (features/slack/token-crypto.ts), never the
 * token. Events find their workspace by `teamId` (index).
 */
export const slackConnections = pgTable(
  'slack_connections',
  {
    workspaceId: uuid()
      .primaryKey()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    teamId: text().notNull(),
    teamName: text().notNull(),
    botUserId: text().notNull(),
    botToken: text(),
    scopes: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    installedByMemberId: uuid().references(() => workspaceMembers.id, { onDelete: 'set null' }),
    installedAt: instant().notNull().defaultNow(),
    disconnectedAt: instant(),
    disconnectedReason: text(),
  },
  (t) => [index('slack_connections_team_idx').on(t.teamId)],
);

/**
 * Install states already used (issue #12 "single use"): the signed state's id is inserted when the
 * callback consumes it, so a second use conflicts. Rows older than the state's lifetime are swept.
 */
export const slackOAuthStates = pgTable('slack_oauth_states', {
  stateId: text().primaryKey(),
  workspaceId: uuid()
    .notNull()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  usedAt: instant().notNull().defaultNow(),
});

/**
 * Slack event ids already accepted (issue #12: Slack retries; each event is handled once). The
 * events endpoint inserts the id and enqueues the work in one transaction; rows are swept after a day.
 */
export const slackEvents = pgTable(
  'slack_events',
  {
    eventId: text().primaryKey(),
    teamId: text().notNull(),
    receivedAt: instant().notNull().defaultNow(),
  },
  (t) => [index('slack_events_received_idx').on(t.receivedAt)],
);

export const slackMessageKinds = ['REQUEST', 'QUESTION', 'REMINDER', 'FOLLOW_UP', 'REPLY'] as const;
export const slackMessageKind = pgEnum('slack_message_kind', slackMessageKinds);

/**
 * A message the bot posted in a person's DM (issue #12): the request's opening message (REQUEST,
 * whose thread carries follow-ups and chat), one per question (QUESTION, `itemId`: a reply in its
 * thread answers that item), reminders, follow-ups and the bot's replies. A reply event names its
 * thread by (channel, ts), hence the unique index. `recipientId` null for a message about no request.
 */
export const slackMessages = pgTable(
  'slack_messages',
  {
    id: id(),
    workspaceId: uuid()
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    contactId: uuid()
      .notNull()
      .references(() => contacts.id),
    recipientId: uuid().references(() => questionRecipients.id, { onDelete: 'cascade' }),
    itemId: uuid(),
    kind: slackMessageKind().notNull(),
    channelId: text().notNull(),
    ts: text().notNull(),
    createdAt: instant().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('slack_messages_channel_ts_key').on(t.workspaceId, t.channelId, t.ts),
    index('slack_messages_workspace_recipient_idx').on(t.workspaceId, t.recipientId),
  ],
);
