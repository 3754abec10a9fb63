import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type {
  Brief,
  BriefAttendeeInput,
  BriefPage,
  BriefStatus,
  BriefVersion,
  CreateBriefBody,
  ListBriefsQuery,
  MarkSectionBody,
  UpdateBriefBody,
  WorkspaceAction,
} from '@tandem/contract';
import type { Database, Queryable } from '../../db/client.js';
import type { BriefSnapshot, StoredBriefSection } from '../../db/schema/index.js';
import { publishWorkspaceEvent } from '../../events/event-bus.js';
import { AppError, invalidField, notFound, versionConflict } from '../../lib/errors.js';
import { assertAllowed, loadMembership, viewerOf, type MemberRow } from '../../permissions/membership.js';
import { recordBriefChange } from '../activity/index.js';
import {
  diffSnapshots,
  emptySnapshot,
  hasChanges,
  mergeSections,
  needMoreOf,
  newSection,
  restoreSections,
  sectionContents,
  uniqueAttendees,
} from './brief-sections.js';
import {
  briefOf,
  deleteBriefRow,
  findActiveMemberIds,
  findBriefs,
  findBriefVersions,
  findExecutiveMemberId,
  getBrief,
  getBriefVersion,
  getVersionSnapshot,
  insertBrief,
  insertBriefVersion,
  lockVisibleBriefRow,
  updateBriefRow,
  type BriefRow,
  type BriefWrite,
} from './briefs-repository.js';
import { findTemplate } from './templates-repository.js';

const briefNotFound = () => notFound('That brief');

/** The heading of the one section a blank brief starts with (issue #9 "blank"). */
export const BLANK_SECTION_HEADING = 'Notes';

/** The content of a row as a version keeps it. */
function snapshotOf(
  row: Pick<BriefRow, 'title' | 'meetingAt' | 'meetingTimeZone' | 'attendees' | 'confidential' | 'sections'>,
): BriefSnapshot {
  return {
    title: row.title,
    meetingAt: row.meetingAt?.toISOString() ?? null,
    meetingTimeZone: row.meetingTimeZone,
    attendees: row.attendees,
    confidential: row.confidential,
    sections: sectionContents(row.sections),
  };
}

/** Publishes a `brief` event in `tx`; its audience is whoever may see the brief in any of `statuses`. */
async function announce(
  tx: Queryable,
  row: BriefRow,
  action: 'created' | 'updated' | 'status' | 'marked' | 'deleted',
  actor: MemberRow,
  statuses: BriefStatus[],
) {
  await publishWorkspaceEvent<'brief'>(
    tx,
    {
      type: 'brief',
      workspaceId: row.workspaceId,
      briefId: row.id,
      action,
      version: row.version,
      status: row.status,
      actorMemberId: actor.id,
    },
    { statuses: [...new Set(statuses)] },
  );
}

/**
 * 400 errorData.attendees unless every attendee in `added` is an ACTIVE member of the workspace
 * (issue #9; contacts come with the questions issue).
 */
async function assertAttendable(tx: Queryable, workspaceId: string, added: BriefAttendeeInput[]): Promise<void> {
  const ids = added.map((attendee) => attendee.id);
  const active = await findActiveMemberIds(tx, workspaceId, ids);
  if (ids.some((id) => !active.has(id))) throw invalidField('attendees', 'Choose attendees among the active members of this workspace.');
}

/** The meeting after a change: `meetingAt` and `meetingTimeZone` go together (400 on the one missing). */
function meetingOf(meetingAt: string | null, meetingTimeZone: string | null): { meetingAt: Date | null; meetingTimeZone: string | null } {
  if (meetingAt !== null && meetingTimeZone === null) throw invalidField('meetingTimeZone', 'Choose the time zone of the meeting.');
  if (meetingAt === null && meetingTimeZone !== null) throw invalidField('meetingAt', 'Choose the date and time of the meeting.');
  return { meetingAt: meetingAt === null ? null : new Date(meetingAt), meetingTimeZone };
}

/** The briefs the caller may see, filtered, sorted and paged (issue #9; GUESTs: READY/ACKNOWLEDGED only). */
export async function listBriefs(db: Database, personId: string, workspaceId: string, query: ListBriefsQuery): Promise<BriefPage> {
  const member = await loadMembership(db, workspaceId, personId);
  assertAllowed(member, 'viewBriefs');
  return findBriefs(db, viewerOf(member), query);
}

