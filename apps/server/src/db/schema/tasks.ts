import { sql, type SQL } from 'drizzle-orm';
import { customType, date, index, integer, pgEnum, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { taskPriorities, taskStatuses, type TaskLinks } from '@tandem/contract';
import { id, instant, jsonb } from './columns.js';
import { workspaceMembers, workspaces } from './workspaces.js';

export const taskStatus = pgEnum('task_status', taskStatuses);
/** Declared low → high: PostgreSQL sorts an enum in declaration order, so `ORDER BY priority` works. */
export const taskPriority = pgEnum('task_priority', taskPriorities);

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * Words of title and notes for `q` search (PRODUCT §3 tasks filters). A generated tsvector with
 * the 'simple' configuration (no stemming, any language) behind a GIN index: it works the same on
 * PostgreSQL and PGlite without an extension.
 */
export const taskSearchVector = (title: SQL | string, notes: SQL | string) =>
  sql`to_tsvector('simple'::regconfig, coalesce(${title}, '') || ' ' || coalesce(${notes}, ''))`;

/**
 * What is to be done (PRODUCT §2 Task). `version` starts at 1 and grows by one on every change
 * (optimistic concurrency); `completedAt` is set when status becomes DONE and cleared when it
 * leaves DONE (the dashboard's "tasks done per week", PRODUCT §3). `dueDate` is a calendar date.
 * Every index leads with workspace_id (ARCHITECTURE "scale-out"); each list sort has a
 * (workspace_id, key, id) index for keyset pagination.
 */
export const tasks = pgTable(
  'tasks',
  {
    id: id(),
    workspaceId: uuid()
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    notes: text().notNull().default(''),
    status: taskStatus().notNull().default('TODO'),
    priority: taskPriority().notNull().default('MEDIUM'),
    dueDate: date({ mode: 'string' }),
    assigneeMemberId: uuid().references(() => workspaceMembers.id, { onDelete: 'set null' }),
    /** Null once the creating member was removed from the workspace (their tasks stay). */
    createdByMemberId: uuid().references(() => workspaceMembers.id, { onDelete: 'set null' }),
    links: jsonb().$type<TaskLinks>().notNull().default({}),
    version: integer().notNull().default(1),
    completedAt: instant(),
    search: tsvector()
      .notNull()
      .generatedAlwaysAs(() => taskSearchVector(sql`"title"`, sql`"notes"`)),
    createdAt: instant().notNull().defaultNow(),
    updatedAt: instant().notNull().defaultNow(),
  },
  (t) => [
    index('tasks_workspace_due_idx').on(t.workspaceId, t.dueDate, t.id),
    index('tasks_workspace_updated_idx').on(t.workspaceId, t.updatedAt, t.id),
    index('tasks_workspace_priority_idx').on(t.workspaceId, t.priority, t.id),
    index('tasks_workspace_status_due_idx').on(t.workspaceId, t.status, t.dueDate, t.id),
    index('tasks_workspace_assignee_due_idx').on(t.workspaceId, t.assigneeMemberId, t.dueDate, t.id),
    index('tasks_workspace_assignee_status_idx').on(t.workspaceId, t.assigneeMemberId, t.status),
    index('tasks_workspace_creator_idx').on(t.workspaceId, t.createdByMemberId),
    index('tasks_workspace_completed_idx').on(t.workspaceId, t.completedAt),
    index('tasks_search_idx').using('gin', t.search),
    // The overdue sweep (features/activity, issue #8) across workspaces: open tasks by due date.
    index('tasks_open_due_idx')
      .on(t.dueDate)
      .where(sql`${t.status} <> 'DONE'`),
  ],
);
