import { z } from 'zod';
import { AiProviderInfoSchema } from './ai.js';
import { ShareLinkViewSchema } from './briefs.js';
import { CalendarDateSchema, InstantSchema, StoredCalendarDateSchema } from './dates.js';
import { payloadOf } from './envelope.js';
import { ErrorEnvelopeSchema } from './errors.js';
import { commaSeparatedEnum } from './query-params.js';
import { AnswerValueSchema, ItemKindSchema, RequestMemberSchema } from './questions.js';

/**
 * Summaries that can be trusted (issue #11; PRODUCT §2 Summary, §3, §9). A summary is generated
 * from the answers in its scope, reviewed and edited by an assistant, and published to /s/{id}.
 * Structural guarantees, checked on the server whatever produced the text:
 * - every key point cites the answers it rests on (publishing needs at least one per key point);
 * - every quote is a verbatim span of the one answer it cites (character for character);
 * - counts, averages and dissent of structured questions are computed by code, never written;
 * - brevity: at most {@link SUMMARY_KEY_POINTS_MAX} key points, and the summary's own words (quotes
 *   aside) at most half of the answers' words ({@link summaryWordBudget}).
 */
export const SUMMARY_TITLE_MAX = 200;
export const SUMMARY_KEY_POINTS_MAX = 10;
export const SUMMARY_KEY_POINT_MAX = 500;
export const SUMMARY_SYNTHESIS_MAX = 1_000;
export const SUMMARY_QUOTES_MAX = 30;
export const SUMMARY_QUOTE_MAX = 1_000;
export const SUMMARY_ACTION_ITEMS_MAX = 20;
export const SUMMARY_ACTION_ITEM_MAX = 300;
export const SUMMARY_REDACTIONS_MAX = 50;
export const SUMMARY_REDACTION_TEXT_MAX = 1_000;
export const SUMMARY_SCOPE_REQUESTS_MAX = 50;
export const SUMMARY_SCOPE_CONTACTS_MAX = 200;
/** A published summary's link expires this many days after publishing unless chosen otherwise. */
export const SUMMARY_LINK_DEFAULT_DAYS = 30;
/** What a redacted name or line becomes on the published page unless a replacement is given. */
export const REDACTED_NAME = 'A respondent';
export const REDACTED_TEXT = '[redacted]';

export const summaryStatuses = ['DRAFT', 'PUBLISHED'] as const;
export const SummaryStatusSchema = z.enum(summaryStatuses);
export type SummaryStatus = z.infer<typeof SummaryStatusSchema>;
export const summaryStatusLabels: Record<SummaryStatus, string> = { DRAFT: 'Draft', PUBLISHED: 'Published' };

/** Words of a text as the brevity rule counts them: runs of letters, digits and apostrophes. */
export function countWords(text: string): number {
  return text.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu)?.length ?? 0;
}

/**
 * The most words a summary may use of its own (key points, syntheses and action items; quotes
 * aside): half the answers' words, and never less than 60 so a handful of short answers can still
 * be summarised in a sentence per question.
 */
export function summaryWordBudget(answerWords: number): number {
  return Math.max(60, Math.floor(answerWords / 2));
}

// ---------------------------------------------------------------------------------------------
// Scope

/**
 * Which answers a summary covers: answers to the chosen requests (`requestIds`; empty = any) from
 * the chosen people (`contactIds`; empty = anyone), first given between `from` and `to` (calendar
 * dates in UTC, both included; null = open). At least one request or person is chosen. Answers to
 * confidential requests are never in scope: choosing such a request is refused (409), and when the
 * scope is by person their answers to confidential requests are left out and counted
 * (`excludedConfidential`).
 */
export const SummaryScopeSchema = z
  .object({
    requestIds: z.array(z.uuid()).max(SUMMARY_SCOPE_REQUESTS_MAX, `Choose at most ${SUMMARY_SCOPE_REQUESTS_MAX} requests.`),
    contactIds: z.array(z.uuid()).max(SUMMARY_SCOPE_CONTACTS_MAX, `Choose at most ${SUMMARY_SCOPE_CONTACTS_MAX} people.`),
    from: StoredCalendarDateSchema.nullable(),
    to: StoredCalendarDateSchema.nullable(),
  })
  .meta({ id: 'SummaryScope' });
export type SummaryScope = z.infer<typeof SummaryScopeSchema>;

