import { sql } from 'drizzle-orm';
import { boolean, index, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { subscriptionStatuses, subscriptionTypes, workspaceMemberTypes } from '@tandem/contract';
import { id, timestamps } from './columns.js';
import { people } from './people.js';

export const subscriptionType = pgEnum('subscription_type', subscriptionTypes);
export const subscriptionStatus = pgEnum('subscription_status', subscriptionStatuses);
export const workspaceMemberType = pgEnum('workspace_member_type', workspaceMemberTypes);
export const memberStatus = pgEnum('member_status', ['INVITED', 'ACTIVE']);

/** One executive's office (PRODUCT §1, §2). */
export const workspaces = pgTable('workspaces', {
  id: id(),
  name: text().notNull(),
  /** Off: every public link of the workspace answers 410 and none can be made (PRODUCT §2 PublicLink). */
  publicLinksEnabled: boolean().notNull().default(true),
  ...timestamps,
});

/**
 * A person's membership of a workspace (PRODUCT §2). At most one EXECUTIVE per workspace (partial
 * unique index, PRODUCT §1). `activityReadAt` is the member's read mark: activity created after it
 * (by someone else) makes hasNewActivityItems true.
 */
export const workspaceMembers = pgTable(
  'workspace_members',
  {
    id: id(),
    workspaceId: uuid()
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    personId: uuid()
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    workspaceMemberType: workspaceMemberType().notNull(),
    status: memberStatus().notNull().default('ACTIVE'),
    invitedBy: uuid().references(() => people.id, { onDelete: 'set null' }),
    activityReadAt: timestamp({ withTimezone: true }),
    /**
     * True from the sign-in that accepted this invitation until the web has welcomed the member
     * ("Jamie added you as Executive Assistant in Alex's office", issue #8): shown once.
     */
    welcomePending: boolean().notNull().default(false),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('workspace_members_workspace_person_key').on(t.workspaceId, t.personId),
    uniqueIndex('workspace_members_one_executive_key')
      .on(t.workspaceId)
      .where(sql`${t.workspaceMemberType} = 'EXECUTIVE'`),
    index('workspace_members_person_idx').on(t.personId),
  ],
);

/** The plan a workspace is on (PRODUCT §2, §8). One row per workspace. */
export const subscriptions = pgTable('subscriptions', {
  workspaceId: uuid()
    .primaryKey()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  subscriptionType: subscriptionType().notNull().default('FREE'),
  status: subscriptionStatus().notNull().default('ACTIVE'),
  currentPeriodEnd: timestamp({ withTimezone: true }),
  ...timestamps,
});
