import { hash as argon2Hash, verify as argon2Verify } from '@node-rs/argon2';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Database, Queryable } from '../db/client.js';
import { preparedQuery } from '../db/prepared.js';
import type { publicLinkSubjectType } from '../db/schema/index.js';
import { people, publicLinks, workspaceMembers, workspaces } from '../db/schema/index.js';
import { AppError, invalidField, notFound, tooManyRequests } from '../lib/errors.js';
import { refundAttempt, resetAttempts, takeAttempt, throttleKeys, throttlePolicies } from '../lib/throttle.js';
import { createPublicId, hashPublicId, isPublicId } from './public-ids.js';
import { recordPublicLinkView } from './public-links-views.js';
import { linkInactive } from './public-scope.js';

/** What a public link opens (decision 012): a brief, a question recipient's page, a summary. */
export type PublicLinkSubjectType = (typeof publicLinkSubjectType.enumValues)[number];

/**
 * A public link as features read it: the row without its passcode hash, whether it opens now
 * (`isActive`: not revoked, not expired, the workspace's public links on) and its creator's names
 * (null once they left the workspace).
 */
export interface PublicLinkRecord {
  id: string;
  workspaceId: string;
  subjectType: PublicLinkSubjectType;
  subjectId: string;
  label: string;
  expiresAt: Date | null;
  hasPasscode: boolean;
  revokedAt: Date | null;
  isActive: boolean;
  viewCount: number;
  lastViewedAt: Date | null;
  createdBy: { memberId: string; firstName: string; lastName: string } | null;
  createdAt: Date;
}

/** The one "does this link open now" rule (decision 012), in SQL over public_links ⋈ workspaces. */
export const isActiveSql = sql<boolean>`(${publicLinks.revokedAt} is null
  and (${publicLinks.expiresAt} is null or ${publicLinks.expiresAt} > now())
  and ${workspaces.publicLinksEnabled})`;

const recordColumns = {
  id: publicLinks.id,
  workspaceId: publicLinks.workspaceId,
  subjectType: publicLinks.subjectType,
  subjectId: publicLinks.subjectId,
  label: publicLinks.label,
  expiresAt: publicLinks.expiresAt,
  hasPasscode: sql<boolean>`(${publicLinks.passcodeHash} is not null)`,
  revokedAt: publicLinks.revokedAt,
  isActive: isActiveSql,
  viewCount: publicLinks.viewCount,
  lastViewedAt: publicLinks.lastViewedAt,
  createdByMemberId: publicLinks.createdByMemberId,
  creatorFirstName: people.firstName,
  creatorLastName: people.lastName,
  createdAt: publicLinks.createdAt,
};

type JoinedLinkRow = Omit<PublicLinkRecord, 'createdBy'> & {
  createdByMemberId: string | null;
  creatorFirstName: string | null;
  creatorLastName: string | null;
};

function toRecord({ createdByMemberId, creatorFirstName, creatorLastName, ...row }: JoinedLinkRow): PublicLinkRecord {
  return {
    ...row,
    createdBy:
      createdByMemberId && creatorFirstName !== null && creatorLastName !== null
        ? { memberId: createdByMemberId, firstName: creatorFirstName, lastName: creatorLastName }
        : null,
  };
}

function selectLinks(db: Queryable) {
  return db
    .select(recordColumns)
    .from(publicLinks)
    .innerJoin(workspaces, eq(workspaces.id, publicLinks.workspaceId))
    .leftJoin(workspaceMembers, eq(workspaceMembers.id, publicLinks.createdByMemberId))
    .leftJoin(people, eq(people.id, workspaceMembers.personId));
}

const ofSubject = (workspaceId: string, subjectType: PublicLinkSubjectType, subjectId: string) =>
  and(eq(publicLinks.workspaceId, workspaceId), eq(publicLinks.subjectType, subjectType), eq(publicLinks.subjectId, subjectId));

/** The links of one subject, newest first, revoked and expired ones included. */
export async function findPublicLinks(
  db: Queryable,
  workspaceId: string,
  subjectType: PublicLinkSubjectType,
  subjectId: string,
): Promise<PublicLinkRecord[]> {
  const rows = await selectLinks(db)
    .where(ofSubject(workspaceId, subjectType, subjectId))
    .orderBy(desc(publicLinks.createdAt), desc(publicLinks.id));
  return rows.map(toRecord);
}

/** One link of one subject (by its stored id), or undefined. */
export async function getPublicLink(
  db: Queryable,
  workspaceId: string,
  subjectType: PublicLinkSubjectType,
  subjectId: string,
  linkId: string,
): Promise<PublicLinkRecord | undefined> {
  const [row] = await selectLinks(db).where(and(ofSubject(workspaceId, subjectType, subjectId), eq(publicLinks.id, linkId)));
  return row ? toRecord(row) : undefined;
}