/** One brief the caller may see; 404 for any other (PRODUCT §6: a GUEST's DRAFT is as if absent). */
export async function readBrief(db: Database, personId: string, workspaceId: string, briefId: string): Promise<Brief> {
  const member = await loadMembership(db, workspaceId, personId);
  assertAllowed(member, 'viewBriefs');
  const brief = await getBrief(db, viewerOf(member), briefId);
  if (!brief) throw briefNotFound();
  return brief;
}

/**
 * Creates a brief as the caller (OWNER, EXECUTIVE, EXECUTIVEASSISTANT; PRODUCT §6) in DRAFT at
 * version 1, with its first version kept and a `brief` live event, in one transaction. From a
 * template: its sections, empty, their guidance as placeholder; else `sections`, or one empty
 * "Notes" section.
 * @throws 403 for a USER or GUEST; 400 errorData.templateId (no such template), .sections (sent with
 * a template), .attendees (not ACTIVE members), .meetingAt / .meetingTimeZone (one without the other).
 */
export async function createBrief(db: Database, personId: string, workspaceId: string, body: CreateBriefBody): Promise<Brief> {
  return db.transaction(async (tx) => {
    const member = await loadMembership(tx, workspaceId, personId);
    assertAllowed(member, 'editBriefs');
    let sections: StoredBriefSection[];
    if (body.templateId !== undefined) {
      if (body.sections !== undefined) throw invalidField('sections', 'Leave out the sections when starting from a template.');
      const template = await findTemplate(tx, workspaceId, body.templateId);
      if (!template) throw invalidField('templateId', 'Choose one of the templates of this workspace.');
      sections = template.sections.map((section) =>
        newSection(uuidv7(), { heading: section.heading, body: '', guidance: section.guidance }),
      );
    } else if (body.sections !== undefined) {
      sections = mergeSections([], body.sections, uuidv7);
    } else {
      sections = [newSection(uuidv7(), { heading: BLANK_SECTION_HEADING, body: '', guidance: '' })];
    }
    const attendees = uniqueAttendees(body.attendees ?? []);
    await assertAttendable(tx, workspaceId, attendees);
    const row = await insertBrief(tx, {
      workspaceId,
      title: body.title,
      templateId: body.templateId ?? null,
      ...meetingOf(body.meetingAt ?? null, body.meetingTimeZone ?? null),
      attendees,
      sections,
      confidential: body.confidential ?? false,
      createdByMemberId: member.id,
    });
    const snapshot = snapshotOf(row);
    await insertBriefVersion(tx, {
      workspaceId,
      briefId: row.id,
      version: 1,
      snapshot,
      changes: diffSnapshots(emptySnapshot, snapshot),
      authorMemberId: member.id,
    });
    await announce(tx, row, 'created', member, [row.status]);
    return briefOf(tx, row);
  });
}

/** 403 unless the caller may edit briefs; then the brief locked, or 404 when they may not see it. */
async function lockEditable(tx: Queryable, member: MemberRow, briefId: string): Promise<BriefRow> {
  assertAllowed(member, 'editBriefs');
  const row = await lockVisibleBriefRow(tx, viewerOf(member), briefId);
  if (!row) throw briefNotFound();
  return row;
}

/** 409 VERSION_CONFLICT with the brief as it is now unless `version` is the brief's current one. */
async function assertCurrent(tx: Queryable, row: BriefRow, version: number, message: string): Promise<void> {
  if (version !== row.version) throw versionConflict(message, await briefOf(tx, row));
}

const staleSave = 'Someone else changed this brief meanwhile. Review their version and make your change again.';

/**
 * Writes new content to a locked brief when it differs from the stored one (issue #9): version + 1,
 * a version row (`restoredFrom` when restoring), back to DRAFT with the acknowledgement cleared
 * when it was READY or ACKNOWLEDGED, NEED_MORE bookkeeping in step with the sections' marks, and a
 * `brief` event. Returns the row as it is afterwards (unchanged when nothing changed).
 */
