import { and, desc, eq, lt } from 'drizzle-orm';
import type { AuditAction, AuditEvent } from '@tandem/contract';
import type { Queryable } from '../../db/client.js';
import { auditEvents } from '../../db/schema/index.js';

/** Audited actions: the contract's list (AuditEvent.action is an enumeration in the API reference). */
export type { AuditAction } from '@tandem/contract';

export interface AuditInput {
  action: AuditAction;
  actorPersonId: string | null;
  impersonatorPersonId?: string | null;
  workspaceId?: string | null;
  target?: string | null;
  ip?: string | null;
}

/** Appends one AuditEvent row; under impersonation both identities are kept (PRODUCT §5). */
export async function recordAuditEvent(db: Queryable, input: AuditInput): Promise<void> {
  await db.insert(auditEvents).values({
    action: input.action,
    actorPersonId: input.actorPersonId,
    impersonatorPersonId: input.impersonatorPersonId ?? null,
    workspaceId: input.workspaceId ?? null,
    target: input.target ?? null,
    ip: input.ip ?? null,
  });
}

/**
 * A workspace's audit events, newest first (by id, a UUIDv7); `beforeId` is the page cursor
 * (PRODUCT §4). Who may read them is the caller's check (PRODUCT §6: OWNER, EXECUTIVE).
 */
export async function findAuditEvents(
  db: Queryable,
  workspaceId: string,
  page: { limit: number; beforeId?: string | undefined },
): Promise<AuditEvent[]> {
  const rows = await db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.workspaceId, workspaceId), page.beforeId ? lt(auditEvents.id, page.beforeId) : undefined))
    .orderBy(desc(auditEvents.id))
    .limit(page.limit);
  return rows.map((row) => ({
    id: row.id,
    // Rows are written only by recordAuditEvent, whose action is an AuditAction.
    action: row.action as AuditAction,
    actorPersonId: row.actorPersonId,
    impersonatorPersonId: row.impersonatorPersonId,
    target: row.target,
    ip: row.ip,
    at: row.at.toISOString(),
  }));
}
