import type { BriefAttendeeInput, BriefChanges, BriefSectionInput } from '@tandem/contract';
import type { BriefSnapshot, StoredBriefSection } from '../../db/schema/briefs.js';

/**
 * Pure rules of a brief's content (issue #9), without the database: how the editor's sections
 * merge into the stored ones (marks survive only an unchanged heading and body), what a save
 * changed (the version history's `changes`), and the NEED_MORE bookkeeping of the dashboard.
 */

/** A section's content as a version keeps it (no mark). */
export type SectionContent = BriefSnapshot['sections'][number];

const unmarked = { mark: null, markNote: null, markedAt: null, markedByMemberId: null } as const;

/** A new, unmarked section. */
export function newSection(id: string, content: Omit<SectionContent, 'id'>): StoredBriefSection {
  return { id, ...content, ...unmarked };
}

/**
 * The sections after a save: `inputs` in their order. An input whose `id` names a current section
 * keeps that section's mark when its heading and body are unchanged, and its guidance unless it
 * sends one; any other input is a new, unmarked section (with the given id, or `newId()`), so an
 * editor may name a new section itself. Current sections left out are removed.
 */
export function mergeSections(current: StoredBriefSection[], inputs: BriefSectionInput[], newId: () => string): StoredBriefSection[] {
  const byId = new Map(current.map((section) => [section.id, section]));
  return inputs.map((input) => {
    const existing = input.id === undefined ? undefined : byId.get(input.id);
    if (!existing) {
      return newSection(input.id ?? newId(), { heading: input.heading, body: input.body, guidance: input.guidance ?? '' });
    }
    const textChanged = existing.heading !== input.heading || existing.body !== input.body;
    return {
      ...existing,
      heading: input.heading,
      body: input.body,
      guidance: input.guidance ?? existing.guidance,
      ...(textChanged ? unmarked : {}),
    };
  });
}

/**
 * The sections of a restored version merged into the current ones: each keeps its id, and the
 * mark of a current section with the same id survives when its heading and body are the same.
 */
export function restoreSections(current: StoredBriefSection[], restored: SectionContent[]): StoredBriefSection[] {
  return mergeSections(current, restored, () => {
    throw new Error('restored sections carry their ids');
  });
}

/** The ids of the longest common subsequence of `a` and `b` (ids unique in each). */
function commonOrder(a: string[], b: string[]): Set<string> {
  const lengths = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i -= 1) {
    for (let j = b.length - 1; j >= 0; j -= 1) {
      lengths[i]![j] = a[i] === b[j] ? lengths[i + 1]![j + 1]! + 1 : Math.max(lengths[i + 1]![j]!, lengths[i]![j + 1]!);
    }
  }
  const kept = new Set<string>();
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      kept.add(a[i]!);
      i += 1;
      j += 1;
    } else if (lengths[i + 1]![j]! >= lengths[i]![j + 1]!) i += 1;
    else j += 1;
  }
  return kept;
}

/**
 * Which sections a save added, edited (heading, body or guidance), moved or removed, in the order of
 * `after` with the removed ones last. "Moved" is a section outside the longest run of sections
 * that kept their relative order, so moving one section down names that section only; a section
 * both edited and moved is "edited".
 */
export function diffSections(before: SectionContent[], after: SectionContent[]): BriefChanges['sections'] {
  const beforeById = new Map(before.map((section) => [section.id, section]));
  const afterIds = new Set(after.map((section) => section.id));
  const stayed = commonOrder(
    before.filter((section) => afterIds.has(section.id)).map((section) => section.id),
    after.filter((section) => beforeById.has(section.id)).map((section) => section.id),
  );
  const changes: BriefChanges['sections'] = [];
  for (const section of after) {
    const old = beforeById.get(section.id);
    if (!old) changes.push({ id: section.id, heading: section.heading, change: 'added' });
    else if (old.heading !== section.heading || old.body !== section.body || old.guidance !== section.guidance)
      changes.push({ id: section.id, heading: section.heading, change: 'edited' });
    else if (!stayed.has(section.id)) changes.push({ id: section.id, heading: section.heading, change: 'moved' });
  }
  for (const section of before) {
    if (!afterIds.has(section.id)) changes.push({ id: section.id, heading: section.heading, change: 'removed' });
  }
  return changes;
}

const sameAttendees = (a: BriefAttendeeInput[], b: BriefAttendeeInput[]) =>
  a.length === b.length && a.every((attendee, index) => attendee.type === b[index]!.type && attendee.id === b[index]!.id);

/** What changed from `before` to `after` (a version's `changes`); the brief's first version diffs against {@link emptySnapshot}. */
export function diffSnapshots(before: BriefSnapshot, after: BriefSnapshot): BriefChanges {
  return {
    title: before.title !== after.title,
    meeting:
      before.meetingAt !== after.meetingAt ||
      before.meetingTimeZone !== after.meetingTimeZone ||
      !sameAttendees(before.attendees, after.attendees),
    confidential: before.confidential !== after.confidential,
    sections: diffSections(before.sections, after.sections),
  };
}

/** True when `changes` names any change: a save that changes nothing makes no version (issue #9). */
export function hasChanges(changes: BriefChanges): boolean {
  return changes.title || changes.meeting || changes.confidential || changes.sections.length > 0;
}

/** The content before a brief existed: its first version's changes are measured from here. */
export const emptySnapshot: BriefSnapshot = {
  title: '',
  meetingAt: null,
  meetingTimeZone: null,
  attendees: [],
  confidential: false,
  sections: [],
};

/** The content of `sections` as a version keeps it (marks left out). */
export function sectionContents(sections: StoredBriefSection[]): SectionContent[] {
  return sections.map(({ id, heading, body, guidance }) => ({ id, heading, body, guidance }));
}

/**
 * The dashboard's "Needs more" bookkeeping (briefs.need_more_count / need_more_at): how many
 * sections are marked NEED_MORE and when the newest such mark was made (null without one).
 */
export function needMoreOf(sections: StoredBriefSection[]): { needMoreCount: number; needMoreAt: Date | null } {
  const marked = sections.filter((section) => section.mark === 'NEED_MORE' && section.markedAt !== null);
  const newest = marked.reduce<number | null>((latest, section) => Math.max(latest ?? -Infinity, Date.parse(section.markedAt!)), null);
  return { needMoreCount: marked.length, needMoreAt: newest === null ? null : new Date(newest) };
}

/** Attendees without repeats, in the order first given. */
export function uniqueAttendees(attendees: BriefAttendeeInput[]): BriefAttendeeInput[] {
  const seen = new Set<string>();
  return attendees.filter((attendee) => {
    const key = `${attendee.type}:${attendee.id}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