async function saveContent(
  tx: Queryable,
  member: MemberRow,
  row: BriefRow,
  next: Pick<BriefRow, 'title' | 'meetingAt' | 'meetingTimeZone' | 'attendees' | 'confidential' | 'sections'>,
  restoredFrom: number | null,
): Promise<BriefRow> {
  const snapshot = snapshotOf(next);
  const changes = diffSnapshots(snapshotOf(row), snapshot);
  if (!hasChanges(changes)) return row;
  const backToDraft: BriefWrite = row.status === 'DRAFT' ? {} : { status: 'DRAFT', acknowledgedAt: null, acknowledgedByMemberId: null };
  const updated = await updateBriefRow(tx, row, {
    ...next,
    ...backToDraft,
    ...needMoreOf(next.sections),
    version: row.version + 1,
    updatedByMemberId: member.id,
    updatedAt: sql`now()`,
  });
  await insertBriefVersion(tx, {
    workspaceId: row.workspaceId,
    briefId: row.id,
    version: updated.version,
    snapshot,
    changes,
    restoredFrom,
    authorMemberId: member.id,
  });
  await announce(tx, updated, 'updated', member, [row.status, updated.status]);
  return updated;
}

/**
 * Changes a brief's content at the version the caller last saw (issue #9; contract
 * UpdateBriefBody). A save that changes nothing writes nothing and answers the brief as is.
 * @throws 403 for a USER or GUEST; 404 for a brief the caller may not see; 409 VERSION_CONFLICT
 * with `current` for a stale version; 400 errorData.attendees / .meetingAt / .meetingTimeZone.
 */
export async function updateBrief(
  db: Database,
  personId: string,
  workspaceId: string,
  briefId: string,
  body: UpdateBriefBody,
): Promise<Brief> {
  return db.transaction(async (tx) => {
    const member = await loadMembership(tx, workspaceId, personId);
    const row = await lockEditable(tx, member, briefId);
    await assertCurrent(tx, row, body.version, staleSave);
    let attendees = row.attendees;
    if (body.attendees !== undefined) {
      attendees = uniqueAttendees(body.attendees);
      const known = new Set(row.attendees.map((attendee) => `${attendee.type}:${attendee.id}`));
      // Only newcomers must be active: an attendee who left since does not block a save.
      await assertAttendable(
        tx,
        workspaceId,
        attendees.filter((attendee) => !known.has(`${attendee.type}:${attendee.id}`)),
      );
    }
    const meetingAt = body.meetingAt !== undefined ? body.meetingAt : (row.meetingAt?.toISOString() ?? null);
    // Removing the meeting's time removes its zone too, unless the save says otherwise.
    const meetingTimeZone =
      body.meetingTimeZone !== undefined ? body.meetingTimeZone : body.meetingAt === null ? null : row.meetingTimeZone;
    const next = {
      title: body.title ?? row.title,
      ...meetingOf(meetingAt === null ? null : new Date(meetingAt).toISOString(), meetingTimeZone),
      attendees,
      confidential: body.confidential ?? row.confidential,
      sections: body.sections === undefined ? row.sections : mergeSections(row.sections, body.sections, uuidv7),
    };
    return briefOf(tx, await saveContent(tx, member, row, next, null));
  });
}

/**
 * Deletes a brief at `version` (OWNER, EXECUTIVE, EXECUTIVEASSISTANT) with its versions, share
 * links' subject and activity, and announces it.
 * @throws 403 for a USER or GUEST; 404; 409 VERSION_CONFLICT with `current` for a stale version.
 */
export async function deleteBrief(db: Database, personId: string, workspaceId: string, briefId: string, version: number): Promise<void> {
  await db.transaction(async (tx) => {
    const member = await loadMembership(tx, workspaceId, personId);
    const row = await lockEditable(tx, member, briefId);
    await assertCurrent(tx, row, version, 'Someone else changed this brief meanwhile. Review their version before deleting it.');
    await deleteBriefRow(tx, workspaceId, briefId);
    await announce(tx, row, 'deleted', member, [row.status]);
  });
}

const statusWords: Record<BriefStatus, string> = { DRAFT: 'a draft', READY: 'ready', ACKNOWLEDGED: 'acknowledged' };

/** One step of the status flow (issue #9): who may take it, from which status, and what it writes. */
interface StatusStep {
  action: WorkspaceAction;
  from: BriefStatus;
  to: BriefStatus;
  /** The 409 VERSION_CONFLICT message when the caller saw an older version. */
  staleMessage: string;
  /** The 409 CONFLICT message when the brief is in `status`, not `from`. */
  refusal: (status: BriefStatus) => string;
  /** The step's own columns besides status, updatedBy and updatedAt. */
  changes: (member: MemberRow) => BriefWrite;
  /** Records the step's activity. */
  record: (tx: Queryable, member: MemberRow, row: BriefRow) => Promise<void>;
}