/** The scope as a client sends it (dates under the calendar rule; the checks above as 400s per field). */
export const SummaryScopeInputSchema = z
  .object({
    requestIds: SummaryScopeSchema.shape.requestIds.default([]),
    contactIds: SummaryScopeSchema.shape.contactIds.default([]),
    from: CalendarDateSchema.nullable().default(null),
    to: CalendarDateSchema.nullable().default(null),
  })
  .superRefine((scope, context) => {
    if (scope.requestIds.length === 0 && scope.contactIds.length === 0) {
      context.addIssue({ code: 'custom', path: ['requestIds'], message: 'Choose at least one request or person.' });
    }
    if (scope.from && scope.to && scope.from > scope.to) {
      context.addIssue({ code: 'custom', path: ['to'], message: 'The end date comes before the start date.' });
    }
  });
export type SummaryScopeInput = z.input<typeof SummaryScopeInputSchema>;

// ---------------------------------------------------------------------------------------------
// Content (what is generated, reviewed and edited)

/** A key point and the answers it rests on (answer ids of the summary's scope). */
export const KeyPointSchema = z.object({ id: z.uuid(), text: z.string(), answerIds: z.array(z.uuid()) }).meta({ id: 'SummaryKeyPoint' });
export type KeyPoint = z.infer<typeof KeyPointSchema>;

/** A verbatim span of one answer's text (`text` must occur in it exactly). */
export const QuoteSchema = z.object({ id: z.uuid(), answerId: z.uuid(), text: z.string() }).meta({ id: 'SummaryQuote' });
export type Quote = z.infer<typeof QuoteSchema>;

/** Something to do that the answers raise; `taskId` once "Make task" made it a task. */
export const ActionItemSchema = z
  .object({ id: z.uuid(), text: z.string(), answerIds: z.array(z.uuid()), taskId: z.uuid().nullable() })
  .meta({ id: 'SummaryActionItem' });
export type ActionItem = z.infer<typeof ActionItemSchema>;

/**
 * Replaced on the published page only (the workspace keeps seeing the original): NAME hides a
 * person (their attribution and every occurrence of their first, last or full name) behind
 * `replacement` (default {@link REDACTED_NAME}); TEXT replaces every occurrence of `text` with
 * `replacement` (default {@link REDACTED_TEXT}).
 */
export const RedactionSchema = z
  .discriminatedUnion('kind', [
    z.object({ id: z.uuid(), kind: z.literal('NAME'), contactId: z.uuid(), replacement: z.string() }),
    z.object({ id: z.uuid(), kind: z.literal('TEXT'), text: z.string(), replacement: z.string() }),
  ])
  .meta({ id: 'SummaryRedaction' });
export type Redaction = z.infer<typeof RedactionSchema>;

/**
 * Per question of the scope: the spread computed by code and the synthesis in words.
 * - `asked`: recipients of the request in scope; `answered`: answers in scope.
 * - `counts`: for SINGLE_CHOICE / MULTI_CHOICE every option (in the item's order), YES_NO "Yes" and
 *   "No", SCALE_1_5 "1".."5" — with how many answers chose it; empty for OPEN_TEXT and DATE.
 * - `average`: SCALE_1_5 only (two decimals), else null.
 * - `dissentAnswerIds`: answers that differ from most: for structured kinds those outside the most
 *   chosen value (scale: 2 or more from the median) when a majority exists; for OPEN_TEXT those
 *   the provider marked as disagreeing. Shown, never averaged away.
 */
export const QuestionSpreadSchema = z
  .object({
    requestId: z.uuid(),
    requestTitle: z.string(),
    itemId: z.uuid(),
    prompt: z.string(),
    kind: ItemKindSchema,
    asked: z.number().int().min(0),
    answered: z.number().int().min(0),
    counts: z.array(z.object({ label: z.string(), count: z.number().int().min(0) })),
    average: z.number().nullable(),
    dissentAnswerIds: z.array(z.uuid()),
    synthesis: z.string(),
  })
  .meta({ id: 'SummaryQuestionSpread' });
export type QuestionSpread = z.infer<typeof QuestionSpreadSchema>;

/** "4 of 7 said yes": the sentence a YES_NO / choice count reads as (computed, never written by a model). */
export function describeCount(count: number, of: number, label: string): string {
  return `${count} of ${of} said ${label.toLowerCase() === 'yes' || label.toLowerCase() === 'no' ? label.toLowerCase() : `“${label}”`}`;
}

