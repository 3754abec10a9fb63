import { z } from 'zod';
import { CalendarDateSchema, StoredCalendarDateSchema } from './dates.js';
import { payloadOf } from './envelope.js';
import { ErrorEnvelopeSchema } from './errors.js';
import { commaSeparatedEnum, queryBoolean } from './query-params.js';
import { taskPriorities, taskSorts, taskStatuses } from './vocabulary/tasks.js';

export {
  taskStatuses,
  taskStatusLabels,
  taskPriorities,
  taskPriorityLabels,
  taskSorts,
  defaultTaskOrder,
  type TaskStatus,
  type TaskPriority,
  type TaskSort,
} from './vocabulary/tasks.js';

/** Task states and priorities (PRODUCT §2); the lists, types and labels live in vocabulary/tasks.ts. */
export const TaskStatusSchema = z.enum(taskStatuses);
export const TaskPrioritySchema = z.enum(taskPriorities);

/** What a task came from (PRODUCT §2 Task.links; §10 "answers and action items become tasks"). */
export const TaskLinksSchema = z
  .object({
    briefId: z.uuid().optional(),
    requestId: z.uuid().optional(),
    summaryId: z.uuid().optional(),
    /** The answer a summary's action item cited first (issue #11 "Make task"). */
    answerId: z.uuid().optional(),
  })
  .meta({ id: 'TaskLinks' });
export type TaskLinks = z.infer<typeof TaskLinksSchema>;

/** A member as a task names them (assignee, creator). */
export const TaskMemberSchema = z.object({ memberId: z.uuid(), firstName: z.string(), lastName: z.string() }).meta({ id: 'TaskMember' });
export type TaskMember = z.infer<typeof TaskMemberSchema>;

/**
 * A task (PRODUCT §2). `version` starts at 1 and grows by one on every change; send it back on
 * PATCH/DELETE (optimistic concurrency). `completedAt` is set when status becomes DONE and
 * cleared when it leaves DONE. `assignee` is null when unassigned; `assignee` and `createdBy` are
 * null once that member was removed from the workspace.
 */