/**
 * Takes one step of the status flow at `version` in one transaction: the caller's right, the
 * version they saw (409 VERSION_CONFLICT with `current`), the status it starts from (409 CONFLICT),
 * the update, its activity and a `status` event for whoever may see the brief before or after.
 */
async function takeStatusStep(
  db: Database,
  personId: string,
  workspaceId: string,
  briefId: string,
  version: number,
  step: StatusStep,
): Promise<Brief> {
  return db.transaction(async (tx) => {
    const member = await loadMembership(tx, workspaceId, personId);
    assertAllowed(member, step.action);
    const row = await lockVisibleBriefRow(tx, viewerOf(member), briefId);
    if (!row) throw briefNotFound();
    await assertCurrent(tx, row, version, step.staleMessage);
    if (row.status !== step.from) throw new AppError('CONFLICT', step.refusal(row.status));
    const updated = await updateBriefRow(tx, row, {
      ...step.changes(member),
      status: step.to,
      updatedByMemberId: member.id,
      updatedAt: sql`now()`,
    });
    await step.record(tx, member, updated);
    await announce(tx, updated, 'status', member, [row.status, updated.status]);
    return briefOf(tx, updated);
  });
}

/**
 * Marks a DRAFT brief READY at `version` (issue #9: by whoever writes briefs): readyAt now,
 * BRIEF_READY activity for the workspace's EXECUTIVE (none when there is none, or when they marked
 * it themself) and a `brief` event.
 * @throws 403 for a USER or GUEST; 404; 409 VERSION_CONFLICT with `current`; 409 CONFLICT when the
 * brief is not a DRAFT.
 */
export async function markBriefReady(
  db: Database,
  personId: string,
  workspaceId: string,
  briefId: string,
  version: number,
): Promise<Brief> {
  return takeStatusStep(db, personId, workspaceId, briefId, version, {
    action: 'editBriefs',
    from: 'DRAFT',
    to: 'READY',
    staleMessage: 'Someone else changed this brief meanwhile. Review their version before marking it ready.',
    refusal: (status) => `This brief is already ${statusWords[status]}.`,
    changes: () => ({ readyAt: sql`now()` }),
    record: async (tx, member, row) =>
      recordBriefChange(tx, member.id, row, { kind: 'ready', executiveMemberId: await findExecutiveMemberId(tx, workspaceId) }),
  });
}

/**
 * The executive acknowledges a READY brief at `version` (issue #9; PRODUCT §6: the EXECUTIVE only):
 * ACKNOWLEDGED with acknowledgedAt/By, BRIEF_ACKNOWLEDGED activity for its author (not when they
 * are the executive) and a `brief` event.
 * @throws 403 for anyone but the EXECUTIVE; 404; 409 VERSION_CONFLICT with `current`; 409 CONFLICT
 * when the brief is not READY.
 */
export async function acknowledgeBrief(
  db: Database,
  personId: string,
  workspaceId: string,
  briefId: string,
  version: number,
): Promise<Brief> {
  return takeStatusStep(db, personId, workspaceId, briefId, version, {
    action: 'acknowledgeBriefs',
    from: 'READY',
    to: 'ACKNOWLEDGED',
    staleMessage: 'This brief changed since you opened it. Read the new version before acknowledging it.',
    refusal: (status) =>
      status === 'DRAFT'
        ? 'This brief is still a draft. It can be acknowledged once it is marked ready.'
        : 'You have already acknowledged this brief.',
    changes: (member) => ({ acknowledgedAt: sql`now()`, acknowledgedByMemberId: member.id }),
    record: (tx, member, row) => recordBriefChange(tx, member.id, row, { kind: 'acknowledged' }),
  });
}

/**
 * The executive marks one section (issue #9; EXECUTIVE only, as acknowledging), or clears its mark
 * with `mark` null. Marks change neither `version` nor `status`; the dashboard's NEED_MORE
 * bookkeeping follows. Marking NEED_MORE records BRIEF_NEED_MORE for the author. Sending the mark
 * and note a section already has writes nothing.
 * @throws 403 for anyone but the EXECUTIVE; 404 for the brief or the section.
 */