/** An answer of the scope as a summary shows and cites it: the person, the question, its text. */
export const SummaryAnswerSchema = z
  .object({
    id: z.uuid(),
    requestId: z.uuid(),
    itemId: z.uuid(),
    recipientId: z.uuid(),
    contact: z.object({ id: z.uuid(), firstName: z.string(), lastName: z.string(), isFormer: z.boolean() }),
    value: AnswerValueSchema,
    /** The answer as text (contract answerText): what quotes are checked against. */
    text: z.string(),
    submittedAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
    late: z.boolean(),
  })
  .meta({ id: 'SummaryAnswer' });
export type SummaryAnswer = z.infer<typeof SummaryAnswerSchema>;

/** A summary's public link and its published copy (null until first published). */
export const SummaryPublicationSchema = z
  .object({
    publicId: z.string(),
    url: z.string(),
    expiresAt: z.iso.datetime().nullable(),
    revokedAt: z.iso.datetime().nullable(),
    isActive: z.boolean(),
    viewCount: z.number().int().min(0),
    lastViewedAt: z.iso.datetime().nullable(),
    publishedAt: z.iso.datetime(),
    /** The summary changed since it was published (the public page shows the older copy). */
    hasUnpublishedChanges: z.boolean(),
  })
  .meta({ id: 'SummaryPublication' });
export type SummaryPublication = z.infer<typeof SummaryPublicationSchema>;

/** Something that stops publishing, at a field path like "keyPoints.2.answerIds". */
export const SummaryIssueSchema = z.object({ path: z.string(), message: z.string() }).meta({ id: 'SummaryIssue' });
export type SummaryIssue = z.infer<typeof SummaryIssueSchema>;

/**
 * A summary (PRODUCT §2 Summary) as its own page shows it.
 * - `answers`: every answer in scope when it was generated or last updated (`answersAtGeneration`
 *   of them); `coverage.uncoveredAnswerIds`: those no key point cites.
 * - `freshness.newAnswers`: answers in scope now that were given or changed after `generatedAt`
 *   ("Update" regenerates and shows what changed).
 * - `words`: the brevity rule's figures; `issues`: what stops publishing (empty when it can be).
 * - `version` counts saves (optimistic concurrency as elsewhere: stale → 409 VERSION_CONFLICT with `current`).
 */
