import { BRIEF_SECTION_BODY_MAX, BRIEF_SECTION_HEADING_MAX, BRIEF_SECTIONS_MAX, BRIEF_TITLE_MAX } from '@tandem/contract';
import type { Brief, BriefVersion, UpdateBriefBody } from '@tandem/contract';

/**
 * One section as the editor holds it. `key` is stable for the section's life in this editor (its
 * server id, or a client id until the first save gives it one); `id` is the server's id, null for a
 * section not saved yet.
 */
export interface DraftSection {
  key: string;
  id: string | null;
  heading: string;
  body: string;
  guidance: string;
}

/** The content of a brief the editor changes (contract UpdateBriefBodySchema without `version`). */
export interface BriefContent {
  title: string;
  meetingAt: string | null;
  meetingTimeZone: string | null;
  attendeeIds: string[];
  confidential: boolean;
  sections: DraftSection[];
}

/** The content of a brief or of one of its versions, as the editor holds it. Pure. */
export function toBriefContent(brief: Brief | BriefVersion): BriefContent {
  return {
    title: brief.title,
    meetingAt: brief.meetingAt,
    meetingTimeZone: brief.meetingTimeZone,
    attendeeIds: brief.attendees.map((attendee) => attendee.id),
    confidential: brief.confidential,
    sections: brief.sections.map((section) => ({
      key: section.id,
      id: section.id,
      heading: section.heading,
      body: section.body,
      guidance: section.guidance,
    })),
  };
}

/** A new, empty section with a client key (saved without an id; the server gives it one). */
export function createDraftSection(): DraftSection {
  return { key: crypto.randomUUID(), id: null, heading: '', body: '', guidance: '' };
}

/** The PATCH body of `content` built on `version`: the whole content, sections in order (contract UpdateBriefBodySchema). Pure. */
export function toUpdateBody(content: BriefContent, version: number): UpdateBriefBody {
  return {
    version,
    title: content.title,
    meetingAt: content.meetingAt,
    meetingTimeZone: content.meetingTimeZone,
    attendees: content.attendeeIds.map((id) => ({ type: 'MEMBER' as const, id })),
    confidential: content.confidential,
    sections: content.sections.map((section) => ({
      ...(section.id ? { id: section.id } : {}),
      heading: section.heading,
      body: section.body,
      guidance: section.guidance,
    })),
  };
}

type SectionText = Pick<DraftSection, 'heading' | 'body' | 'guidance'>;

/**
 * True when two sections have the same text (heading, body, guidance). Headings compare trimmed, as
 * the server stores them (contract BriefSectionInputSchema), so its answer never looks like a change. Pure.
 */
export function isSameSectionText(a: SectionText, b: SectionText): boolean {
  return a.heading.trim() === b.heading.trim() && a.body === b.body && a.guidance === b.guidance;
}

/** True when two titles are the same once trimmed, as the server stores them. Pure. */
export function isSameTitle(a: string, b: string): boolean {
  return a.trim() === b.trim();
}

/** True when the meeting parts (time, zone, attendees in order) are equal. Pure. */
export function isSameMeeting(a: BriefContent, b: BriefContent): boolean {
  return (
    a.meetingAt === b.meetingAt &&
    a.meetingTimeZone === b.meetingTimeZone &&
    a.attendeeIds.length === b.attendeeIds.length &&
    a.attendeeIds.every((id, index) => id === b.attendeeIds[index])
  );
}

/** True when two contents would save the same brief: same fields, same sections (by key) in the same order. Pure. */
export function isSameContent(a: BriefContent, b: BriefContent): boolean {
  return (
    isSameTitle(a.title, b.title) &&
    a.confidential === b.confidential &&
    isSameMeeting(a, b) &&
    a.sections.length === b.sections.length &&
    a.sections.every((section, index) => {
      const other = b.sections[index];
      return other !== undefined && section.key === other.key && section.id === other.id && isSameSectionText(section, other);
    })
  );
}

/**
 * `content` with the ids the server gave to the sections `sent` had no id for (a save answers the
 * sections in the order it got them). Sections added since keep waiting for theirs. Pure.
 */
export function withSavedIds(content: BriefContent, sent: BriefContent, saved: Pick<Brief, 'sections'>): BriefContent {
  if (sent.sections.length !== saved.sections.length) return content;
  const ids = new Map<string, string>();
  sent.sections.forEach((section, index) => {
    const id = saved.sections[index]?.id;
    if (section.id === null && id) ids.set(section.key, id);
  });
  if (ids.size === 0) return content;
  return {
    ...content,
    sections: content.sections.map((section) => (ids.has(section.key) ? { ...section, id: ids.get(section.key) ?? null } : section)),
  };
}

/**
 * Why `content` cannot be saved as it is (the contract's rules a person can break while typing),
 * or null. The editor shows it and waits instead of sending a save the server would refuse.
 */
export function findContentProblem(content: BriefContent): string | null {
  if (content.title.trim() === '') return 'Enter a title.';
  if (content.title.trim().length > BRIEF_TITLE_MAX) return `A title can be at most ${BRIEF_TITLE_MAX} characters.`;
  if ((content.meetingAt === null) !== (content.meetingTimeZone === null)) return 'Choose both the meeting time and its time zone.';
  if (content.sections.length > BRIEF_SECTIONS_MAX) return `A brief can have at most ${BRIEF_SECTIONS_MAX} sections.`;
  if (content.sections.some((section) => section.heading.trim().length > BRIEF_SECTION_HEADING_MAX)) {
    return `A heading can be at most ${BRIEF_SECTION_HEADING_MAX} characters.`;
  }
  if (content.sections.some((section) => section.body.length > BRIEF_SECTION_BODY_MAX)) {
    return `A section can be at most ${BRIEF_SECTION_BODY_MAX.toLocaleString('en-US')} characters.`;
  }
  return null;
}

/** Moves the item at `from` to `to` (both within the array), returning a new array. Pure. */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  const [moved] = next.splice(from, 1);
  if (moved === undefined) return next;
  next.splice(to, 0, moved);
  return next;
}
