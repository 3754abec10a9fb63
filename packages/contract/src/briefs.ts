import { addHours, parseISO } from 'date-fns';
import { z } from 'zod';
import { CalendarDateSchema, InstantSchema } from './dates.js';
import { payloadOf } from './envelope.js';
import { ErrorEnvelopeSchema } from './errors.js';
import type { WorkspaceMemberType } from './members.js';
import { permissionMatrix } from './permissions.js';
import { commaSeparatedEnum, queryBoolean } from './query-params.js';
import {
  BRIEF_ATTENDEES_MAX,
  BRIEF_SECTION_BODY_MAX,
  BRIEF_SECTION_HEADING_MAX,
  BRIEF_SECTIONS_MAX,
  BRIEF_TITLE_MAX,
  briefStatuses,
  MARK_NOTE_MAX,
  sectionMarks,
  SHARE_LINK_DEFAULT_DAYS_AFTER_MEETING,
  SHARE_LINK_LABEL_MAX,
  SHARE_PASSCODE_MAX,
  SHARE_PASSCODE_MIN,
  TEMPLATE_DESCRIPTION_MAX,
  TEMPLATE_GUIDANCE_MAX,
  TEMPLATE_NAME_MAX,
  TEMPLATE_SECTIONS_MAX,
  type BriefStatus,
} from './vocabulary/briefs.js';

export * from './vocabulary/briefs.js';

// ---------------------------------------------------------------------------------------------
// Limits and states

/** Brief states (PRODUCT §2); the list, type and labels live in vocabulary/briefs.ts. */
export const BriefStatusSchema = z.enum(briefStatuses);

/** The executive's per-section marks (PRODUCT §2, §10; issue #9); list, type and labels in vocabulary/briefs.ts. */
export const SectionMarkSchema = z.enum(sectionMarks);

/**
 * Zones {@link isTimeZone} has accepted: building an `Intl.DateTimeFormat` to try a zone costs
 * ≈ 0.1 ms, and the dashboard checks its `timeZone` on every call (issue #13). Only valid names
 * are kept, and at most {@link KNOWN_TIME_ZONES_MAX} of them (Intl also accepts every upper- and
 * lower-case spelling of a name, so the spellings are not bounded by the time zone database).
 */
const knownTimeZones = new Set<string>();
const KNOWN_TIME_ZONES_MAX = 2_000;

/** True when `zone` is an IANA time zone this runtime knows (e.g. 'Europe/Paris'). */
export function isTimeZone(zone: string): boolean {
  if (knownTimeZones.has(zone)) return true;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
  } catch {
    return false;
  }
  if (knownTimeZones.size < KNOWN_TIME_ZONES_MAX) knownTimeZones.add(zone);
  return true;
}

/** An IANA time zone name ('America/New_York'); 400 for anything else. */
export const TimeZoneSchema = z
  .string({ error: 'Choose a time zone.' })
  .min(1, 'Choose a time zone.')
  .max(64)
  .refine(isTimeZone, { error: 'Choose a time zone such as America/New_York.' });

// ---------------------------------------------------------------------------------------------
// Briefs

/** A member as a brief names them (author, editor, attendee, marker). */
export const BriefMemberSchema = z.object({ memberId: z.uuid(), firstName: z.string(), lastName: z.string() }).meta({ id: 'BriefMember' });
export type BriefMember = z.infer<typeof BriefMemberSchema>;

/**
 * Who attends the meeting. `type` MEMBER names a workspace member by `id` (their memberId); the
 * questions issue adds CONTACT. `firstName`/`lastName` are current; an attendee whose member was
 * removed is dropped from the answer.
 */
export const attendeeTypes = ['MEMBER'] as const;
export const BriefAttendeeSchema = z
  .object({ type: z.enum(attendeeTypes), id: z.uuid(), firstName: z.string(), lastName: z.string() })
  .meta({ id: 'BriefAttendee' });
export type BriefAttendee = z.infer<typeof BriefAttendeeSchema>;

/** An attendee as a client sends it: who, by id (PRODUCT §2 Brief.attendees). */
export const BriefAttendeeInputSchema = z.object({ type: z.enum(attendeeTypes), id: z.uuid() });
export type BriefAttendeeInput = z.infer<typeof BriefAttendeeInputSchema>;