export const SummarySchema = z
  .object({
    id: z.uuid(),
    title: z.string(),
    scope: SummaryScopeSchema,
    status: SummaryStatusSchema,
    keyPoints: z.array(KeyPointSchema),
    perQuestion: z.array(QuestionSpreadSchema),
    quotes: z.array(QuoteSchema),
    actionItems: z.array(ActionItemSchema),
    redactions: z.array(RedactionSchema),
    answers: z.array(SummaryAnswerSchema),
    answersAtGeneration: z.number().int().min(0),
    answersCovered: z.number().int().min(0),
    coverage: z.object({ uncoveredAnswerIds: z.array(z.uuid()) }),
    excludedConfidential: z.number().int().min(0),
    freshness: z.object({ newAnswers: z.number().int().min(0) }),
    words: z.object({ summary: z.number().int().min(0), answers: z.number().int().min(0), budget: z.number().int().min(0) }),
    issues: z.array(SummaryIssueSchema),
    provider: AiProviderInfoSchema,
    generatedAt: z.iso.datetime(),
    publication: SummaryPublicationSchema.nullable(),
    version: z.number().int().min(1),
    createdBy: RequestMemberSchema.nullable(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'Summary' });
export type Summary = z.infer<typeof SummarySchema>;
export const SummaryResponseSchema = payloadOf(SummarySchema);

/** The 409 of a stale `version`: `current` holds the summary as it is now. */
export const SummaryConflictSchema = ErrorEnvelopeSchema.extend({ current: SummarySchema.optional() }).meta({ id: 'SummaryConflict' });

/** A summary as the list shows it. `requestTitles`: the scope's requests by title (in scope order). */
export const SummaryListItemSchema = z
  .object({
    id: z.uuid(),
    title: z.string(),
    status: SummaryStatusSchema,
    scope: SummaryScopeSchema,
    requestTitles: z.array(z.string()),
    keyPointCount: z.number().int().min(0),
    answersAtGeneration: z.number().int().min(0),
    newAnswers: z.number().int().min(0),
    generatedAt: z.iso.datetime(),
    publishedAt: z.iso.datetime().nullable(),
    isPublicLinkActive: z.boolean(),
    provider: AiProviderInfoSchema.shape.kind,
    createdBy: RequestMemberSchema.nullable(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'SummaryListItem' });
export type SummaryListItem = z.infer<typeof SummaryListItemSchema>;

/** GET v1/workspaces/{id}/summaries: newest change first, cursor pagination. */
export const ListSummariesQuerySchema = z
  .object({
    status: commaSeparatedEnum(summaryStatuses, 'status', 'Only summaries in one of these statuses, comma-separated.'),
    q: z.string().trim().max(200).optional().meta({ description: 'Words of the title, each matched as a word prefix.' }),
    limit: z.coerce.number().int().min(1).max(100).default(25).meta({ description: 'How many summaries to return, 1–100 (default 25).' }),
    cursor: z.string().min(1).max(500).optional().meta({ description: 'The `nextCursor` of the previous page; omit for the first page.' }),
  })
  .meta({ explode: false });
export type ListSummariesQuery = z.infer<typeof ListSummariesQuerySchema>;
export type ListSummariesQueryInput = z.input<typeof ListSummariesQuerySchema>;
export const SummaryPageSchema = z
  .object({ items: z.array(SummaryListItemSchema), nextCursor: z.string().nullable() })
  .meta({ id: 'SummaryPage' });
export type SummaryPage = z.infer<typeof SummaryPageSchema>;
export const ListSummariesResponseSchema = payloadOf(SummaryPageSchema);

export const SummaryParamsSchema = z.object({
  id: z.uuid().meta({ description: 'The workspace id.' }),
  summaryId: z.uuid().meta({ description: 'The summary id.' }),
});

/**
 * POST v1/workspaces/{id}/summaries/generate (step 1 → step 2): generates a DRAFT summary of the
 * scope and saves it (201). Counts one AI generation. 400 errorData.scope when no answer matches;
 * 409 when a chosen request is confidential; 402 PLAN_LIMIT over the month's generations.
 */
export const GenerateSummaryBodySchema = z.object({
  title: z
    .string({ error: 'Give the summary a title.' })
    .trim()
    .min(1, 'Give the summary a title.')
    .max(SUMMARY_TITLE_MAX, `A title can be at most ${SUMMARY_TITLE_MAX} characters.`),
  scope: SummaryScopeInputSchema,
});
export type GenerateSummaryBody = z.infer<typeof GenerateSummaryBodySchema>;
export type GenerateSummaryInput = z.input<typeof GenerateSummaryBodySchema>;

const keyPointText = z
  .string()
  .trim()
  .min(1, 'Write the key point.')
  .max(SUMMARY_KEY_POINT_MAX, `A key point can be at most ${SUMMARY_KEY_POINT_MAX} characters.`);

/**
 * PUT v1/workspaces/{id}/summaries/{summaryId}: the reviewed content at `version`. Checked by the
 * same rules as generation (400 with errorData per path, e.g. "quotes.1.text": a quote that is not
 * a verbatim span of its answer; "keyPoints.0.answerIds": an answer outside the scope). An item
 * without `id` is new. Action items keep their task by id. Per-question counts are not editable.
 */
export const UpdateSummaryBodySchema = z.object({
  version: z.number().int().min(1),
  title: GenerateSummaryBodySchema.shape.title,
  keyPoints: z
    .array(z.object({ id: z.uuid().optional(), text: keyPointText, answerIds: z.array(z.uuid()).max(200) }))
    .max(SUMMARY_KEY_POINTS_MAX, `A summary has at most ${SUMMARY_KEY_POINTS_MAX} key points.`),
  perQuestion: z
    .array(
      z.object({
        requestId: z.uuid(),
        itemId: z.uuid(),
        synthesis: z.string().trim().max(SUMMARY_SYNTHESIS_MAX, `A synthesis can be at most ${SUMMARY_SYNTHESIS_MAX} characters.`),
      }),
    )
    .max(500),
  quotes: z
    .array(
      z.object({
        id: z.uuid().optional(),
        answerId: z.uuid(),
        text: z
          .string()
          .min(1, 'A quote cannot be empty.')
          .max(SUMMARY_QUOTE_MAX, `A quote can be at most ${SUMMARY_QUOTE_MAX} characters.`),
      }),
    )
    .max(SUMMARY_QUOTES_MAX, `A summary has at most ${SUMMARY_QUOTES_MAX} quotes.`),
  actionItems: z
    .array(
      z.object({
        id: z.uuid().optional(),
        text: z
          .string()
          .trim()
          .min(1, 'Write the action item.')
          .max(SUMMARY_ACTION_ITEM_MAX, `An action item can be at most ${SUMMARY_ACTION_ITEM_MAX} characters.`),
        answerIds: z.array(z.uuid()).max(200),
      }),
    )
    .max(SUMMARY_ACTION_ITEMS_MAX, `A summary has at most ${SUMMARY_ACTION_ITEMS_MAX} action items.`),
  redactions: z
    .array(
      z.discriminatedUnion('kind', [
        z.object({
          id: z.uuid().optional(),
          kind: z.literal('NAME'),
          contactId: z.uuid(),
          replacement: z.string().trim().max(100).default(''),
        }),
        z.object({
          id: z.uuid().optional(),
          kind: z.literal('TEXT'),
          text: z.string().min(1, 'Choose the text to hide.').max(SUMMARY_REDACTION_TEXT_MAX),
          replacement: z.string().trim().max(100).default(''),
        }),
      ]),
    )
    .max(SUMMARY_REDACTIONS_MAX, `At most ${SUMMARY_REDACTIONS_MAX} redactions.`),
});
export type UpdateSummaryBody = z.infer<typeof UpdateSummaryBodySchema>;
export type UpdateSummaryInput = z.input<typeof UpdateSummaryBodySchema>;

/** Bodies that carry only the version the caller last saw (regenerate, unpublish). */
export const SummaryVersionBodySchema = z.object({ version: z.number().int().min(1) });
export type SummaryVersionBody = z.infer<typeof SummaryVersionBodySchema>;
export const DeleteSummaryQuerySchema = z.object({ version: z.coerce.number().int().min(1) });

/**
 * POST …/summaries/{summaryId}/publish: publishes the current content, redactions applied, to
 * /s/{publicId} (PRODUCT §2 PublicLink: expiry, revoke → 410, access log) and records
 * SUMMARY_PUBLISHED. Publishing again refreshes the public copy on the same link while it is
 * active. `expiresAt` omitted = {@link SUMMARY_LINK_DEFAULT_DAYS} days from now; null = never.
 * 400 errorData per issue (e.g. an uncited key point); 409 when the scope holds a confidential
 * request or public links are off.
 */
export const PublishSummaryBodySchema = z.object({
  version: z.number().int().min(1),
  expiresAt: InstantSchema.nullable().optional(),
});
export type PublishSummaryBody = z.infer<typeof PublishSummaryBodySchema>;

/**
 * POST …/summaries/{summaryId}/update: regenerates the summary over the same scope with the
 * answers as they are now and saves it as the next version (counts one AI generation). The answer
 * holds the summary and the version before, so "what changed" can be shown ({@link compareSummaries}).
 * Edits made by hand to key points are replaced; redactions and made tasks are kept.
 */
export const RegeneratedSummarySchema = z.object({ summary: SummarySchema, previous: SummarySchema }).meta({ id: 'RegeneratedSummary' });
export type RegeneratedSummary = z.infer<typeof RegeneratedSummarySchema>;
export const RegeneratedSummaryResponseSchema = payloadOf(RegeneratedSummarySchema);

export const ActionItemParamsSchema = SummaryParamsSchema.extend({ actionItemId: z.uuid().meta({ description: 'The action item id.' }) });

/**
 * POST …/summaries/{summaryId}/action-items/{actionItemId}/task: makes the action item a task
 * (title = its text; links { summaryId, requestId, answerId } of its first cited answer), once:
 * 409 when it already has one. `assigneeMemberId` and `dueDate` optional, as for tasks.
 */
export const MakeTaskBodySchema = z.object({
  version: z.number().int().min(1),
  assigneeMemberId: z.uuid().nullable().default(null),
  dueDate: CalendarDateSchema.nullable().default(null),
});
export type MakeTaskBody = z.infer<typeof MakeTaskBodySchema>;

/** GET …/summaries/{summaryId}/views: the public link's access log, newest first. */
export const ListSummaryViewsResponseSchema = payloadOf(
  z.object({ items: z.array(ShareLinkViewSchema), nextCursor: z.string().nullable() }).meta({ id: 'SummaryViewPage' }),
);

// ---------------------------------------------------------------------------------------------
// What changed between two versions ("Update")

/** The differences "Update" shows: key points gone and new (by text), counts moved, new answers. */
export interface SummaryChanges {
  keyPointsAdded: string[];
  keyPointsRemoved: string[];
  spreads: { itemId: string; prompt: string; answeredBefore: number; answeredAfter: number; countsChanged: boolean }[];
  newAnswerIds: string[];
}

/** Compares two versions of one summary (issue #11 "Update shows what changed"); pure. */
export function compareSummaries(
  before: Pick<Summary, 'keyPoints' | 'perQuestion' | 'answers'>,
  after: Pick<Summary, 'keyPoints' | 'perQuestion' | 'answers'>,
): SummaryChanges {
  const normal = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();
  const beforeTexts = new Set(before.keyPoints.map((point) => normal(point.text)));
  const afterTexts = new Set(after.keyPoints.map((point) => normal(point.text)));
  const beforeSpreads = new Map(before.perQuestion.map((spread) => [spread.itemId, spread]));
  const beforeAnswers = new Map(before.answers.map((answer) => [answer.id, answer.updatedAt]));
  return {
    keyPointsAdded: after.keyPoints.filter((point) => !beforeTexts.has(normal(point.text))).map((point) => point.text),
    keyPointsRemoved: before.keyPoints.filter((point) => !afterTexts.has(normal(point.text))).map((point) => point.text),
    spreads: after.perQuestion.flatMap((spread) => {
      const old = beforeSpreads.get(spread.itemId);
      const answeredBefore = old?.answered ?? 0;
      const countsChanged = JSON.stringify(old?.counts ?? []) !== JSON.stringify(spread.counts);
      return answeredBefore === spread.answered && !countsChanged
        ? []
        : [{ itemId: spread.itemId, prompt: spread.prompt, answeredBefore, answeredAfter: spread.answered, countsChanged }];
    }),
    newAnswerIds: after.answers.filter((answer) => beforeAnswers.get(answer.id) !== answer.updatedAt).map((answer) => answer.id),
  };
}

// ---------------------------------------------------------------------------------------------
// The public summary page (/s/{id}; GET v1/public/summaries/{id})

export const PublicSummaryParamsSchema = z.object({
  id: z.string().min(1).max(64).meta({ description: 'The public id of /s/{id} (22 base62 characters).' }),
});

/**
 * A published summary as /s/{id} shows it: the copy taken at publishing, redactions applied.
 * Citations name the person (or the redaction's replacement); no answer ids, no contact details.
 */
export const PublicSummarySchema = z
  .object({
    title: z.string(),
    workspaceName: z.string(),
    publishedAt: z.iso.datetime(),
    answerCount: z.number().int().min(0),
    keyPoints: z.array(z.object({ text: z.string(), citedBy: z.array(z.string()) })),
    perQuestion: z.array(
      z.object({
        prompt: z.string(),
        kind: ItemKindSchema,
        asked: z.number().int().min(0),
        answered: z.number().int().min(0),
        counts: z.array(z.object({ label: z.string(), count: z.number().int().min(0) })),
        average: z.number().nullable(),
        synthesis: z.string(),
        dissent: z.array(z.object({ text: z.string(), by: z.string() })),
      }),
    ),
    quotes: z.array(z.object({ text: z.string(), by: z.string() })),
    actionItems: z.array(z.object({ text: z.string() })),
  })
  .meta({ id: 'PublicSummary' });
export type PublicSummary = z.infer<typeof PublicSummarySchema>;
export const PublicSummaryResponseSchema = payloadOf(PublicSummarySchema);

// ---------------------------------------------------------------------------------------------
// Live event

/** The `summary` workspace event: created, saved, updated, published, unpublished or deleted. Not for GUESTs. */
export const SummaryEventSchema = z
  .object({
    type: z.literal('summary'),
    workspaceId: z.uuid(),
    summaryId: z.uuid(),
    action: z.enum(['created', 'updated', 'published', 'unpublished', 'deleted']),
    version: z.number().int(),
    actorMemberId: z.uuid().nullable(),
  })
  .meta({ id: 'SummaryEvent' });
export type SummaryEvent = z.infer<typeof SummaryEventSchema>;
