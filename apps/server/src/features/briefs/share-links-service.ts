import {
  can,
  canSeeBrief,
  defaultShareLinkExpiry,
  type CreateShareLinkBody,
  type ListShareLinkViewsQuery,
  type PublicBrief,
  type ShareLink,
  type ShareLinkView,
} from '@tandem/contract';
import type { Database, Queryable } from '../../db/client.js';
import { AppError, invalidField, notFound } from '../../lib/errors.js';
import { loadMembership, type MemberRow } from '../../permissions/membership.js';
import {
  createPublicLink,
  findPublicLinks,
  getPublicLink,
  openPublicLink,
  revokePublicLink,
  type PublicLinkRecord,
} from '../../public/public-links.js';
import { findPublicLinkViews } from '../../public/public-links-views.js';
import { recordAuditEvent } from '../audit/index.js';
import { getPublicBrief, getShareableBrief, type ShareableBrief } from './share-links-repository.js';

/** Who acts, for the permission check and the audit trail (PRODUCT §5: both identities). */
export interface ShareActor {
  personId: string;
  impersonatorId: string | null;
  ip: string;
}

const briefNotFound = () => notFound('That brief');
const linkNotFound = () => notFound('That share link');

/** PRODUCT §6 "briefs & templates: create, edit, share": OWNER, EXECUTIVE, EXECUTIVEASSISTANT. */
const sharingRefused = () => new AppError('FORBIDDEN', 'Only an owner, the executive or an executive assistant can share briefs.');

/** PRODUCT §10: a confidential brief has no public link. */
const confidentialRefused = () => new AppError('CONFLICT', "Confidential briefs can't be shared by link.");

/**
 * The caller's membership and the brief they want to share. A brief they may not see (another
 * workspace's, a GUEST and a DRAFT) answers 404; one they may see but not share 403.
 */
async function loadSharing(
  db: Queryable,
  personId: string,
  workspaceId: string,
  briefId: string,
): Promise<{ member: MemberRow; brief: ShareableBrief }> {
  const member = await loadMembership(db, workspaceId, personId);
  const brief = await getShareableBrief(db, workspaceId, briefId);
  if (!brief || !canSeeBrief(member.workspaceMemberType, brief.status)) throw briefNotFound();
  if (!can(member.workspaceMemberType, 'editBriefs')) throw sharingRefused();
  return { member, brief };
}

/** The contract's ShareLink: a link of a confidential brief never counts as active. */
function toShareLink(link: PublicLinkRecord, brief: ShareableBrief): ShareLink {
  return {
    id: link.id,
    label: link.label,
    expiresAt: link.expiresAt?.toISOString() ?? null,
    hasPasscode: link.hasPasscode,
    revokedAt: link.revokedAt?.toISOString() ?? null,
    isActive: link.isActive && !brief.confidential,
    viewCount: link.viewCount,
    lastViewedAt: link.lastViewedAt?.toISOString() ?? null,
    createdBy: link.createdBy,
    createdAt: link.createdAt.toISOString(),
  };
}

/** What the audit trail names: the brief and the link's first characters (never a working link). */
const auditTarget = (briefId: string, linkId: string) => `${briefId}:${linkId.slice(0, 4)}…`;

/** The brief's share links, newest first, revoked ones included (editors; issue #9). */
export async function listShareLinks(db: Database, personId: string, workspaceId: string, briefId: string): Promise<ShareLink[]> {
  const { brief } = await loadSharing(db, personId, workspaceId, briefId);
  const links = await findPublicLinks(db, workspaceId, 'BRIEF', briefId);
  return links.map((link) => toShareLink(link, brief));
}

/**
 * When a new link expires (contract CreateShareLinkBody): as sent (a future instant, or null =
 * never), else {@link defaultShareLinkExpiry} of the meeting.
 * @throws 400 errorData.expiresAt for a past instant, or a default that has already passed.
 */
function expiryOf(body: CreateShareLinkBody, brief: ShareableBrief, now: Date): Date | null {
  if (body.expiresAt === null) return null;
  if (body.expiresAt !== undefined) {
    const expiresAt = new Date(body.expiresAt);
    if (expiresAt <= now) throw invalidField('expiresAt', 'Choose an expiry in the future.');
    return expiresAt;
  }
  const fallback = defaultShareLinkExpiry(brief.meetingAt?.toISOString() ?? null);
  if (fallback === null) return null;
  const expiresAt = new Date(fallback);
  if (expiresAt <= now) throw invalidField('expiresAt', 'The meeting was more than 7 days ago. Choose when this link expires.');
  return expiresAt;
}