/**
 * One section of a brief (PRODUCT §2). `body` is markdown, rendered only through the safe markdown
 * component (no raw HTML). `guidance` is the template's hint, shown as placeholder text while the
 * body is empty ('' for sections not from a template). `mark`/`markNote`/`markedAt`/`markedBy` are
 * the executive's mark, all null when unmarked; a change of this section's heading or body clears
 * them (issue #9), a change of another section does not.
 */
export const BriefSectionSchema = z
  .object({
    id: z.uuid(),
    heading: z.string(),
    body: z.string(),
    guidance: z.string(),
    mark: SectionMarkSchema.nullable(),
    markNote: z.string().nullable(),
    markedAt: z.iso.datetime().nullable(),
    markedBy: BriefMemberSchema.nullable(),
  })
  .meta({ id: 'BriefSection' });
export type BriefSection = z.infer<typeof BriefSectionSchema>;

/**
 * An executive brief (PRODUCT §2 Brief; issue #9).
 * - `version` counts content changes (title, meeting, attendees, sections, confidential): it starts
 *   at 1 and grows by one on every save that changes content, and is what PATCH, mark-ready,
 *   acknowledge and restore send back (stale → 409 VERSION_CONFLICT with `current`). Marks and status
 *   changes do not change it, so the executive marking a section never conflicts with the
 *   assistant typing.
 * - `meetingAt` is the instant of the meeting (UTC), `meetingTimeZone` the IANA zone it is held in
 *   (how the page shows the time); both null for a brief without a meeting.
 * - `readyAt`: when it was last marked READY; `acknowledgedAt`/`acknowledgedBy`: set in
 *   ACKNOWLEDGED, cleared when a content edit takes the brief back to DRAFT.
 * - `createdBy`/`updatedBy` are null once that member left the workspace.
 * - `confidential`: no share links (PRODUCT §10), shown with a badge.
 */
