// Brief states, section marks and limits with their labels (PRODUCT §2, issue #9): the contract's vocabulary without zod. A screen that only shows a label or checks a
// permission imports these and evaluates no schema (a chunk holds whole modules, so a label kept
// beside its schemas brought them all; bench/README, issue #13). briefs.ts builds its schemas on
// them and re-exports them, so '@tandem/contract' offers the same names.

/** Brief states (PRODUCT §2; issue #9: DRAFT → READY → ACKNOWLEDGED; a content edit → DRAFT). */
export const briefStatuses = ['DRAFT', 'READY', 'ACKNOWLEDGED'] as const;
export type BriefStatus = (typeof briefStatuses)[number];

export const briefStatusLabels: Record<BriefStatus, string> = {
  DRAFT: 'Draft',
  READY: 'Ready',
  ACKNOWLEDGED: 'Acknowledged',
};

/** The executive's per-section marks (PRODUCT §2, §10; issue #9). */
export const sectionMarks = ['READ', 'DECIDED', 'NEED_MORE'] as const;
export type SectionMark = (typeof sectionMarks)[number];

export const sectionMarkLabels: Record<SectionMark, string> = {
  READ: 'Read',
  DECIDED: 'Decided',
  NEED_MORE: 'Need more',
};

/** Limits of a brief, its sections, templates and share links, in characters or items. */
export const BRIEF_TITLE_MAX = 200;
export const BRIEF_SECTION_HEADING_MAX = 200;
/** Markdown of one section, in characters. */
export const BRIEF_SECTION_BODY_MAX = 50_000;
export const BRIEF_SECTIONS_MAX = 50;
export const BRIEF_ATTENDEES_MAX = 100;
/** The one-line note of a mark. */
export const MARK_NOTE_MAX = 280;
export const TEMPLATE_NAME_MAX = 100;
export const TEMPLATE_DESCRIPTION_MAX = 500;
export const TEMPLATE_GUIDANCE_MAX = 2_000;
export const TEMPLATE_SECTIONS_MAX = 20;
export const SHARE_LINK_LABEL_MAX = 100;
export const SHARE_PASSCODE_MIN = 6;
export const SHARE_PASSCODE_MAX = 64;
/** A share link's default life after the meeting (issue #9: "the meeting time plus 7 days"). */
export const SHARE_LINK_DEFAULT_DAYS_AFTER_MEETING = 7;
