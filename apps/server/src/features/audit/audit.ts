import type { Queryable } from '../../db/client.js';
import { auditEvents } from '../../db/schema/index.js';

/** Audited actions (PRODUCT §2: sign-ins, impersonation, role changes, public links, exports). */
export type AuditAction =
  | 'SIGN_UP'
  | 'ACCOUNT_ACTIVATED'
  | 'SIGN_IN'
  | 'SIGN_OUT'
  | 'IMPERSONATION_STARTED'
  | 'PASSWORD_CHANGED'
  | 'PASSWORD_RESET'
  | 'REFRESH_TOKEN_REUSE'
  | 'PLATFORM_ADMIN_GRANTED'
  | 'PLATFORM_ADMIN_REVOKED';

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