export const BriefSchema = z
  .object({
    id: z.uuid(),
    title: z.string(),
    templateId: z.uuid().nullable(),
    meetingAt: z.iso.datetime().nullable(),
    meetingTimeZone: z.string().nullable(),
    attendees: z.array(BriefAttendeeSchema),
    sections: z.array(BriefSectionSchema),
    status: BriefStatusSchema,
    readyAt: z.iso.datetime().nullable(),
    acknowledgedAt: z.iso.datetime().nullable(),
    acknowledgedBy: BriefMemberSchema.nullable(),
    confidential: z.boolean(),
    version: z.number().int().min(1),
    createdBy: BriefMemberSchema.nullable(),
    updatedBy: BriefMemberSchema.nullable(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'Brief' });
export type Brief = z.infer<typeof BriefSchema>;
export const BriefResponseSchema = payloadOf(BriefSchema);
export type BriefResponse = z.infer<typeof BriefResponseSchema>;

/** How many sections carry each mark (a brief list row, the dashboard). */
export const BriefMarkCountsSchema = z
  .object({ READ: z.number().int().min(0), DECIDED: z.number().int().min(0), NEED_MORE: z.number().int().min(0) })
  .meta({ id: 'BriefMarkCounts' });
export type BriefMarkCounts = z.infer<typeof BriefMarkCountsSchema>;

/** A brief as a list shows it (GET …/briefs, the dashboard): no section bodies. */
export const BriefListItemSchema = z
  .object({
    id: z.uuid(),
    title: z.string(),
    status: BriefStatusSchema,
    meetingAt: z.iso.datetime().nullable(),
    meetingTimeZone: z.string().nullable(),
    sectionCount: z.number().int().min(0),
    marks: BriefMarkCountsSchema,
    confidential: z.boolean(),
    version: z.number().int().min(1),
    createdBy: BriefMemberSchema.nullable(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'BriefListItem' });
export type BriefListItem = z.infer<typeof BriefListItemSchema>;

/** The path parameters of one brief's routes: `{id}` (workspace) and `{briefId}`. */
export const BriefParamsSchema = z.object({
  id: z.uuid().meta({ description: 'The workspace id.' }),
  briefId: z.uuid().meta({ description: 'The brief id.' }),
});

const BriefTitleSchema = z
  .string({ error: 'Enter a title.' })
  .trim()
  .min(1, 'Enter a title.')
  .max(BRIEF_TITLE_MAX, `A title can be at most ${BRIEF_TITLE_MAX} characters.`);

/**
 * A section as the editor sends it. `id` names an existing section (its mark survives when its
 * heading and body are unchanged); omit it for a new section. The array's order is the sections'
 * order; sections left out are removed.
 */
export const BriefSectionInputSchema = z.object({
  id: z.uuid().optional(),
  heading: z.string().trim().max(BRIEF_SECTION_HEADING_MAX, `A heading can be at most ${BRIEF_SECTION_HEADING_MAX} characters.`),
  body: z.string().max(BRIEF_SECTION_BODY_MAX, `A section can be at most ${BRIEF_SECTION_BODY_MAX.toLocaleString('en-US')} characters.`),
  guidance: z.string().max(TEMPLATE_GUIDANCE_MAX).optional(),
});
export type BriefSectionInput = z.infer<typeof BriefSectionInputSchema>;

const SectionsInputSchema = z
  .array(BriefSectionInputSchema)
  .max(BRIEF_SECTIONS_MAX, `A brief can have at most ${BRIEF_SECTIONS_MAX} sections.`)
  .refine(
    (sections) => new Set(sections.flatMap((section) => (section.id ? [section.id] : []))).size === sections.filter((s) => s.id).length,
    {
      error: 'Each section id can appear only once.',
    },
  );

const AttendeesInputSchema = z
  .array(BriefAttendeeInputSchema)
  .max(BRIEF_ATTENDEES_MAX, `A brief can have at most ${BRIEF_ATTENDEES_MAX} attendees.`);

/**
 * POST v1/workspaces/{id}/briefs body. With `templateId` (a built-in or a workspace template) the
 * brief starts with that template's sections, empty, their guidance as placeholder text; `sections`
 * then must be omitted. Without either, the brief starts with one empty section. `meetingAt` and
 * `meetingTimeZone` go together (400 on the one missing). Attendees must be ACTIVE members.
 * Omitted: no meeting, no attendees, not confidential. Starts in DRAFT at version 1.
 */
export const CreateBriefBodySchema = z.object({
  title: BriefTitleSchema,
  templateId: z.uuid().optional(),
  meetingAt: InstantSchema.nullable().optional(),
  meetingTimeZone: TimeZoneSchema.nullable().optional(),
  attendees: AttendeesInputSchema.optional(),
  sections: SectionsInputSchema.optional(),
  confidential: z.boolean().optional(),
});
export type CreateBriefBody = z.infer<typeof CreateBriefBodySchema>;

/**
 * PATCH v1/workspaces/{id}/briefs/{briefId} body: any subset of the content plus the `version` the
 * caller last saw (stale → 409 VERSION_CONFLICT with `current`, never a silent overwrite). A save
 * that changes nothing answers the brief as is, without a new version. A save that changes content
 * of a READY or ACKNOWLEDGED brief takes it back to DRAFT and clears its acknowledgement; the marks
 * of sections whose heading or body changed are cleared.
 */
export const UpdateBriefBodySchema = z.object({
  version: z.number({ error: 'Send the version of the brief you changed.' }).int().min(1),
  title: BriefTitleSchema.optional(),
  meetingAt: InstantSchema.nullable().optional(),
  meetingTimeZone: TimeZoneSchema.nullable().optional(),
  attendees: AttendeesInputSchema.optional(),
  sections: SectionsInputSchema.optional(),
  confidential: z.boolean().optional(),
});
export type UpdateBriefBody = z.infer<typeof UpdateBriefBodySchema>;

/** The `version` the caller last saw: DELETE ?version=, and the body of ready / acknowledge. */
export const BriefVersionBodySchema = z.object({
  version: z.number({ error: 'Send the version of the brief you saw.' }).int().min(1),
});
export type BriefVersionBody = z.infer<typeof BriefVersionBodySchema>;

export const DeleteBriefQuerySchema = z.object({
  version: z.coerce
    .number({ error: 'Send the version of the brief you delete.' })
    .int()
    .min(1)
    .meta({ description: 'The version of the brief the caller last saw (409 VERSION_CONFLICT when stale).' }),
});
export type DeleteBriefQuery = z.infer<typeof DeleteBriefQuerySchema>;

export const briefSorts = ['updatedAt', 'meetingAt'] as const;
export const BriefSortSchema = z.enum(briefSorts);
export type BriefSort = z.infer<typeof BriefSortSchema>;

/**
 * GET v1/workspaces/{id}/briefs query (issue #9); filters combine with AND. A GUEST sees READY and
 * ACKNOWLEDGED briefs only, whatever `status` says.
 * - status: one or more statuses, comma-separated ("DRAFT,READY")
 * - q: words of the title, each matched as a word prefix
 * - meetingFrom / meetingTo: meetings at or after / before this instant
 * - forToday=true: meetings on `today` in `timeZone` (the caller's local day; default the
 *   server's UTC day)
 * - sort: updatedAt (default, newest first) or meetingAt (soonest first; briefs without a meeting
 *   last); limit 1..100 (default 25); cursor = the previous page's nextCursor
 */
export const ListBriefsQuerySchema = z
  .object({
    status: commaSeparatedEnum(briefStatuses, 'status', 'Only briefs in one of these statuses, comma-separated (e.g. DRAFT,READY).'),
    q: z.string().trim().max(200).optional().meta({ description: 'Words of the title, each matched as a word prefix.' }),
    meetingFrom: InstantSchema.optional().meta({ description: 'Only meetings at or after this instant.' }),
    meetingTo: InstantSchema.optional().meta({ description: 'Only meetings before this instant.' }),
    forToday: queryBoolean('true: only meetings on `today` in `timeZone`.').optional(),
    today: CalendarDateSchema.optional().meta({ description: "The caller's local date (YYYY-MM-DD); default the server's UTC date." }),
    timeZone: TimeZoneSchema.optional().meta({ description: "The caller's IANA time zone for `forToday`; default UTC." }),
    sort: BriefSortSchema.default('updatedAt').meta({ description: 'updatedAt (newest first, default) or meetingAt (soonest first).' }),
    limit: z.coerce.number().int().min(1).max(100).default(25).meta({ description: 'How many briefs to return, 1–100 (default 25).' }),
    cursor: z
      .string()
      .min(1)
      .max(500)
      .optional()
      .meta({ description: 'The `nextCursor` of the previous page (same sort); omit for the first page.' }),
  })
  .meta({ explode: false });
export type ListBriefsQuery = z.infer<typeof ListBriefsQuerySchema>;
export type ListBriefsQueryInput = z.input<typeof ListBriefsQuerySchema>;

export const BriefPageSchema = z
  .object({ items: z.array(BriefListItemSchema), nextCursor: z.string().nullable() })
  .meta({ id: 'BriefPage' });
export type BriefPage = z.infer<typeof BriefPageSchema>;
export const ListBriefsResponseSchema = payloadOf(BriefPageSchema);

/** The 409 of a stale `version`: `current` holds the brief as it is now. */
export const BriefConflictSchema = ErrorEnvelopeSchema.extend({ current: BriefSchema.optional() }).meta({ id: 'BriefConflict' });
export type BriefConflict = z.infer<typeof BriefConflictSchema>;

/** The path parameters of a section's mark: PUT …/briefs/{briefId}/sections/{sectionId}/mark. */
export const BriefSectionParamsSchema = BriefParamsSchema.extend({
  sectionId: z.uuid().meta({ description: 'The section id.' }),
});

/**
 * PUT v1/workspaces/{id}/briefs/{briefId}/sections/{sectionId}/mark body: the executive's mark
 * (EXECUTIVE only, PRODUCT §6 as for acknowledging), or null to clear it; `note` an optional one
 * line. NEED_MORE records BRIEF_NEED_MORE activity for the brief's author and a live event. Marks
 * never change `version` or `status`. Answers the brief.
 */
export const MarkSectionBodySchema = z.object({
  mark: SectionMarkSchema.nullable(),
  note: z
    .string()
    .trim()
    .max(MARK_NOTE_MAX, `A note can be at most ${MARK_NOTE_MAX} characters.`)
    .refine((note) => !/[\r\n]/.test(note), { error: 'A note is one line.' })
    .nullable()
    .optional(),
});
export type MarkSectionBody = z.infer<typeof MarkSectionBodySchema>;

// ---------------------------------------------------------------------------------------------
// Version history

/** What a save changed: the title, the meeting (time, zone, attendees), and which sections. */
export const BriefChangesSchema = z
  .object({
    title: z.boolean(),
    meeting: z.boolean(),
    confidential: z.boolean(),
    /** Sections added, edited, moved or removed, with their heading as it was after the save (or before, when removed). */
    sections: z.array(z.object({ id: z.uuid(), heading: z.string(), change: z.enum(['added', 'edited', 'moved', 'removed']) })),
  })
  .meta({ id: 'BriefChanges' });
export type BriefChanges = z.infer<typeof BriefChangesSchema>;

/**
 * One entry of a brief's history (issue #9): every save that changed content, newest first.
 * `version` is the brief's version that save produced (1 = created); `restoredFrom` is set when the
 * save restored an older version.
 */
export const BriefVersionSummarySchema = z
  .object({
    version: z.number().int().min(1),
    author: BriefMemberSchema.nullable(),
    createdAt: z.iso.datetime(),
    changes: BriefChangesSchema,
    restoredFrom: z.number().int().min(1).nullable(),
  })
  .meta({ id: 'BriefVersionSummary' });
export type BriefVersionSummary = z.infer<typeof BriefVersionSummarySchema>;

export const ListBriefVersionsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(50).meta({ description: 'How many versions to return, 1–100 (default 50).' }),
  cursor: z.string().min(1).max(200).optional().meta({ description: 'The `nextCursor` of the previous page; omit for the first page.' }),
});
export const BriefVersionPageSchema = z
  .object({ items: z.array(BriefVersionSummarySchema), nextCursor: z.string().nullable() })
  .meta({ id: 'BriefVersionPage' });
