import { and, eq, sql } from 'drizzle-orm';
import { can, describeInviteLimit, describeRefusal, type WorkspaceAction, type WorkspaceMemberType } from '@tandem/contract';
import type { Queryable } from '../db/client.js';
import { preparedQuery } from '../db/prepared.js';
import { workspaceMembers } from '../db/schema/index.js';
import { AppError, notFound } from '../lib/errors.js';
import type { Viewer } from './visibility.js';

/** The member row a workspace route acts as. */
export type MemberRow = typeof workspaceMembers.$inferSelect;

/**
 * Refuses with 403 FORBIDDEN and a clear errorDisplayMessage unless `member` may do `action`
 * (PRODUCT §6: "A refused action is 403 with a clear errorDisplayMessage").
 */
export function assertAllowed(
  member: Pick<MemberRow, 'workspaceMemberType'>,
  action: WorkspaceAction,
  options: { invitedType?: WorkspaceMemberType } = {},
): void {
  if (can(member.workspaceMemberType, action, options)) return;
  if (action === 'inviteMembers' && options.invitedType && can(member.workspaceMemberType, action)) {
    const message = describeInviteLimit(member.workspaceMemberType);
    throw new AppError('FORBIDDEN', message, { workspaceMemberType: message });
  }
  throw new AppError('FORBIDDEN', describeRefusal(action));
}

/**
 * The caller's ACTIVE membership of `workspaceId`. An unknown workspace, another person's
 * workspace, or a pending invitation all answer 404 (PRODUCT §6: never 403 for another
 * workspace's object), so ids reveal nothing.
 */
export async function loadMembership(db: Queryable, workspaceId: string, personId: string): Promise<MemberRow> {
  const [member] = await membershipQuery(db).execute({ workspaceId, personId });
  if (!member) throw notFound('That workspace');
  return member;
}

/** Run by every workspace request: built and prepared once (db/prepared.ts). */
const membershipQuery = preparedQuery((db) =>
  db
    .select()
    .from(workspaceMembers)
    .where(
      and(
        eq(workspaceMembers.workspaceId, sql.placeholder('workspaceId')),
        eq(workspaceMembers.personId, sql.placeholder('personId')),
        eq(workspaceMembers.status, 'ACTIVE'),
      ),
    )
    .prepare('active_membership'),
);

/** The member as the visibility rules take it (permissions/visibility.ts). */
export function viewerOf(member: MemberRow): Viewer {
  return { workspaceId: member.workspaceId, memberId: member.id, workspaceMemberType: member.workspaceMemberType };
}