/** Whether the workspace's public links are on (PRODUCT §2 PublicLink); undefined for an unknown workspace. */
export async function getPublicLinksEnabled(db: Queryable, workspaceId: string): Promise<boolean | undefined> {
  const [row] = await db.select({ enabled: workspaces.publicLinksEnabled }).from(workspaces).where(eq(workspaces.id, workspaceId));
  return row?.enabled;
}

/**
 * Turns every public link of the workspace off or back on (the kill switch). Links neither revoked
 * nor expired open again once it is back on.
 * @returns whether the setting changed.
 */
export async function setPublicLinksEnabled(tx: Queryable, workspaceId: string, enabled: boolean): Promise<boolean> {
  const changed = await tx
    .update(workspaces)
    .set({ publicLinksEnabled: enabled })
    .where(and(eq(workspaces.id, workspaceId), sql`${workspaces.publicLinksEnabled} <> ${enabled}`))
    .returning({ id: workspaces.id });
  return changed.length > 0;
}

/** 409 while the workspace's public links are off: no new link can be made (PRODUCT §2 PublicLink). */
const publicLinksOff = () =>
  new AppError(
    'CONFLICT',
    'Public links are turned off for this workspace. An owner or the executive can turn them back on in the workspace settings.',
  );

export interface CreatePublicLinkInput {
  workspaceId: string;
  subjectType: PublicLinkSubjectType;
  subjectId: string;
  label: string;
  /** null = never expires; the caller checks it lies in the future. */
  expiresAt: Date | null;
  /** Stored as an Argon2id hash only. */
  passcode: string | null;
  createdByMemberId: string;
}

/**
 * Makes a new link (decision 012): a fresh 22-character public id, the passcode hashed with
 * Argon2id (the library's OWASP defaults, as passwords). Locks the workspace row so a concurrent
 * kill switch cannot slip between the check and the insert.
 * @returns the public id (what goes into the URL) and the link as stored.
 * @throws 409 CONFLICT while the workspace's public links are off.
 */
export async function createPublicLink(tx: Queryable, input: CreatePublicLinkInput): Promise<{ publicId: string; link: PublicLinkRecord }> {
  const [workspace] = await tx
    .select({ enabled: workspaces.publicLinksEnabled })
    .from(workspaces)
    .where(eq(workspaces.id, input.workspaceId))
    .for('share');
  if (!workspace) throw notFound('That workspace');
  if (!workspace.enabled) throw publicLinksOff();
  const publicId = createPublicId();
  // Stored as is, so it can be copied again (decision 012, amended by issue #10: recipients' links too).
  const id = publicId;
  await tx.insert(publicLinks).values({
    id,
    workspaceId: input.workspaceId,
    subjectType: input.subjectType,
    subjectId: input.subjectId,
    label: input.label,
    expiresAt: input.expiresAt,
    passcodeHash: input.passcode === null ? null : await argon2Hash(input.passcode),
    createdByMemberId: input.createdByMemberId,
  });
  const link = await getPublicLink(tx, input.workspaceId, input.subjectType, input.subjectId, id);
  return { publicId, link: link! };
}

/**
 * Revokes a link of one subject by `memberId`, once: revoking again changes nothing.
 * @returns the link as it is now and whether this call revoked it; undefined when the subject has
 * no such link.
 */
export async function revokePublicLink(
  tx: Queryable,
  input: { workspaceId: string; subjectType: PublicLinkSubjectType; subjectId: string; linkId: string; memberId: string },
): Promise<{ link: PublicLinkRecord; revoked: boolean } | undefined> {
  const changed = await tx
    .update(publicLinks)
    .set({ revokedAt: new Date(), revokedByMemberId: input.memberId })
    .where(
      and(
        ofSubject(input.workspaceId, input.subjectType, input.subjectId),
        eq(publicLinks.id, input.linkId),
        isNull(publicLinks.revokedAt),
      ),
    )
    .returning({ id: publicLinks.id });
  const link = await getPublicLink(tx, input.workspaceId, input.subjectType, input.subjectId, input.linkId);
  return link ? { link, revoked: changed.length > 0 } : undefined;
}

/** A link as the public side opens it: its stored row and whether it opens now. */
interface OpenableLink {
  id: string;
  workspaceId: string;
  subjectId: string;
  passcodeHash: string | null;
  isActive: boolean;
}

const passcodeRequired = () => new AppError('PASSCODE_REQUIRED', 'This link is protected. Enter the passcode you were given.');
const passcodeInvalid = () =>
  new AppError('PASSCODE_INVALID', 'That passcode is not right. Check it with the person who shared the link.', {
    passcode: 'That passcode is not right.',
  });