export const ListBriefVersionsResponseSchema = payloadOf(BriefVersionPageSchema);

/** A version's content, as GET …/briefs/{briefId}/versions/{version} shows it (no marks). */
export const BriefVersionSchema = BriefVersionSummarySchema.extend({
  title: z.string(),
  meetingAt: z.iso.datetime().nullable(),
  meetingTimeZone: z.string().nullable(),
  attendees: z.array(BriefAttendeeSchema),
  confidential: z.boolean(),
  sections: z.array(z.object({ id: z.uuid(), heading: z.string(), body: z.string(), guidance: z.string() })),
}).meta({ id: 'BriefVersion' });
export type BriefVersion = z.infer<typeof BriefVersionSchema>;
export const BriefVersionResponseSchema = payloadOf(BriefVersionSchema);

export const BriefVersionParamsSchema = BriefParamsSchema.extend({
  version: z.coerce.number().int().min(1).meta({ description: 'The version number.' }),
});

/**
 * POST …/briefs/{briefId}/versions/{version}/restore body: the brief's current `version` (stale →
 * 409). Restoring writes the old content as a new version (nothing is lost) and follows the
 * rules of a save (status back to DRAFT, changed sections' marks cleared).
 */
export const RestoreBriefVersionBodySchema = BriefVersionBodySchema;

