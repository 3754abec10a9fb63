import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ActivityItem, ActivityKind, ActivityPage } from '@tandem/contract';
import { activityOfWorkspace, type Viewer } from '../../permissions/visibility.js';
import type { Queryable } from '../../db/client.js';
import { activityItems, people, workspaceMembers } from '../../db/schema/index.js';
import { publishWorkspaceEvent } from '../../events/event-bus.js';
import { decodeIdCursor, encodeCursor, IdCursorSchema } from '../../lib/cursor.js';
import { invalidField } from '../../lib/errors.js';

/**
 * Records one activity item (PRODUCT §2) and, in the same transaction, publishes its `activity`
 * event on the workspace bus, which is delivered on commit only: pass the open transaction of the
 * change the item describes. `audienceMemberId` null = every member; else only that member.
 * createdAt is the clock at insert, to the millisecond, so the ISO string clients see compares
 * exactly with the stored value.
 */
export async function recordActivity(
  tx: Queryable,
  input: {
    workspaceId: string;
    kind: ActivityKind;
    actorMemberId: string | null;
    audienceMemberId?: string | null;
    subject?: Record<string, string>;
  },
): Promise<void> {
  const audienceMemberId = input.audienceMemberId ?? null;
  const [row] = await tx
    .insert(activityItems)
    .values({
      workspaceId: input.workspaceId,
      kind: input.kind,
      actorMemberId: input.actorMemberId,
      audienceMemberId,
      subject: input.subject ?? {},
      createdAt: sql`date_trunc('milliseconds', clock_timestamp())`,
    })
    .returning({ id: activityItems.id });
  if (!row) throw new Error('activity item not inserted');
  await publishWorkspaceEvent<'activity'>(
    tx,
    { type: 'activity', workspaceId: input.workspaceId, itemId: row.id, kind: input.kind, actorMemberId: input.actorMemberId },
    { audienceMemberId },
  );
}

const reader = alias(workspaceMembers, 'reader');
const actor = alias(workspaceMembers, 'actor');

/** Rows → ActivityItems with actor names and isUnread (the hasNewActivityItems rule, seed §3). */
async function selectItems(db: Queryable, target: Viewer, where: SQL, order: 'newest' | 'oldest', limit: number): Promise<ActivityItem[]> {
  const rows = await db
    .select({
      id: activityItems.id,
      kind: activityItems.kind,
      subject: activityItems.subject,
      createdAt: activityItems.createdAt,
      actorMemberId: actor.id,
      actorFirstName: people.firstName,
      actorLastName: people.lastName,
      isUnread: sql<boolean>`(${activityItems.createdAt} > coalesce(${reader.activityReadAt}, '-infinity'::timestamptz)
        and ${activityItems.actorMemberId} is distinct from ${reader.id})`,
    })
    .from(activityItems)
    .innerJoin(reader, eq(reader.id, target.memberId))
    .leftJoin(actor, eq(actor.id, activityItems.actorMemberId))
    .leftJoin(people, eq(people.id, actor.personId))
    .where(and(activityOfWorkspace(target), where))
    .orderBy(
      ...(order === 'newest'
        ? [desc(activityItems.createdAt), desc(activityItems.id)]
        : [asc(activityItems.createdAt), asc(activityItems.id)]),
    )
    .limit(limit);
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    actor:
      row.actorMemberId && row.actorFirstName !== null && row.actorLastName !== null
        ? { memberId: row.actorMemberId, firstName: row.actorFirstName, lastName: row.actorLastName }
        : null,
    subject: row.subject,
    createdAt: row.createdAt.toISOString(),
    isUnread: row.isUnread,
  }));
}

/** (created_at, id) strictly before / after the item `itemId`, compared in the database (µs exact). */
function beyond(itemId: string, direction: '<' | '>'): SQL {
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
  let where: SQL = sql`true`;
  if (page.cursor !== undefined) {
    const itemId = decodeIdCursor(page.cursor, 'activity')!;
    if (!(await isVisible(db, target, itemId))) throw invalidField('cursor', 'This cursor is not valid. Start again from the first page.');
    where = beyond(itemId, '<');
  }
  const items = await selectItems(db, target, where, 'newest', page.limit + 1);
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
 * Moves `memberId`'s read mark (PRODUCT §2) to `until` (default now), never backwards and never
 * past now; afterwards hasNewActivityItems counts only items created after it. Returns the mark.
 */
export async function markActivityRead(db: Queryable, memberId: string, until?: string): Promise<Date> {
  const target = until === undefined ? sql`now()` : sql`least(${until}::timestamptz, now())`;
  const [row] = await db
    .update(workspaceMembers)
    .set({ activityReadAt: sql`greatest(coalesce(${workspaceMembers.activityReadAt}, '-infinity'::timestamptz), ${target})` })
    .where(eq(workspaceMembers.id, memberId))
    .returning({ readAt: workspaceMembers.activityReadAt });
  if (!row?.readAt) throw new Error('read mark not set');
  return row.readAt;
}
