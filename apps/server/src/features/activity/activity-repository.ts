import { and, asc, desc, eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ActivityItem, ActivityKind, ActivityMember, ActivityPage } from '@tandem/contract';
import { activityOfWorkspace, viewerPlaceholders, viewerValues, type Viewer, type ViewerOperand } from '../../permissions/visibility.js';
import type { Queryable } from '../../db/client.js';
import { isoInstant } from '../../db/instants.js';
import { preparedStatements } from '../../db/prepared.js';
import { activityItems, people, workspaceMembers } from '../../db/schema/index.js';
import { publishWorkspaceEvent } from '../../events/event-bus.js';
import { decodeIdCursor, encodeCursor, IdCursorSchema } from '../../lib/cursor.js';
import { invalidField } from '../../lib/errors.js';

/** What {@link recordActivity} records. */
export interface ActivityInput {
  workspaceId: string;
  kind: ActivityKind;
  actorMemberId: string | null;
  /** null (default) = every member who may see it; else that member alone. */
  audienceMemberId?: string | null;
  /** For an item about a task: only those who may see the task see the item (activityVisibleTo). */
  taskId?: string | null;
  /** For an item about a brief: only those who may see the brief see the item (activityVisibleTo). */
  briefId?: string | null;
  /** For an item about a question request (issue #10): gone with the request. */
  requestId?: string | null;
  /** For an item about a contact (issue #10). */
  contactId?: string | null;
  /** For an item about a summary (issue #11 SUMMARY_PUBLISHED): gone with the summary. */
  summaryId?: string | null;
  /** Unique across items: a second item with the same key is not recorded (e.g. TASK_OVERDUE). */
  dedupeKey?: string | null;
  subject?: Record<string, string>;
}

/**
 * Records one activity item (PRODUCT §2) and, in the same transaction, publishes its `activity`
 * event on the workspace bus, which is delivered on commit only: pass the open transaction of the
 * change the item describes. createdAt is the clock at insert, to the millisecond, so the ISO
 * string clients see compares exactly with the stored value.
 * @returns the new item's id, or null when an item with the same `dedupeKey` exists (nothing is
 * recorded or published then).
 */
export async function recordActivity(tx: Queryable, input: ActivityInput): Promise<string | null> {
  const audienceMemberId = input.audienceMemberId ?? null;
  const [row] = await tx
    .insert(activityItems)
    .values({
      workspaceId: input.workspaceId,
      kind: input.kind,
      actorMemberId: input.actorMemberId,
      audienceMemberId,
      taskId: input.taskId ?? null,
      briefId: input.briefId ?? null,
      requestId: input.requestId ?? null,
      contactId: input.contactId ?? null,
      summaryId: input.summaryId ?? null,
      dedupeKey: input.dedupeKey ?? null,
      subject: input.subject ?? {},
      createdAt: sql`date_trunc('milliseconds', clock_timestamp())`,
    })
    .onConflictDoNothing({ target: activityItems.dedupeKey })
    .returning({ id: activityItems.id });
  if (!row) {
    if (input.dedupeKey) return null;
    throw new Error('activity item not inserted');
  }
  await publishWorkspaceEvent<'activity'>(
    tx,
    { type: 'activity', workspaceId: input.workspaceId, itemId: row.id, kind: input.kind, actorMemberId: input.actorMemberId },
    { audienceMemberId },
  );
  return row.id;
}

const reader = alias(workspaceMembers, 'reader');
const actor = alias(workspaceMembers, 'actor');
const actorPerson = alias(people, 'actor_person');
const named = alias(workspaceMembers, 'subject_member');
const namedPerson = alias(people, 'subject_person');

/** The member a row names, or null when the ids or names are missing (they left). */
function memberOf(memberId: string | null, firstName: string | null, lastName: string | null): ActivityMember | null {
  return memberId !== null && firstName !== null && lastName !== null ? { memberId, firstName, lastName } : null;
}

/**
 * The feed's select: items `target` may see matching `where`, in `order`, with the actor's and the
 * subject member's names and isUnread (the hasNewActivityItems rule, seed §3). The subject member
 * is looked up in the item's own workspace only, by `subject.memberId` compared as text (subjects
 * are free-form JSON). `target`'s ids may be placeholders (a prepared statement).
 */
function selectItemRows(db: Queryable, target: ViewerOperand, where: SQL, order: 'newest' | 'oldest') {
  return db
    .select({
      id: activityItems.id,
      kind: activityItems.kind,
      subject: activityItems.subject,
      createdAt: isoInstant(activityItems.createdAt),
      actorMemberId: actor.id,
      actorFirstName: actorPerson.firstName,
      actorLastName: actorPerson.lastName,
      subjectMemberId: named.id,
      subjectFirstName: namedPerson.firstName,
      subjectLastName: namedPerson.lastName,
      isUnread: sql<boolean>`(${activityItems.createdAt} > coalesce(${reader.activityReadAt}, '-infinity'::timestamptz)
        and ${activityItems.actorMemberId} is distinct from ${reader.id})`,
    })
    .from(activityItems)
    .innerJoin(reader, eq(reader.id, target.memberId))
    .leftJoin(actor, eq(actor.id, activityItems.actorMemberId))
    .leftJoin(actorPerson, eq(actorPerson.id, actor.personId))
    .leftJoin(named, and(eq(named.workspaceId, activityItems.workspaceId), sql`${named.id}::text = ${activityItems.subject}->>'memberId'`))
    .leftJoin(namedPerson, eq(namedPerson.id, named.personId))
    .where(and(activityOfWorkspace(target), where))
    .orderBy(
      ...(order === 'newest'
        ? [desc(activityItems.createdAt), desc(activityItems.id)]
        : [asc(activityItems.createdAt), asc(activityItems.id)]),
    );
}