const minutes = (ms: number) => Math.max(1, Math.ceil(ms / 60_000));

/**
 * Counts a passcode attempt against the link (10 consecutive failures → locked up to 15 minutes)
 * and the IP (100 a day), as sign-in does (PRODUCT §5, lib/throttle.ts).
 * @throws 429 TOO_MANY_REQUESTS with Retry-After when either limit is reached; nothing is checked then.
 */
async function takePasscodeAttempt(db: Database, linkKey: string, ip: string): Promise<void> {
  await db.transaction(async (tx) => {
    const link = await takeAttempt(tx, throttleKeys.passcodeLink(linkKey), throttlePolicies.passcodePerLink);
    if (!link.allowed) {
      throw tooManyRequests(
        `Too many wrong passcodes for this link. Try again in ${minutes(link.retryAfterMs)} minutes.`,
        link.retryAfterMs,
      );
    }
    const fromIp = await takeAttempt(tx, throttleKeys.passcodeIp(ip), throttlePolicies.passcodePerIp);
    if (!fromIp.allowed) throw tooManyRequests('Too many wrong passcodes from this network. Try again later.', fromIp.retryAfterMs);
  });
}

/**
 * {@link openPublicLink}'s read of a link by id and subject type, with whether it opens now (every
 * public page and write runs it; issue #13: built once and prepared, db/prepared.ts).
 */
const openableLinkStatement = preparedQuery((db) =>
  db
    .select({
      id: publicLinks.id,
      workspaceId: publicLinks.workspaceId,
      subjectId: publicLinks.subjectId,
      passcodeHash: publicLinks.passcodeHash,
      isActive: isActiveSql,
    })
    .from(publicLinks)
    .innerJoin(workspaces, eq(workspaces.id, publicLinks.workspaceId))
    .where(and(eq(publicLinks.id, sql.placeholder('id')), eq(publicLinks.subjectType, sql.placeholder('subjectType'))))
    .prepare('public_link_to_open'),
);

export interface OpenPublicLinkInput<T> {
  subjectType: PublicLinkSubjectType;
  /** The id from the URL, as the visitor sent it. */
  publicId: string;
  /** The passcode the visitor entered (POST …/unlock), or undefined (GET). */
  passcode: string | undefined;
  ip: string;
  userAgent: string | undefined;
  /**
   * The subject's public DTO (never the workspace DTO), or undefined when the subject is gone or
   * may no longer be shared (e.g. a brief made confidential): the link then answers 410.
   */
  load: (link: { workspaceId: string; subjectId: string }) => Promise<T | undefined>;
  /**
   * Whether this opening is logged and counted (default true). A write through the link (e.g. a
   * recipient saving an answer, issue #10) passes false: only page views belong in the access log.
   */
  recordView?: boolean;
}

/**
 * Opens a public link (decision 012): a malformed id → 400 (a miss); no such link of this subject
 * type → 404 (a miss); revoked, expired, the workspace's links off, or the subject gone → 410
 * (not a miss); a passcode-protected link without a passcode → 401 PASSCODE_REQUIRED; a wrong one
 * → 401 PASSCODE_INVALID, and after 10 in a row 429 with Retry-After (even for the right one, until
 * the lock ends). Otherwise the view is logged and counted in one statement (unless `recordView`
 * is false) and the subject's DTO is returned.
 */
export async function openPublicLink<T>(db: Database, input: OpenPublicLinkInput<T>): Promise<T> {
  if (!isPublicId(input.publicId)) throw invalidField('id', 'This is not a valid link. Check that it was copied whole.');
  const id = input.publicId;
  const [link]: OpenableLink[] = await openableLinkStatement(db).execute({ id, subjectType: input.subjectType });
  if (!link) throw notFound('That link');
  if (!link.isActive) throw linkInactive();
  if (link.passcodeHash !== null) {
    if (input.passcode === undefined) throw passcodeRequired();
    const linkKey = hashPublicId(link.id);
    await takePasscodeAttempt(db, linkKey, input.ip);
    if (!(await argon2Verify(link.passcodeHash, input.passcode))) throw passcodeInvalid();
    // The right passcode ends the link's run of failures and gives the IP its attempt back.
    await resetAttempts(db, throttleKeys.passcodeLink(linkKey));
    await refundAttempt(db, throttleKeys.passcodeIp(input.ip));
  }
  const subject = await input.load({ workspaceId: link.workspaceId, subjectId: link.subjectId });
  if (subject === undefined) throw linkInactive();
  if (input.recordView === false) return subject;
  await recordPublicLinkView(db, { linkId: link.id, workspaceId: link.workspaceId, ip: input.ip, userAgent: input.userAgent });
  return subject;
}