/**
 * Makes a share link of a brief (issue #9; editors): label, expiry (default: meeting + 7 days, or
 * never), optional passcode (Argon2id). Audited as SHARE_LINK_CREATED.
 * @throws 404 for a brief the caller may not see; 403 for a USER; 409 CONFLICT for a confidential
 * brief or while the workspace's public links are off; 400 errorData.expiresAt for a past expiry.
 */
export async function createShareLink(
  db: Database,
  actor: ShareActor,
  workspaceId: string,
  briefId: string,
  body: CreateShareLinkBody,
): Promise<ShareLink> {
  return db.transaction(async (tx) => {
    const { member, brief } = await loadSharing(tx, actor.personId, workspaceId, briefId);
    if (brief.confidential) throw confidentialRefused();
    const { publicId, link } = await createPublicLink(tx, {
      workspaceId,
      subjectType: 'BRIEF',
      subjectId: briefId,
      label: body.label ?? '',
      expiresAt: expiryOf(body, brief, new Date()),
      passcode: body.passcode ?? null,
      createdByMemberId: member.id,
    });
    await recordAuditEvent(tx, {
      action: 'SHARE_LINK_CREATED',
      actorPersonId: actor.personId,
      impersonatorPersonId: actor.impersonatorId,
      workspaceId,
      target: auditTarget(briefId, publicId),
      ip: actor.ip,
    });
    return toShareLink(link, brief);
  });
}

/**
 * Revokes a share link (editors; issue #9 "revoke in one click"): it answers 410 from now on.
 * Idempotent: revoking a revoked link answers it unchanged and audits nothing. Audited as
 * SHARE_LINK_REVOKED.
 * @throws 404 for a brief the caller may not see or a link of another brief; 403 for a USER.
 */
export async function revokeShareLink(
  db: Database,
  actor: ShareActor,
  workspaceId: string,
  briefId: string,
  linkId: string,
): Promise<ShareLink> {
  return db.transaction(async (tx) => {
    const { member, brief } = await loadSharing(tx, actor.personId, workspaceId, briefId);
    const result = await revokePublicLink(tx, { workspaceId, subjectType: 'BRIEF', subjectId: briefId, linkId, memberId: member.id });
    if (!result) throw linkNotFound();
    if (result.revoked) {
      await recordAuditEvent(tx, {
        action: 'SHARE_LINK_REVOKED',
        actorPersonId: actor.personId,
        impersonatorPersonId: actor.impersonatorId,
        workspaceId,
        target: auditTarget(briefId, linkId),
        ip: actor.ip,
      });
    }
    return toShareLink(result.link, brief);
  });
}

/**
 * A share link's access log, newest first (editors): when, the IP truncated to /24 or /48, the
 * browser family.
 * @throws 404 for a brief the caller may not see or a link of another brief; 403 for a USER;
 * 400 errorData.cursor for a bad cursor.
 */
export async function listShareLinkViews(
  db: Database,
  personId: string,
  workspaceId: string,
  briefId: string,
  linkId: string,
  query: ListShareLinkViewsQuery,
): Promise<{ items: ShareLinkView[]; nextCursor: string | null }> {
  await loadSharing(db, personId, workspaceId, briefId);
  if (!(await getPublicLink(db, workspaceId, 'BRIEF', briefId, linkId))) throw linkNotFound();
  return findPublicLinkViews(db, workspaceId, linkId, query);
}

/**
 * The public brief behind a share link (GET v1/public/briefs/{id}, POST …/unlock; issue #9), as
 * public/public-links.ts openPublicLink rules: 400 malformed id, 404 unknown, 410 revoked / expired
 * / links off / brief deleted or made confidential, 401 PASSCODE_REQUIRED / PASSCODE_INVALID, 429
 * after 10 wrong passcodes. The brief is shown as it is now, whatever its status: the sharer chose
 * to share it. Each answer counts as a view.
 */
export function readPublicBrief(
  db: Database,
  input: { publicId: string; passcode: string | undefined; ip: string; userAgent: string | undefined },
): Promise<PublicBrief> {
  return openPublicLink(db, {
    subjectType: 'BRIEF',
    ...input,
    load: ({ workspaceId, subjectId }) => getPublicBrief(db, workspaceId, subjectId),
  });
}