type ItemRow = Awaited<ReturnType<ReturnType<typeof selectItemRows>['execute']>>[number];

const toActivityItem = (row: ItemRow): ActivityItem => ({
  id: row.id,
  kind: row.kind,
  actor: memberOf(row.actorMemberId, row.actorFirstName, row.actorLastName),
  subject: row.subject,
  subjectMember: memberOf(row.subjectMemberId, row.subjectFirstName, row.subjectLastName),
  createdAt: row.createdAt,
  isUnread: row.isUnread,
});

/** At most `limit` items of {@link selectItemRows} as ActivityItems. */
async function selectItems(db: Queryable, target: Viewer, where: SQL, order: 'newest' | 'oldest', limit: number): Promise<ActivityItem[]> {
  const rows = await selectItemRows(db, target, where, order).limit(limit);
  return rows.map(toActivityItem);
}

/** A page of the feed, newest first, from the start or after an item: prepared per member type (issue #13). */
const feedPageStatement = preparedStatements(
  'activity_feed',
  (shape: { memberType: Viewer['workspaceMemberType']; after: boolean }) => `${shape.memberType}:${shape.after}`,
  (db, { memberType, after }, name) =>
    selectItemRows(db, viewerPlaceholders(memberType), after ? beyond(sql.placeholder('afterItemId'), '<') : sql`true`, 'newest')
      .limit(sql.placeholder('limit'))
      .prepare(name),
);

/** (created_at, id) strictly before / after the item `itemId`, compared in the database (µs exact). */
function beyond(itemId: string | Placeholder, direction: '<' | '>'): SQL {
  const anchor = sql`(select ${activityItems.createdAt}, ${activityItems.id} from ${activityItems} where ${activityItems.id} = ${itemId})`;
  return direction === '<'
    ? sql`(${activityItems.createdAt}, ${activityItems.id}) < ${anchor}`
    : sql`(${activityItems.createdAt}, ${activityItems.id}) > ${anchor}`;
}

/** True when `itemId` is an item `target` may see. */
async function isVisible(db: Queryable, target: Viewer, itemId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: activityItems.id })
    .from(activityItems)
    .where(and(activityOfWorkspace(target), eq(activityItems.id, itemId)));
  return row !== undefined;
}

/**
 * One page of the workspace's activity as `target` sees it, newest first (PRODUCT §4 cursor
 * pagination, keyset on (createdAt, id) so pages stay stable while items arrive).
 * @throws AppError 400 VALIDATION_FAILED with errorData.cursor for a malformed cursor or one
 * that names no item of this feed.
 */
export async function findActivity(
  db: Queryable,
  target: Viewer,
  page: { limit: number; cursor?: string | undefined },
): Promise<ActivityPage> {
  let afterItemId: string | undefined;
  if (page.cursor !== undefined) {
    afterItemId = decodeIdCursor(page.cursor, 'activity')!;
    if (!(await isVisible(db, target, afterItemId)))
      throw invalidField('cursor', 'This cursor is not valid. Start again from the first page.');
  }
  const rows = await feedPageStatement(db, { memberType: target.workspaceMemberType, after: afterItemId !== undefined }).execute({
    ...viewerValues(target),
    afterItemId,
    limit: page.limit + 1,
  });
  const items = rows.map(toActivityItem);
  const hasMore = items.length > page.limit;
  const shown = hasMore ? items.slice(0, page.limit) : items;
  return { items: shown, nextCursor: hasMore ? encodeCursor('activity', [shown.at(-1)!.id]) : null };
}

/** One item as `target` sees it, or undefined when it is gone or not theirs to see. */
export async function getActivityItem(db: Queryable, target: Viewer, itemId: string): Promise<ActivityItem | undefined> {
  const [item] = await selectItems(db, target, eq(activityItems.id, itemId), 'newest', 1);
  return item;
}

/**
 * Items `target` may see recorded after `afterItemId`, oldest first, at most `limit`: the catch-up
 * of an event stream resumed with Last-Event-ID. Empty when `afterItemId` is not theirs to see.
 */
export async function findActivityAfter(db: Queryable, target: Viewer, afterItemId: string, limit: number): Promise<ActivityItem[]> {
  if (!IdCursorSchema.safeParse([afterItemId]).success || !(await isVisible(db, target, afterItemId))) return [];
  return selectItems(db, target, beyond(afterItemId, '>'), 'oldest', limit);
}

/**
 * The clock as a read mark: the start of the current millisecond, less a microsecond. An item's
 * createdAt is the clock truncated to the millisecond ({@link recordActivity}), so an item created
 * in the mark's millisecond after the mark still counts as new, where `now()` itself (to the
 * microsecond) took it as read. One created in that millisecond just before the mark counts as new
 * too: a dot too many, never an item missed.
 */
const clockMark = sql`date_trunc('milliseconds', now()) - interval '1 microsecond'`;

/**
 * Moves `memberId`'s read mark (PRODUCT §2) to `until` (default now), never backwards and never
 * past now; afterwards hasNewActivityItems counts only items created after it. Returns the mark.
 */
export async function markActivityRead(db: Queryable, memberId: string, until?: string): Promise<Date> {
  const target =
    until === undefined ? clockMark : sql`case when ${until}::timestamptz <= now() then ${until}::timestamptz else ${clockMark} end`;
  const [row] = await db
    .update(workspaceMembers)
    .set({ activityReadAt: sql`greatest(coalesce(${workspaceMembers.activityReadAt}, '-infinity'::timestamptz), ${target})` })
    .where(eq(workspaceMembers.id, memberId))
    .returning({ readAt: workspaceMembers.activityReadAt });
  if (!row?.readAt) throw new Error('read mark not set');
  return row.readAt;
}
