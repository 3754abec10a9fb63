import { isSameMeeting, isSameSectionText, isSameTitle, type BriefContent, type DraftSection } from './brief-content';

/** Which side wins a conflicting part. */
export type MergeChoice = 'mine' | 'theirs';

/** The meeting parts of a brief, compared and merged as one. */
export type MeetingPart = Pick<BriefContent, 'meetingAt' | 'meetingTimeZone' | 'attendeeIds'>;

/**
 * A part of the brief both people changed, differently (issue #9: "a clear conflict message with
 * both versions"). `id` names the part for {@link MergeChoices}. A section side is null when that
 * person removed the section.
 */
export type BriefConflict =
  | { id: 'title'; kind: 'title'; mine: string; theirs: string }
  | { id: 'confidential'; kind: 'confidential'; mine: boolean; theirs: boolean }
  | { id: 'meeting'; kind: 'meeting'; mine: MeetingPart; theirs: MeetingPart }
  | { id: string; kind: 'section'; mine: DraftSection | null; theirs: DraftSection | null };

/** Conflict id → the side that wins; a conflict not listed keeps "mine". */
export type MergeChoices = Readonly<Record<string, MergeChoice>>;

/** The result of {@link mergeBriefContent}. */
export interface BriefMerge {
  /** The merged content, every conflict settled by `choices` (default: mine). */
  content: BriefContent;
  /** The parts both sides changed differently, in the brief's order (title, meeting, confidential, sections). */
  conflicts: BriefConflict[];
}

/** The id of a section's conflict. */
export const sectionConflictId = (sectionId: string) => `section:${sectionId}`;

const meetingOf = (content: BriefContent): MeetingPart => ({
  meetingAt: content.meetingAt,
  meetingTimeZone: content.meetingTimeZone,
  attendeeIds: content.attendeeIds,
});

/** A section's identity across the three contents: its server id, else its client key (only mine has those). */
const identity = (section: DraftSection) => section.id ?? section.key;

/**
 * Three-way merge of a brief's content after a 409 (issue #9: never a silent overwrite, never a lost
 * edit). `base` is what both started from (the content this editor last synced), `mine` the local
 * draft, `theirs` the server's current content. A part only one side changed takes that side's
 * value; a part both changed the same way is kept; a part both changed differently is a conflict,
 * settled by `choices` (default mine). Parts: the title, the meeting (time, zone and attendees), the
 * confidential flag, and each section (heading, body, guidance) by id. A section one side removed
 * and the other left alone is removed; removed by one and edited by the other, it is a conflict
 * ("mine" null = I removed it). New sections of either side are kept. Order: mine when I reordered
 * the sections we both had, else theirs; the other side's extra sections follow their predecessor. Pure.
 */
export function mergeBriefContent(base: BriefContent, mine: BriefContent, theirs: BriefContent, choices: MergeChoices = {}): BriefMerge {
  const conflicts: BriefConflict[] = [];
  const settle = <T>(conflict: BriefConflict, mineValue: T, theirsValue: T): T => {
    conflicts.push(conflict);
    return choices[conflict.id] === 'theirs' ? theirsValue : mineValue;
  };
  const pick = <T>(baseValue: T, mineValue: T, theirsValue: T, equal: (a: T, b: T) => boolean, conflict: () => BriefConflict): T => {
    if (equal(mineValue, theirsValue) || equal(theirsValue, baseValue)) return mineValue;
    if (equal(mineValue, baseValue)) return theirsValue;
    return settle(conflict(), mineValue, theirsValue);
  };

  const title = pick(base.title, mine.title, theirs.title, isSameTitle, () => ({
    id: 'title',
    kind: 'title',
    mine: mine.title,
    theirs: theirs.title,
  }));
  const meeting = pick(
    meetingOf(base),
    meetingOf(mine),
    meetingOf(theirs),
    (a, b) => isSameMeeting({ ...base, ...a }, { ...base, ...b }),
    () => ({ id: 'meeting', kind: 'meeting', mine: meetingOf(mine), theirs: meetingOf(theirs) }),
  );
  const confidential = pick(base.confidential, mine.confidential, theirs.confidential, Object.is, () => ({
    id: 'confidential',
    kind: 'confidential',
    mine: mine.confidential,
    theirs: theirs.confidential,
  }));

  const baseById = new Map(base.sections.map((section) => [identity(section), section]));
  const mineById = new Map(mine.sections.map((section) => [identity(section), section]));
  const theirsById = new Map(theirs.sections.map((section) => [identity(section), section]));
  const kept = new Map<string, DraftSection>();
  const allIds = [...new Set([...mine.sections, ...theirs.sections].map(identity))];
  for (const id of allIds) {
    const b = baseById.get(id);
    const m = mineById.get(id);
    const t = theirsById.get(id);
    const conflict = (): BriefConflict => ({ id: sectionConflictId(id), kind: 'section', mine: m ?? null, theirs: t ?? null });
    let result: DraftSection | null = null;
    if (m && t) result = b ? pick(b, m, t, isSameSectionText, conflict) : isSameSectionText(m, t) ? m : settle(conflict(), m, t);
    // Only mine has it: new (keep), removed by them untouched by me (drop), or removed by them and edited by me.
    else if (m) result = !b ? m : isSameSectionText(m, b) ? null : settle(conflict(), m, null);
    // Only theirs has it: new (keep), removed by me untouched by them (drop), or removed by me and edited by them.
    else if (t) result = !b ? t : isSameSectionText(t, b) ? null : settle(conflict(), null, t);
    // Keep this editor's key for a section it already shows (React keys stay stable).
    if (result) kept.set(id, m ? { ...result, key: m.key } : result);
  }

  const shared = (content: BriefContent) =>
    content.sections.map(identity).filter((id) => baseById.has(id) && mineById.has(id) && theirsById.has(id));
  const baseOrder = shared(base);
  const isReorderedByMe = shared(mine).some((id, index) => id !== baseOrder[index]);
  const primary = (isReorderedByMe ? mine : theirs).sections.map(identity);
  const secondary = (isReorderedByMe ? theirs : mine).sections.map(identity);
  const order = primary.filter((id) => kept.has(id));
  secondary.forEach((id, index) => {
    if (!kept.has(id) || order.includes(id)) return;
    const before = secondary.slice(0, index).findLast((previous) => order.includes(previous));
    order.splice(before === undefined ? 0 : order.indexOf(before) + 1, 0, id);
  });

  return {
    content: { title, ...meeting, confidential, sections: order.flatMap((id) => kept.get(id) ?? []) },
    conflicts,
  };
}