// ---------------------------------------------------------------------------------------------
// Templates

/** One section of a template: a heading and the guidance that becomes the placeholder. */
export const TemplateSectionSchema = z
  .object({
    heading: z
      .string({ error: 'Enter a heading.' })
      .trim()
      .min(1, 'Enter a heading.')
      .max(BRIEF_SECTION_HEADING_MAX, `A heading can be at most ${BRIEF_SECTION_HEADING_MAX} characters.`),
    guidance: z
      .string()
      .trim()
      .max(TEMPLATE_GUIDANCE_MAX, `Guidance can be at most ${TEMPLATE_GUIDANCE_MAX.toLocaleString('en-US')} characters.`),
  })
  .meta({ id: 'TemplateSection' });
export type TemplateSection = z.infer<typeof TemplateSectionSchema>;

/**
 * A brief template (PRODUCT §2 BriefTemplate). `builtIn` templates belong to no workspace, are the
 * same for everyone and are read-only (duplicate to change one); `createdBy` is null for them.
 */
export const BriefTemplateSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    description: z.string(),
    sections: z.array(TemplateSectionSchema),
    builtIn: z.boolean(),
    createdBy: BriefMemberSchema.nullable(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'BriefTemplate' });
export type BriefTemplate = z.infer<typeof BriefTemplateSchema>;
export const BriefTemplateResponseSchema = payloadOf(BriefTemplateSchema);

/** GET …/brief-templates: built-ins first (in their fixed order), then the workspace's by name. */
export const ListBriefTemplatesResponseSchema = payloadOf(
  z.object({ items: z.array(BriefTemplateSchema) }).meta({ id: 'BriefTemplateList' }),
);

export const BriefTemplateParamsSchema = z.object({
  id: z.uuid().meta({ description: 'The workspace id.' }),
  templateId: z.uuid().meta({ description: 'The template id.' }),
});

