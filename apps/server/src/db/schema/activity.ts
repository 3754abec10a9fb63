import { index, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { activityKinds } from '@tandem/contract';
import { id, jsonb } from './columns.js';
import { briefs } from './briefs.js';
import { questionRequests } from './questions.js';
import { summaries } from './summaries.js';
import { tasks } from './tasks.js';
import { workspaceMembers, workspaces } from './workspaces.js';

export const activityKind = pgEnum('activity_kind', activityKinds);

/**
 * Something that happened in a workspace (PRODUCT §2). `audienceMemberId` null = every member who
 * may see the subject; else only that member. `subject` holds the ids and words the kind refers to
 * (contract ActivityItemSchema). `taskId` is set for an item about a task: the item is then seen
 * only by those who may see the task (permissions/visibility.ts activityVisibleTo) and goes with
 * the task when it is deleted. `dedupeKey`, when set, is unique: an item recorded "once per …"
 * (e.g. TASK_OVERDUE once per task and due date, issue #8) cannot be recorded twice.
 */
export const activityItems = pgTable(
  'activity_items',
  {
    id: id(),
    workspaceId: uuid()
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    kind: activityKind().notNull(),
    actorMemberId: uuid().references(() => workspaceMembers.id, { onDelete: 'set null' }),
    contactId: uuid(),
    audienceMemberId: uuid().references(() => workspaceMembers.id, { onDelete: 'cascade' }),
    taskId: uuid().references(() => tasks.id, { onDelete: 'cascade' }),
    /** Set for an item about a brief: seen only while the member may see the brief; goes with it. */
    briefId: uuid().references(() => briefs.id, { onDelete: 'cascade' }),
    /** Set for an item about a question request (issue #10): goes with the request. */
    requestId: uuid().references(() => questionRequests.id, { onDelete: 'cascade' }),
    /** Set for an item about a summary (issue #11 SUMMARY_PUBLISHED): goes with the summary. */
    summaryId: uuid().references(() => summaries.id, { onDelete: 'cascade' }),
    dedupeKey: text(),
    subject: jsonb().$type<Record<string, string>>().notNull().default({}),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('activity_items_workspace_created_idx').on(t.workspaceId, t.createdAt, t.id),
    index('activity_items_task_idx').on(t.taskId),
    index('activity_items_brief_idx').on(t.briefId),
    index('activity_items_request_idx').on(t.requestId),
    index('activity_items_summary_idx').on(t.summaryId),
    uniqueIndex('activity_items_dedupe_key').on(t.dedupeKey),
  ],
);