export async function markSection(
  db: Database,
  personId: string,
  workspaceId: string,
  briefId: string,
  sectionId: string,
  body: MarkSectionBody,
): Promise<Brief> {
  return db.transaction(async (tx) => {
    const member = await loadMembership(tx, workspaceId, personId);
    assertAllowed(member, 'markBriefs');
    const row = await lockVisibleBriefRow(tx, viewerOf(member), briefId);
    if (!row) throw briefNotFound();
    const section = row.sections.find((candidate) => candidate.id === sectionId);
    if (!section) throw notFound('That section');
    const note = body.mark === null ? null : body.note || null;
    if (section.mark === body.mark && section.markNote === note) return briefOf(tx, row);
    const markedAt = new Date().toISOString();
    const marked: StoredBriefSection =
      body.mark === null
        ? { ...section, mark: null, markNote: null, markedAt: null, markedByMemberId: null }
        : { ...section, mark: body.mark, markNote: note, markedAt, markedByMemberId: member.id };
    const sections = row.sections.map((candidate) => (candidate.id === sectionId ? marked : candidate));
    const updated = await updateBriefRow(tx, row, { sections, ...needMoreOf(sections) });
    if (body.mark === 'NEED_MORE') {
      await recordBriefChange(tx, member.id, updated, { kind: 'needMore', section: { id: section.id, heading: section.heading }, note });
    }
    await announce(tx, updated, 'marked', member, [updated.status]);
    return briefOf(tx, updated);
  });
}

/** The brief of a history request: 404 unless the caller may see it. */
async function assertVisible(db: Queryable, member: MemberRow, briefId: string): Promise<void> {
  assertAllowed(member, 'viewBriefs');
  if (!(await getBrief(db, viewerOf(member), briefId))) throw briefNotFound();
}

/** A brief's history, newest first (issue #9), for whoever may see the brief. @throws 404; 400 errorData.cursor. */
export async function listBriefVersions(
  db: Database,
  personId: string,
  workspaceId: string,
  briefId: string,
  page: { limit: number; cursor?: string | undefined },
) {
  const member = await loadMembership(db, workspaceId, personId);
  await assertVisible(db, member, briefId);
  return findBriefVersions(db, workspaceId, briefId, page);
}

/** One version of a brief with its content. @throws 404 for the brief or the version. */
export async function readBriefVersion(
  db: Database,
  personId: string,
  workspaceId: string,
  briefId: string,
  version: number,
): Promise<BriefVersion> {
  const member = await loadMembership(db, workspaceId, personId);
  await assertVisible(db, member, briefId);
  const found = await getBriefVersion(db, workspaceId, briefId, version);
  if (!found) throw notFound('That version');
  return found;
}

/**
 * Restores the content of `version` as a new version (issue #9: nothing is lost) when the brief is
 * still at `currentVersion`; it follows the rules of a save (back to DRAFT, marks of sections whose
 * text differs cleared). Attendees who are no longer active members are left out. Restoring
 * content identical to the current one writes nothing.
 * @throws 403 for a USER or GUEST; 404 for the brief or the version; 409 VERSION_CONFLICT with `current`.
 */
export async function restoreBriefVersion(
  db: Database,
  personId: string,
  workspaceId: string,
  briefId: string,
  version: number,
  currentVersion: number,
): Promise<Brief> {
  return db.transaction(async (tx) => {
    const member = await loadMembership(tx, workspaceId, personId);
    const row = await lockEditable(tx, member, briefId);
    await assertCurrent(
      tx,
      row,
      currentVersion,
      'Someone else changed this brief meanwhile. Review their version before restoring another.',
    );
    const snapshot = await getVersionSnapshot(tx, workspaceId, briefId, version);
    if (!snapshot) throw notFound('That version');
    const active = await findActiveMemberIds(
      tx,
      workspaceId,
      snapshot.attendees.map((attendee) => attendee.id),
    );
    const next = {
      title: snapshot.title,
      meetingAt: snapshot.meetingAt === null ? null : new Date(snapshot.meetingAt),
      meetingTimeZone: snapshot.meetingTimeZone,
      attendees: snapshot.attendees.filter((attendee) => active.has(attendee.id)),
      confidential: snapshot.confidential,
      sections: restoreSections(row.sections, snapshot.sections),
    };
    return briefOf(tx, await saveContent(tx, member, row, next, version));
  });
}
