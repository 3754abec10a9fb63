import { z } from 'zod';
import { TimeZoneSchema } from './briefs.js';
import { payloadOf } from './envelope.js';
import { CHAT_MESSAGE_MAX } from './vocabulary/contacts.js';

export * from './vocabulary/contacts.js';

// ---------------------------------------------------------------------------------------------
// Limits (issue #10; PRODUCT §2 Contact)

export const CONTACT_NAME_MAX = 100;
export const CONTACT_EMAIL_MAX = 254;
export const CONTACT_TITLE_MAX = 100;
export const CONTACT_COMPANY_MAX = 100;
export const CONTACT_NOTES_MAX = 5_000;
export const CONTACT_TAGS_MAX = 20;
export const CONTACT_TAG_MAX = 40;
/** A CSV import holds at most this many rows (data rows, the header excluded) and this many bytes. */
export const CONTACT_IMPORT_ROWS_MAX = 1_000;
export const CONTACT_IMPORT_BYTES_MAX = 512 * 1024;

/**
 * The columns of a contacts CSV (import and export; RFC 4180, a header row first). Import matches
 * headers case-insensitively, ignoring spaces, '_' and '-' ("First name" = firstName); `tags` are
 * separated by ';'. Unknown columns are refused with the row-0 error naming them.
 */
export const contactCsvColumns = ['firstName', 'lastName', 'email', 'title', 'company', 'timeZone', 'tags', 'notes'] as const;

/** ISO weekdays: 1 = Monday … 7 = Sunday. */
export const WeekdaySchema = z.number().int().min(1).max(7);

/**
 * When a contact works, in their `timeZone` (issue #10 reminders): `start` and `end` as HH:mm
 * (24 h, `start` < `end`), `days` the ISO weekdays. Default 09:00–17:00, Monday–Friday; reminders
 * are only sent inside it.
 */
export const WorkingHoursSchema = z
  .object({
    start: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Enter a time as HH:mm.'),
    end: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, 'Enter a time as HH:mm.'),
    days: z
      .array(WeekdaySchema)
      .min(1, 'Choose at least one working day.')
      .max(7)
      .refine((days) => new Set(days).size === days.length, { error: 'Each day can appear only once.' }),
  })
  .refine((hours) => hours.start < hours.end, { error: 'The working day must end after it starts.', path: ['end'] })
  .meta({ id: 'WorkingHours' });
export type WorkingHours = z.infer<typeof WorkingHoursSchema>;

export const DEFAULT_WORKING_HOURS: WorkingHours = { start: '09:00', end: '17:00', days: [1, 2, 3, 4, 5] };
export const DEFAULT_CONTACT_TIME_ZONE = 'UTC';

/**
 * A person the workspace asks questions of (PRODUCT §2 Contact, "person" under /questions/people);
 * need not be a member. `email` is unique in the workspace (case-insensitive) among contacts not
 * deleted, and may be null (such a person is reached by a copied link only). `deletedAt` is set
 * for a former contact: gone from lists and search, their requests and answers kept and shown as
 * "former contact" (issue #10). `openRequests`: requests SENT to them they have not finished;
 * `lastAnsweredAt`: their newest answer, or null.
 */