/** POST …/brief-templates body (and PATCH, all fields optional there): 1–20 sections. */
export const CreateBriefTemplateBodySchema = z.object({
  name: z
    .string({ error: 'Enter a name.' })
    .trim()
    .min(1, 'Enter a name.')
    .max(TEMPLATE_NAME_MAX, `A name can be at most ${TEMPLATE_NAME_MAX} characters.`),
  description: z
    .string()
    .trim()
    .max(TEMPLATE_DESCRIPTION_MAX, `A description can be at most ${TEMPLATE_DESCRIPTION_MAX} characters.`)
    .optional(),
  sections: z
    .array(TemplateSectionSchema)
    .min(1, 'Add at least one section.')
    .max(TEMPLATE_SECTIONS_MAX, `A template can have at most ${TEMPLATE_SECTIONS_MAX} sections.`),
});
export type CreateBriefTemplateBody = z.infer<typeof CreateBriefTemplateBodySchema>;
export const UpdateBriefTemplateBodySchema = CreateBriefTemplateBodySchema.partial();
export type UpdateBriefTemplateBody = z.infer<typeof UpdateBriefTemplateBodySchema>;

// ---------------------------------------------------------------------------------------------
// Share links (the public-link design of decision 012, subject BRIEF)

/**
 * A share link of a brief (PRODUCT §2 PublicLink; issue #9). `id` is the public id of /b/{id}
 * (22 base62 characters). `expiresAt` null = never. `isActive`: not revoked, not expired, and the
 * workspace's public links are on. `viewCount`/`lastViewedAt` come from its access log.
 */
export const ShareLinkSchema = z
  .object({
    id: z.string(),
    label: z.string(),
    expiresAt: z.iso.datetime().nullable(),
    hasPasscode: z.boolean(),
    revokedAt: z.iso.datetime().nullable(),
    isActive: z.boolean(),
    viewCount: z.number().int().min(0),
    lastViewedAt: z.iso.datetime().nullable(),
    createdBy: BriefMemberSchema.nullable(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'ShareLink' });
export type ShareLink = z.infer<typeof ShareLinkSchema>;
export const ShareLinkResponseSchema = payloadOf(ShareLinkSchema);
/** GET …/briefs/{briefId}/share-links: newest first, revoked ones included. */
export const ListShareLinksResponseSchema = payloadOf(z.object({ items: z.array(ShareLinkSchema) }).meta({ id: 'ShareLinkList' }));

export const ShareLinkParamsSchema = BriefParamsSchema.extend({
  linkId: z.string().min(1).max(64).meta({ description: 'The share link id.' }),
});

/**
 * POST …/briefs/{briefId}/share-links body (editors; not for a confidential brief: 409). `expiresAt`
 * omitted = {@link defaultShareLinkExpiry} (the meeting time plus 7 days, or never without a
 * meeting; 400 on `expiresAt` when that moment has already passed); null = never; else a future
 * instant (400 otherwise). `passcode`: optional, stored hashed (Argon2id). Refused with 409 when
 * the workspace turned public links off.
 */
export const CreateShareLinkBodySchema = z.object({
  label: z.string().trim().max(SHARE_LINK_LABEL_MAX, `A label can be at most ${SHARE_LINK_LABEL_MAX} characters.`).optional(),
  expiresAt: InstantSchema.nullable().optional(),
  passcode: z
    .string()
    .min(SHARE_PASSCODE_MIN, `A passcode needs at least ${SHARE_PASSCODE_MIN} characters.`)
    .max(SHARE_PASSCODE_MAX, `A passcode can be at most ${SHARE_PASSCODE_MAX} characters.`)
    .optional(),
});
export type CreateShareLinkBody = z.infer<typeof CreateShareLinkBodySchema>;

/**
 * The expiry a share link gets when `expiresAt` is omitted (issue #9): the meeting time plus
 * {@link SHARE_LINK_DEFAULT_DAYS_AFTER_MEETING} days — counted as 24-hour days, so the server and
 * any browser compute the same instant — or null (never) for a brief without a meeting.
 */
export function defaultShareLinkExpiry(meetingAt: string | null): string | null {
  if (meetingAt === null) return null;
  return addHours(parseISO(meetingAt), SHARE_LINK_DEFAULT_DAYS_AFTER_MEETING * 24).toISOString();
}

/** One opening of a link (the access log): when, and the IP truncated to /24 (IPv4) or /48 (IPv6). */
export const ShareLinkViewSchema = z
  .object({ at: z.iso.datetime(), ipPrefix: z.string(), userAgentFamily: z.string().nullable() })
  .meta({ id: 'ShareLinkView' });
export type ShareLinkView = z.infer<typeof ShareLinkViewSchema>;
/** GET …/share-links/{linkId}/views query: limit 1..100 (default 50); cursor = the previous page's nextCursor. */
export const ListShareLinkViewsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(50).meta({ description: 'How many views to return, 1–100 (default 50).' }),
  cursor: z.string().min(1).max(200).optional().meta({ description: 'The `nextCursor` of the previous page; omit for the first page.' }),
});
export type ListShareLinkViewsQuery = z.infer<typeof ListShareLinkViewsQuerySchema>;