export const TaskSchema = z
  .object({
    id: z.uuid(),
    title: z.string(),
    notes: z.string(),
    status: TaskStatusSchema,
    priority: TaskPrioritySchema,
    dueDate: StoredCalendarDateSchema.nullable(),
    assigneeMemberId: z.uuid().nullable(),
    assignee: TaskMemberSchema.nullable(),
    createdByMemberId: z.uuid().nullable(),
    createdBy: TaskMemberSchema.nullable(),
    links: TaskLinksSchema,
    version: z.number().int().min(1),
    completedAt: z.iso.datetime().nullable(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'Task' });
export type Task = z.infer<typeof TaskSchema>;
export const TaskResponseSchema = payloadOf(TaskSchema);
export type TaskResponse = z.infer<typeof TaskResponseSchema>;

/** The path parameters of one task's routes: `{id}` and `{taskId}`. */
export const TaskParamsSchema = z.object({
  id: z.uuid().meta({ description: 'The workspace id.' }),
  taskId: z.uuid().meta({ description: 'The task id.' }),
});

const TaskTitleSchema = z
  .string({ error: 'Enter a title.' })
  .trim()
  .min(1, 'Enter a title.')
  .max(200, 'A title can be at most 200 characters.');
const TaskNotesSchema = z.string().max(10_000, 'Notes can be at most 10,000 characters.');

/**
 * POST v1/workspaces/{id}/tasks body. Omitted fields: notes '', status TODO, priority MEDIUM,
 * no due date, unassigned, no links. `assigneeMemberId` must be an ACTIVE member of the workspace.
 */
export const CreateTaskBodySchema = z.object({
  title: TaskTitleSchema,
  notes: TaskNotesSchema.optional(),
  status: TaskStatusSchema.optional(),
  priority: TaskPrioritySchema.optional(),
  dueDate: CalendarDateSchema.nullable().optional(),
  assigneeMemberId: z.uuid().nullable().optional(),
  links: TaskLinksSchema.optional(),
});
export type CreateTaskBody = z.infer<typeof CreateTaskBodySchema>;

/**
 * PATCH v1/workspaces/{id}/tasks/{taskId} body: any subset of the task's fields plus the
 * `version` the caller last saw (stale → 409 VERSION_CONFLICT with the current task). A GUEST
 * may send `status` only (PRODUCT §6).
 */
export const UpdateTaskBodySchema = z.object({
  version: z.number({ error: 'Send the version of the task you changed.' }).int().min(1),
  title: TaskTitleSchema.optional(),
  notes: TaskNotesSchema.optional(),
  status: TaskStatusSchema.optional(),
  priority: TaskPrioritySchema.optional(),
  dueDate: CalendarDateSchema.nullable().optional(),
  assigneeMemberId: z.uuid().nullable().optional(),
  links: TaskLinksSchema.optional(),
});
export type UpdateTaskBody = z.infer<typeof UpdateTaskBodySchema>;

/** DELETE v1/workspaces/{id}/tasks/{taskId} query: the `version` the caller last saw. */
export const DeleteTaskQuerySchema = z.object({
  version: z.coerce
    .number({ error: 'Send the version of the task you delete.' })
    .int()
    .min(1)
    .meta({ description: 'The version of the task the caller last saw (409 VERSION_CONFLICT when stale).' }),
});
export type DeleteTaskQuery = z.infer<typeof DeleteTaskQuerySchema>;

export const TaskSortSchema = z.enum(taskSorts);

/**
 * GET v1/workspaces/{id}/tasks query (PRODUCT §3 filters, §4 pagination); filters combine with AND.
 * - status: one or more statuses, comma-separated ("TODO,IN_PROGRESS")
 * - assignee: tasks assigned to this memberId
 * - mine=true: assigned to the caller; delegatedByMe=true: created by the caller and assigned to
 *   someone else
 * - dueBefore / dueAfter: due on or before / on or after this date (YYYY-MM-DD)
 * - overdue=true: due before `today` and not DONE; today: the caller's local date (YYYY-MM-DD,
 *   the browser's), default the server's UTC date — so "overdue" follows the caller's clock
 * - q: words of title or notes, each matched as a word prefix
 * - sort (default dueDate; tasks without a due date come last in both orders), order (default per
 *   `defaultTaskOrder`), limit 1..100 (default 25), cursor = the previous page's nextCursor
 */
export const ListTasksQuerySchema = z
  .object({
    status: commaSeparatedEnum(taskStatuses, 'status', 'Only tasks in one of these statuses, comma-separated (e.g. TODO,IN_PROGRESS).'),
    assignee: z.uuid().optional().meta({ description: 'Only tasks assigned to this member id.' }),
    mine: queryBoolean('true: only tasks assigned to the caller.').optional(),
    delegatedByMe: queryBoolean('true: only tasks the caller created and assigned to someone else.').optional(),
    dueBefore: CalendarDateSchema.optional().meta({ description: 'Only tasks due on or before this date (YYYY-MM-DD).' }),
    dueAfter: CalendarDateSchema.optional().meta({ description: 'Only tasks due on or after this date (YYYY-MM-DD).' }),
    overdue: queryBoolean('true: only tasks due before `today` and not DONE.').optional(),
    today: CalendarDateSchema.optional().meta({
      description: "The caller's local date (YYYY-MM-DD) that `overdue` is measured against; default the server's UTC date.",
    }),
    q: z.string().trim().max(200).optional().meta({ description: 'Words of the title or notes, each matched as a word prefix.' }),
    sort: TaskSortSchema.default('dueDate').meta({ description: 'The order of the list (default dueDate; undated tasks come last).' }),
    order: z
      .enum(['asc', 'desc'])
      .optional()
      .meta({ description: 'Ascending or descending; default per sort: dueDate asc, priority desc, updatedAt desc.' }),
    limit: z.coerce.number().int().min(1).max(100).default(25).meta({ description: 'How many tasks to return, 1–100 (default 25).' }),
    /** The `nextCursor` of the previous page, for the same sort and order; opaque. */
    cursor: z
      .string()
      .min(1)
      .max(500)
      .optional()
      .meta({ description: 'The `nextCursor` of the previous page (same sort and order); omit for the first page.' }),
  })
  .meta({ explode: false });
export type ListTasksQuery = z.infer<typeof ListTasksQuerySchema>;
/** The query as a client writes it (strings and booleans before parsing). */
export type ListTasksQueryInput = z.input<typeof ListTasksQuerySchema>;

export const TaskPageSchema = z.object({ items: z.array(TaskSchema), nextCursor: z.string().nullable() }).meta({ id: 'TaskPage' });
export type TaskPage = z.infer<typeof TaskPageSchema>;
export const ListTasksResponseSchema = payloadOf(TaskPageSchema);
export type ListTasksResponse = z.infer<typeof ListTasksResponseSchema>;

/**
 * The 409 of PATCH/DELETE with a stale `version`: errorCode VERSION_CONFLICT, and `current` holds
 * the task as it is now so the client can show it and let the user redo the change.
 */
export const TaskConflictSchema = ErrorEnvelopeSchema.extend({ current: TaskSchema.optional() }).meta({ id: 'TaskConflict' });
export type TaskConflict = z.infer<typeof TaskConflictSchema>;

/**
 * The `task` workspace event (contract events.ts): a task was created, changed or deleted. Sent
 * only to members who may see the task before or after the change (PRODUCT §6). `version` is the
 * task's version after the change (the last one for `deleted`): a client already holding it skips
 * the event.
 */
export const TaskEventSchema = z
  .object({
    type: z.literal('task'),
    workspaceId: z.uuid(),
    taskId: z.uuid(),
    action: z.enum(['created', 'updated', 'deleted']),
    version: z.number().int(),
  })
  .meta({ id: 'TaskEvent' });
export type TaskEvent = z.infer<typeof TaskEventSchema>;