export const ContactSchema = z
  .object({
    id: z.uuid(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string().nullable(),
    title: z.string(),
    company: z.string(),
    timeZone: z.string(),
    workingHours: WorkingHoursSchema,
    /** The Slack user they were matched to (issue #12; confirmed on their page) and that user's name. */
    slackUserId: z.string().nullable(),
    slackUserName: z.string().nullable(),
    notes: z.string(),
    tags: z.array(z.string()),
    openRequests: z.number().int().min(0),
    lastAnsweredAt: z.iso.datetime().nullable(),
    deletedAt: z.iso.datetime().nullable(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'Contact' });
export type Contact = z.infer<typeof ContactSchema>;
export const ContactResponseSchema = payloadOf(ContactSchema);

/** A contact as other objects name them (a recipient, a timeline entry): `isFormer` once deleted. */
export const ContactRefSchema = z
  .object({
    id: z.uuid(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string().nullable(),
    company: z.string(),
    isFormer: z.boolean(),
  })
  .meta({ id: 'ContactRef' });
export type ContactRef = z.infer<typeof ContactRefSchema>;

/** The path parameters of one contact's routes: `{id}` (workspace) and `{contactId}`. */
export const ContactParamsSchema = z.object({
  id: z.uuid().meta({ description: 'The workspace id.' }),
  contactId: z.uuid().meta({ description: 'The contact id.' }),
});

const optionalText = (max: number, noun: string) => z.string().trim().max(max, `${noun} can be at most ${max} characters.`);

export const ContactEmailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(CONTACT_EMAIL_MAX, 'That email address is too long.')
  .pipe(z.email({ error: 'Enter an email address such as dana@example.com.' }));

const TagsSchema = z
  .array(z.string().trim().min(1, 'A tag cannot be empty.').max(CONTACT_TAG_MAX, `A tag can be at most ${CONTACT_TAG_MAX} characters.`))
  .max(CONTACT_TAGS_MAX, `A person can have at most ${CONTACT_TAGS_MAX} tags.`)
  .transform((tags) => [...new Set(tags)]);

/**
 * POST v1/workspaces/{id}/contacts body (issue #10). `firstName` is required, the rest optional:
 * an email that another contact of the workspace has → 409 EMAIL_TAKEN with errorData.email;
 * `timeZone` default UTC, `workingHours` default 09:00–17:00 Monday–Friday.
 */
export const CreateContactBodySchema = z.object({
  firstName: z
    .string({ error: 'Enter a first name.' })
    .trim()
    .min(1, 'Enter a first name.')
    .max(CONTACT_NAME_MAX, `A name can be at most ${CONTACT_NAME_MAX} characters.`),
  lastName: optionalText(CONTACT_NAME_MAX, 'A name').optional(),
  email: ContactEmailSchema.nullable().optional(),
  title: optionalText(CONTACT_TITLE_MAX, 'A title').optional(),
  company: optionalText(CONTACT_COMPANY_MAX, 'A company').optional(),
  timeZone: TimeZoneSchema.optional(),
  workingHours: WorkingHoursSchema.optional(),
  slackUserId: z.string().trim().max(32).nullable().optional(),
  notes: optionalText(CONTACT_NOTES_MAX, 'Notes').optional(),
  tags: TagsSchema.optional(),
});
export type CreateContactBody = z.infer<typeof CreateContactBodySchema>;
export type CreateContactInput = z.input<typeof CreateContactBodySchema>;

/** PATCH v1/workspaces/{id}/contacts/{contactId} body: any subset of the create body. */
export const UpdateContactBodySchema = CreateContactBodySchema.partial();
export type UpdateContactBody = z.infer<typeof UpdateContactBodySchema>;

/**
 * GET v1/workspaces/{id}/contacts query (issue #10): `q` matches words of the name, email,
 * company and tags as prefixes; `tag` only contacts with that tag (exact); sorted by last name,
 * first name, id; cursor pagination. Former contacts are never listed.
 */
export const ListContactsQuerySchema = z.object({
  q: z.string().trim().max(200).optional().meta({ description: 'Words of the name, email, company or tags, each matched as a prefix.' }),
  tag: z.string().trim().max(CONTACT_TAG_MAX).optional().meta({ description: 'Only contacts with this tag.' }),
  limit: z.coerce.number().int().min(1).max(100).default(50).meta({ description: 'How many contacts to return, 1–100 (default 50).' }),
  cursor: z.string().min(1).max(500).optional().meta({ description: 'The `nextCursor` of the previous page.' }),
});
export type ListContactsQuery = z.infer<typeof ListContactsQuerySchema>;
export type ListContactsQueryInput = z.input<typeof ListContactsQuerySchema>;

export const ContactPageSchema = z.object({ items: z.array(ContactSchema), nextCursor: z.string().nullable() }).meta({ id: 'ContactPage' });
export type ContactPage = z.infer<typeof ContactPageSchema>;
export const ListContactsResponseSchema = payloadOf(ContactPageSchema);

// ---------------------------------------------------------------------------------------------
// CSV import and export (issue #10: RFC 4180 through a CSV library; nothing written when any row is bad)

/** What an import does with a row whose email already belongs to a contact (or repeats in the file). */
export const importDuplicateModes = ['SKIP', 'MERGE'] as const;
export const ImportDuplicateModeSchema = z.enum(importDuplicateModes);
export type ImportDuplicateMode = z.infer<typeof ImportDuplicateModeSchema>;

/**
 * POST v1/workspaces/{id}/contacts/import body. `csv`: the file's text (UTF-8, a header row, at
 * most {@link CONTACT_IMPORT_ROWS_MAX} rows). `dryRun` true (the preview) writes nothing and
 * answers every row's outcome. `duplicates`: SKIP (default) leaves an existing contact with the
 * same email as it is; MERGE fills it with the row's non-empty fields (tags added). A real import
 * with any ERROR row → 400 VALIDATION_FAILED, errorData `{ "row N": message }`, nothing written.
 */
export const ImportContactsBodySchema = z.object({
  csv: z
    .string({ error: 'Choose a CSV file.' })
    .min(1, 'The file is empty.')
    .max(CONTACT_IMPORT_BYTES_MAX, `A file can be at most ${CONTACT_IMPORT_BYTES_MAX / 1024} KB.`),
  dryRun: z.boolean().default(true),
  duplicates: ImportDuplicateModeSchema.default('SKIP'),
});
export type ImportContactsBody = z.infer<typeof ImportContactsBodySchema>;
export type ImportContactsInput = z.input<typeof ImportContactsBodySchema>;

export const importRowOutcomes = ['CREATE', 'MERGE', 'SKIP', 'ERROR'] as const;
export const ImportRowOutcomeSchema = z.enum(importRowOutcomes);
export type ImportRowOutcome = z.infer<typeof ImportRowOutcomeSchema>;

/**
 * One data row of an import: `row` is its 1-based number among the data rows (the header is row
 * 0); `errors` field → message (non-empty exactly when `outcome` is ERROR); `contactId` the
 * existing contact a MERGE or SKIP concerns.
 */
export const ImportRowSchema = z
  .object({
    row: z.number().int().min(1),
    outcome: ImportRowOutcomeSchema,
    firstName: z.string(),
    lastName: z.string(),
    email: z.string().nullable(),
    company: z.string(),
    errors: z.record(z.string(), z.string()),
    contactId: z.uuid().nullable(),
  })
  .meta({ id: 'ImportRow' });
export type ImportRow = z.infer<typeof ImportRowSchema>;

/** The answer of an import or its preview: each row, and the counts per outcome. */
export const ImportResultSchema = z
  .object({
    dryRun: z.boolean(),
    rows: z.array(ImportRowSchema),
    counts: z.object({
      CREATE: z.number().int().min(0),
      MERGE: z.number().int().min(0),
      SKIP: z.number().int().min(0),
      ERROR: z.number().int().min(0),
    }),
  })
  .meta({ id: 'ImportResult' });
export type ImportResult = z.infer<typeof ImportResultSchema>;
export const ImportContactsResponseSchema = payloadOf(ImportResultSchema);

// ---------------------------------------------------------------------------------------------
// Chat: one thread per contact (PRODUCT §2 ChatMessage, §10 "one thread per person")

export const chatAuthorTypes = ['MEMBER', 'CONTACT'] as const;
export const chatVias = ['LINK', 'EMAIL', 'SLACK'] as const;
export const ChatViaSchema = z.enum(chatVias);
export type ChatVia = z.infer<typeof ChatViaSchema>;

/** A member as the chat names them. */
export const ChatMemberSchema = z.object({ memberId: z.uuid(), firstName: z.string(), lastName: z.string() }).meta({ id: 'ChatMember' });
export type ChatMember = z.infer<typeof ChatMemberSchema>;

/**
 * One message of a contact's thread. `authorType` MEMBER (a follow-up from the office; `member`
 * null once they left) or CONTACT (the person's reply from their answer page). `requestId`: the
 * request whose page it was written on or about, or null. `body` is plain text, rendered inert.
 */
export const ChatMessageSchema = z
  .object({
    id: z.uuid(),
    contactId: z.uuid(),
    authorType: z.enum(chatAuthorTypes),
    member: ChatMemberSchema.nullable(),
    body: z.string(),
    via: ChatViaSchema,
    requestId: z.uuid().nullable(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'ChatMessage' });
export type ChatMessage = z.infer<typeof ChatMessageSchema>;
export const ChatMessageResponseSchema = payloadOf(ChatMessageSchema);

export const ChatMessageBodySchema = z
  .string({ error: 'Write a message.' })
  .trim()
  .min(1, 'Write a message.')
  .max(CHAT_MESSAGE_MAX, `A message can be at most ${CHAT_MESSAGE_MAX.toLocaleString('en-US')} characters.`);

/**
 * POST v1/workspaces/{id}/contacts/{contactId}/messages body: a member's follow-up. Recorded in the
 * thread and, when the contact has an email, mailed to them through the job queue with the link of
 * their newest active answer page (`requestId` picks that request's link instead), where they
 * read and reply. 409 CONFLICT when the contact has no active answer link (nowhere to reply), or
 * is a former contact.
 */
export const PostChatMessageBodySchema = z.object({
  body: ChatMessageBodySchema,
  requestId: z.uuid().optional(),
});
export type PostChatMessageBody = z.infer<typeof PostChatMessageBodySchema>;

export const timelineEntryKinds = ['REQUEST_SENT', 'ANSWERS', 'MESSAGE'] as const;

/**
 * One entry of a contact's timeline (GET …/contacts/{contactId}/timeline; issue #10 "one timeline
 * per contact merging requests sent, answers and free messages"):
 * - REQUEST_SENT: a request was sent to them (`at` = when), with its title;
 * - ANSWERS: their answers to one request (`at` = their newest answer), each with the item's
 *   prompt and the value as display text;
 * - MESSAGE: one chat message.
 */
export const TimelineEntrySchema = z
  .discriminatedUnion('kind', [
    z.object({
      kind: z.literal('REQUEST_SENT'),
      id: z.string(),
      at: z.iso.datetime(),
      requestId: z.uuid(),
      requestTitle: z.string(),
      recipientId: z.uuid(),
      sentBy: ChatMemberSchema.nullable(),
    }),
    z.object({
      kind: z.literal('ANSWERS'),
      id: z.string(),
      at: z.iso.datetime(),
      requestId: z.uuid(),
      requestTitle: z.string(),
      recipientId: z.uuid(),
      answers: z.array(z.object({ itemId: z.uuid(), prompt: z.string(), text: z.string(), late: z.boolean() })),
    }),
    z.object({ kind: z.literal('MESSAGE'), id: z.string(), at: z.iso.datetime(), message: ChatMessageSchema }),
  ])
  .meta({ id: 'TimelineEntry' });
export type TimelineEntry = z.infer<typeof TimelineEntrySchema>;

/**
 * GET …/contacts/{contactId}/timeline query: newest first; `cursor` = the previous page's
 * nextCursor (older entries). The chat screen shows pages oldest-to-newest.
 */
export const ListTimelineQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(50).meta({ description: 'How many entries to return, 1–100 (default 50).' }),
  cursor: z.string().min(1).max(500).optional().meta({ description: 'The `nextCursor` of the previous page (older entries).' }),
});
export type ListTimelineQuery = z.infer<typeof ListTimelineQuerySchema>;
export const TimelinePageSchema = z
  .object({ items: z.array(TimelineEntrySchema), nextCursor: z.string().nullable() })
  .meta({ id: 'TimelinePage' });
export type TimelinePage = z.infer<typeof TimelinePageSchema>;
export const ListTimelineResponseSchema = payloadOf(TimelinePageSchema);

// ---------------------------------------------------------------------------------------------
// Live events

/**
 * The `contact` workspace event: a contact was created, changed, deleted, or their thread got a
 * message (`message`, with `messageId`; a reply from the answer page or a member's follow-up).
 * Sent to members who may see questions (PRODUCT §6: not GUESTs).
 */
export const ContactEventSchema = z
  .object({
    type: z.literal('contact'),
    workspaceId: z.uuid(),
    contactId: z.uuid(),
    action: z.enum(['created', 'updated', 'deleted', 'message']),
    messageId: z.uuid().nullable(),
    actorMemberId: z.uuid().nullable(),
  })
  .meta({ id: 'ContactEvent' });
export type ContactEvent = z.infer<typeof ContactEventSchema>;