/** GET …/share-links/{linkId}/views: newest first, cursor pagination. */
export const ListShareLinkViewsResponseSchema = payloadOf(
  z.object({ items: z.array(ShareLinkViewSchema), nextCursor: z.string().nullable() }).meta({ id: 'ShareLinkViewPage' }),
);

// ---------------------------------------------------------------------------------------------
// The public brief page (/b/{id}; GET v1/public/briefs/{id})

export const PublicBriefParamsSchema = z.object({
  id: z.string().min(1).max(64).meta({ description: 'The share link id (22 base62 characters).' }),
});

/**
 * What /b/{id} shows and nothing more (issue #9): no emails, no internal ids, no marks, no status.
 * `authorFirstName` is the brief's author's first name (null once they left).
 */
export const PublicBriefSchema = z
  .object({
    title: z.string(),
    meetingAt: z.iso.datetime().nullable(),
    meetingTimeZone: z.string().nullable(),
    sections: z.array(z.object({ heading: z.string(), body: z.string() })),
    authorFirstName: z.string().nullable(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'PublicBrief' });
export type PublicBrief = z.infer<typeof PublicBriefSchema>;
export const PublicBriefResponseSchema = payloadOf(PublicBriefSchema);

/**
 * POST v1/public/briefs/{id}/unlock body: the passcode of a protected link. GET on a protected link
 * answers 401 PASSCODE_REQUIRED; a wrong passcode 401 PASSCODE_INVALID; 10 wrong in a row on one
 * link → 429 with Retry-After for 15 minutes (as sign-in, PRODUCT §5). A right one answers the
 * PublicBrief and counts as a view.
 */
export const UnlockPublicBriefBodySchema = z.object({
  passcode: z.string({ error: 'Enter the passcode.' }).min(1, 'Enter the passcode.').max(SHARE_PASSCODE_MAX),
});
export type UnlockPublicBriefBody = z.infer<typeof UnlockPublicBriefBodySchema>;

// ---------------------------------------------------------------------------------------------
// Live events

/**
 * The `brief` workspace event (contract events.ts): a brief was created, its content changed
 * (`updated`), its status changed (`status`), a section was marked (`marked`), or it was deleted.
 * Sent to members who may see the brief before or after the change (GUESTs: READY/ACKNOWLEDGED).
 * `version` is the content version after the change; `actorMemberId` who did it, so a client can
 * tell another person's edit from its own.
 */
export const BriefEventSchema = z
  .object({
    type: z.literal('brief'),
    workspaceId: z.uuid(),
    briefId: z.uuid(),
    action: z.enum(['created', 'updated', 'status', 'marked', 'deleted']),
    version: z.number().int(),
    status: BriefStatusSchema,
    actorMemberId: z.uuid().nullable(),
  })
  .meta({ id: 'BriefEvent' });
export type BriefEvent = z.infer<typeof BriefEventSchema>;

// ---------------------------------------------------------------------------------------------
// Permissions (PRODUCT §6 briefs rows; the server's SQL predicate mirrors canSeeBrief)

/** Statuses a GUEST may see (PRODUCT §6 "view READY/ACKNOWLEDGED"). */
export const guestVisibleBriefStatuses: readonly BriefStatus[] = ['READY', 'ACKNOWLEDGED'];

/** Whether a member of `type` may see a brief in `status` (PRODUCT §6). */
export function canSeeBrief(type: WorkspaceMemberType, status: BriefStatus): boolean {
  const grant = permissionMatrix.viewBriefs[type];
  if (grant === 'yes') return true;
  if (grant === 'scoped') return guestVisibleBriefStatuses.includes(status);
  return false;
}
