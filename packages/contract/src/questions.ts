import { z } from 'zod';
import { TimeZoneSchema } from './briefs.js';
import { ChatMessageBodySchema, ChatMessageSchema, ContactRefSchema } from './contacts.js';
import { CalendarDateSchema, StoredCalendarDateSchema } from './dates.js';
import { payloadOf } from './envelope.js';
import { ErrorEnvelopeSchema } from './errors.js';
import { commaSeparatedEnum } from './query-params.js';
import {
  choiceKinds,
  ITEM_OPTION_MAX,
  ITEM_OPTIONS_MAX,
  ITEM_OPTIONS_MIN,
  ITEM_PROMPT_MAX,
  itemKinds,
  recipientChannels,
  recipientStates,
  REMIND_AFTER_DAYS_MAX,
  REQUEST_CONTEXT_MAX,
  REQUEST_ITEMS_MAX,
  REQUEST_ITEMS_MIN,
  REQUEST_RECIPIENTS_MAX,
  REQUEST_TITLE_MAX,
  requestStatuses,
  sendableChannels,
} from './vocabulary/questions.js';

export * from './vocabulary/questions.js';
export { answerText, validateAnswer } from './answer-rules.js';

// ---------------------------------------------------------------------------------------------
// Limits and states (issue #10; PRODUCT §2 QuestionRequest, Recipient, Answer)

/** Request states (issue #10); the list, type and labels live in vocabulary/questions.ts. */
export const RequestStatusSchema = z.enum(requestStatuses);

/** Item kinds; the list, type and labels live in vocabulary/questions.ts. */
export const ItemKindSchema = z.enum(itemKinds);

/** Recipient channels; the lists, type and labels live in vocabulary/questions.ts. */
export const RecipientChannelSchema = z.enum(recipientChannels);
/** Per-person channel choices of a request: contact id → channel (issue #12). */
export const RecipientChannelsSchema = z.record(z.uuid(), RecipientChannelSchema);
export type RecipientChannels = z.infer<typeof RecipientChannelsSchema>;

/** Recipient states (issue #10); the list, type and labels live in vocabulary/questions.ts. */
export const RecipientStateSchema = z.enum(recipientStates);

/** Who wrote an answer: the recipient on their page (LINK), Slack (issue #12), or a member on their behalf (MEMBER). */
export const answerVias = ['LINK', 'SLACK', 'MEMBER'] as const;
export const AnswerViaSchema = z.enum(answerVias);
export type AnswerVia = z.infer<typeof AnswerViaSchema>;

// ---------------------------------------------------------------------------------------------
// Items and answer values

/**
 * One question of a request (PRODUCT §2 items[]). `options`: 2–20 distinct labels for
 * SINGLE_CHOICE and MULTI_CHOICE, empty for every other kind.
 */
export const QuestionItemSchema = z
  .object({
    id: z.uuid(),
    prompt: z.string(),
    kind: ItemKindSchema,
    options: z.array(z.string()),
    required: z.boolean(),
  })
  .meta({ id: 'QuestionItem' });
export type QuestionItem = z.infer<typeof QuestionItemSchema>;

/**
 * An item as the composer sends it: `id` keeps an existing item's id (omit for a new one). Checked
 * per kind: choice kinds need 2–20 distinct non-empty options; other kinds must send none.
 */
export const QuestionItemInputSchema = z
  .object({
    id: z.uuid().optional(),
    prompt: z
      .string({ error: 'Write the question.' })
      .trim()
      .min(1, 'Write the question.')
      .max(ITEM_PROMPT_MAX, `A question can be at most ${ITEM_PROMPT_MAX} characters.`),
    kind: ItemKindSchema,
    options: z
      .array(
        z
          .string()
          .trim()
          .min(1, 'An option cannot be empty.')
          .max(ITEM_OPTION_MAX, `An option can be at most ${ITEM_OPTION_MAX} characters.`),
      )
      .max(ITEM_OPTIONS_MAX, `A question can have at most ${ITEM_OPTIONS_MAX} options.`)
      .default([]),
    required: z.boolean().default(true),
  })
  .superRefine((item, context) => {
    const isChoice = choiceKinds.includes(item.kind);
    if (isChoice && item.options.length < ITEM_OPTIONS_MIN) {
      context.addIssue({ code: 'custom', path: ['options'], message: `Give at least ${ITEM_OPTIONS_MIN} options.` });
    }
    if (isChoice && new Set(item.options.map((option) => option.toLowerCase())).size !== item.options.length) {
      context.addIssue({ code: 'custom', path: ['options'], message: 'Each option can appear only once.' });
    }
    if (!isChoice && item.options.length > 0) {
      context.addIssue({ code: 'custom', path: ['options'], message: 'Only choice questions have options.' });
    }
  });
export type QuestionItemInput = z.input<typeof QuestionItemInputSchema>;

/**
 * An answer's value; its shape follows the item's kind: OPEN_TEXT a string (1–10,000 characters),
 * SINGLE_CHOICE one of the options, MULTI_CHOICE one or more distinct options, SCALE_1_5 an
 * integer 1–5, YES_NO a boolean, DATE a calendar date YYYY-MM-DD.
 */
export const AnswerValueSchema = z
  .union([z.string(), z.array(z.string()), z.number(), z.boolean()])
  .meta({ id: 'AnswerValue', description: 'Shape per item kind: see QuestionItem.kind.' });
export type AnswerValue = z.infer<typeof AnswerValueSchema>;

// ---------------------------------------------------------------------------------------------
// Requests

/** A member as a request names them (author, who entered an answer). */
export const RequestMemberSchema = z
  .object({ memberId: z.uuid(), firstName: z.string(), lastName: z.string() })
  .meta({ id: 'RequestMember' });
export type RequestMember = z.infer<typeof RequestMemberSchema>;

/** Reminder policy: remind unfinished recipients `remindAfterDays` days after sending (null = never). */
const RemindAfterDaysSchema = z
  .number()
  .int()
  .min(1, 'Remind after at least 1 day.')
  .max(REMIND_AFTER_DAYS_MAX, `Remind within ${REMIND_AFTER_DAYS_MAX} days.`)
  .nullable();

/** Per-request progress: how many recipients are in each state. */
export const RequestProgressSchema = z
  .object({
    total: z.number().int().min(0),
    PENDING: z.number().int().min(0),
    OPENED: z.number().int().min(0),
    PARTIAL: z.number().int().min(0),
    ANSWERED: z.number().int().min(0),
  })
  .meta({ id: 'RequestProgress' });
export type RequestProgress = z.infer<typeof RequestProgressSchema>;

/**
 * A question request (PRODUCT §2 QuestionRequest; issue #10).
 * - `context` is shown to recipients above the questions (plain text).
 * - `dueDate` is a calendar date in `timeZone` (the sender's zone, IANA): answers after its end are
 *   kept and flagged late; reminders stop at its end. Null = no due date.
 * - `contactIds`: the chosen recipients while DRAFT; once sent, the recipients are rows
 *   (`recipients` of the detail) and this lists their contacts.
 * - `channel`: how the links go out on send (LINK: the assistant copies them; EMAIL: mailed).
 * - `version` counts edits (optimistic concurrency: PATCH, send, close and delete send it back;
 *   stale → 409 VERSION_CONFLICT with `current`). Items can change only while DRAFT.
 */
export const QuestionRequestSchema = z
  .object({
    id: z.uuid(),
    title: z.string(),
    context: z.string(),
    items: z.array(QuestionItemSchema),
    dueDate: StoredCalendarDateSchema.nullable(),
    timeZone: z.string(),
    remindAfterDays: z.number().int().nullable(),
    confidential: z.boolean(),
    channel: RecipientChannelSchema,
    /** Per-person overrides of `channel` (contact id → channel); people not listed follow `channel`. */
    recipientChannels: RecipientChannelsSchema,
    contactIds: z.array(z.uuid()),
    status: RequestStatusSchema,
    progress: RequestProgressSchema,
    version: z.number().int().min(1),
    sentAt: z.iso.datetime().nullable(),
    closedAt: z.iso.datetime().nullable(),
    createdBy: RequestMemberSchema.nullable(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'QuestionRequest' });
export type QuestionRequest = z.infer<typeof QuestionRequestSchema>;

/** A request as lists show it (GET …/question-requests, the hub, the dashboard): no items. */
export const QuestionRequestListItemSchema = z
  .object({
    id: z.uuid(),
    title: z.string(),
    status: RequestStatusSchema,
    dueDate: StoredCalendarDateSchema.nullable(),
    itemCount: z.number().int().min(0),
    progress: RequestProgressSchema,
    channel: RecipientChannelSchema,
    /** Never sent to an AI assistant nor published (issue #11; PRODUCT §10): pickers show it disabled. */
    confidential: z.boolean(),
    sentAt: z.iso.datetime().nullable(),
    closedAt: z.iso.datetime().nullable(),
    createdBy: RequestMemberSchema.nullable(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'QuestionRequestListItem' });
export type QuestionRequestListItem = z.infer<typeof QuestionRequestListItemSchema>;

/** The path parameters of one request's routes: `{id}` (workspace) and `{requestId}`. */
export const QuestionRequestParamsSchema = z.object({
  id: z.uuid().meta({ description: 'The workspace id.' }),
  requestId: z.uuid().meta({ description: 'The question request id.' }),
});

const RequestTitleSchema = z
  .string({ error: 'Enter a title.' })
  .trim()
  .min(1, 'Enter a title.')
  .max(REQUEST_TITLE_MAX, `A title can be at most ${REQUEST_TITLE_MAX} characters.`);

const ItemsInputSchema = z
  .array(QuestionItemInputSchema)
  .min(REQUEST_ITEMS_MIN, 'Add at least one question.')
  .max(REQUEST_ITEMS_MAX, `A request can have at most ${REQUEST_ITEMS_MAX} questions.`)
  .refine((items) => new Set(items.flatMap((item) => (item.id ? [item.id] : []))).size === items.filter((item) => item.id).length, {
    error: 'Each question id can appear only once.',
  });

const ContactIdsSchema = z
  .array(z.uuid())
  .max(REQUEST_RECIPIENTS_MAX, `A request can go to at most ${REQUEST_RECIPIENTS_MAX} people.`)
  .transform((ids) => [...new Set(ids)]);

/**
 * POST v1/workspaces/{id}/question-requests body: a new DRAFT. Only `title` is required (the
 * composer saves a draft as the assistant types); omitted `items` = none yet (send refuses a
 * request without items). `contactIds` must be contacts of the workspace that are not deleted (400
 * naming the field otherwise). Defaults: `timeZone` UTC, `channel` SLACK ("Slack where possible")
 * while the workspace's Slack is connected and EMAIL otherwise (issue #12), `remindAfterDays` 2.
 * `recipientChannels` (issue #12): per-person channel; SLACK only for people matched to a Slack user.
 */
export const CreateQuestionRequestBodySchema = z.object({
  title: RequestTitleSchema,
  context: z
    .string()
    .trim()
    .max(REQUEST_CONTEXT_MAX, `The context can be at most ${REQUEST_CONTEXT_MAX.toLocaleString('en-US')} characters.`)
    .optional(),
  items: ItemsInputSchema.optional(),
  dueDate: CalendarDateSchema.nullable().optional(),
  timeZone: TimeZoneSchema.optional(),
  remindAfterDays: RemindAfterDaysSchema.optional(),
  confidential: z.boolean().optional(),
  channel: z.enum(sendableChannels).optional(),
  recipientChannels: RecipientChannelsSchema.optional(),
  contactIds: ContactIdsSchema.optional(),
});
export type CreateQuestionRequestBody = z.infer<typeof CreateQuestionRequestBodySchema>;
export type CreateQuestionRequestInput = z.input<typeof CreateQuestionRequestBodySchema>;

/**
 * PATCH …/question-requests/{requestId} body: any subset plus the `version` last seen. While DRAFT
 * everything may change. Once SENT: title, context, dueDate, remindAfterDays may change (a new
 * dueDate moves the expiry of links that still follow the default); items, channel, timeZone and
 * contactIds → 409 CONFLICT (add people with POST …/recipients). CLOSED → 409.
 */
export const UpdateQuestionRequestBodySchema = CreateQuestionRequestBodySchema.partial().extend({
  version: z.number({ error: 'Send the version of the request you changed.' }).int().min(1),
});
export type UpdateQuestionRequestBody = z.infer<typeof UpdateQuestionRequestBodySchema>;

/** The `version` the caller last saw: the body of send and close, DELETE ?version=. */
export const RequestVersionBodySchema = z.object({
  version: z.number({ error: 'Send the version of the request you saw.' }).int().min(1),
});
export type RequestVersionBody = z.infer<typeof RequestVersionBodySchema>;
export const DeleteQuestionRequestQuerySchema = z.object({
  version: z.coerce
    .number({ error: 'Send the version of the request you delete.' })
    .int()
    .min(1)
    .meta({ description: 'The version of the request the caller saw (409 VERSION_CONFLICT when stale).' }),
});

/**
 * POST …/{requestId}/send body (issue #10): the request must be DRAFT with 1–20 items and 1–100
 * contacts (400 with errorData naming `items` / `contactIds` otherwise); everyone who gets EMAIL —
 * channel EMAIL, or SLACK for people Slack cannot reach — needs an email (400, errorData.contactIds
 * names them); a person whose `recipientChannels` entry is SLACK must be matched to a Slack user
 * while the workspace's Slack is connected (400, errorData.recipientChannels; issue #12). SLACK
 * recipients get a DM with their link (the slack.deliver queue). Creates one Recipient per contact,
 * each with its own link (expiry: due date + 14 days, or sent + 90 days without one), mails each
 * EMAIL recipient through the job queue, and counts against the plan's active requests (402
 * PLAN_LIMIT naming the limit).
 */
export const SendQuestionRequestBodySchema = RequestVersionBodySchema;

/** POST …/{requestId}/recipients body: more people for a SENT request; each is sent to at once. */
export const AddRecipientsBodySchema = z.object({
  contactIds: ContactIdsSchema.refine((ids) => ids.length > 0, { error: 'Choose at least one person.' }),
});
export type AddRecipientsBody = z.infer<typeof AddRecipientsBodySchema>;

export const requestSorts = ['updatedAt', 'dueDate', 'title'] as const;
export const RequestSortSchema = z.enum(requestSorts);
export type RequestSort = z.infer<typeof RequestSortSchema>;

/**
 * GET v1/workspaces/{id}/question-requests query (issue #10 /questions/list): `status` one or
 * more, comma-separated; `q` words of the title as prefixes; `sort` updatedAt (newest first,
 * default), dueDate (soonest first, none last) or title (A→Z); cursor pagination.
 */
export const ListQuestionRequestsQuerySchema = z
  .object({
    status: commaSeparatedEnum(requestStatuses, 'status', 'Only requests in one of these statuses, comma-separated (e.g. DRAFT,SENT).'),
    q: z.string().trim().max(200).optional().meta({ description: 'Words of the title, each matched as a word prefix.' }),
    contactId: z.uuid().optional().meta({ description: 'Only requests sent to (or drafted for) this contact.' }),
    sort: RequestSortSchema.default('updatedAt').meta({
      description: 'updatedAt (newest first, default), dueDate (soonest first, none last) or title (A→Z).',
    }),
    limit: z.coerce.number().int().min(1).max(100).default(25).meta({ description: 'How many requests to return, 1–100 (default 25).' }),
    cursor: z.string().min(1).max(500).optional().meta({ description: 'The `nextCursor` of the previous page; omit for the first page.' }),
  })
  .meta({ explode: false });
export type ListQuestionRequestsQuery = z.infer<typeof ListQuestionRequestsQuerySchema>;
export type ListQuestionRequestsQueryInput = z.input<typeof ListQuestionRequestsQuerySchema>;

export const QuestionRequestPageSchema = z
  .object({ items: z.array(QuestionRequestListItemSchema), nextCursor: z.string().nullable() })
  .meta({ id: 'QuestionRequestPage' });
export type QuestionRequestPage = z.infer<typeof QuestionRequestPageSchema>;
export const ListQuestionRequestsResponseSchema = payloadOf(QuestionRequestPageSchema);

// ---------------------------------------------------------------------------------------------
// Recipients and answers (the request's detail)

/**
 * A recipient's answer link (PRODUCT §5, decision 012): `shortUrl` the 22-character id, `url` the
 * full /q/{shortUrl} address built from PUBLIC_URL; `isActive` false once revoked or expired.
 */
export const RecipientLinkSchema = z
  .object({
    shortUrl: z.string(),
    url: z.string(),
    expiresAt: z.iso.datetime().nullable(),
    revokedAt: z.iso.datetime().nullable(),
    isActive: z.boolean(),
    viewCount: z.number().int().min(0),
    lastViewedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'RecipientLink' });
export type RecipientLink = z.infer<typeof RecipientLinkSchema>;

/**
 * One person a request went to (PRODUCT §2 Recipient) with their state and its times.
 * `deliveryError`: why their mail or Slack message could not be delivered (user not found, DM
 * closed, token revoked…), or null; POST …/recipients/{recipientId}/email sends by email instead.
 */
export const RecipientSchema = z
  .object({
    id: z.uuid(),
    requestId: z.uuid(),
    contact: ContactRefSchema,
    channel: RecipientChannelSchema,
    state: RecipientStateSchema,
    link: RecipientLinkSchema,
    sentAt: z.iso.datetime(),
    openedAt: z.iso.datetime().nullable(),
    firstAnsweredAt: z.iso.datetime().nullable(),
    lastAnsweredAt: z.iso.datetime().nullable(),
    completedAt: z.iso.datetime().nullable(),
    remindersSent: z.number().int().min(0),
    lastRemindedAt: z.iso.datetime().nullable(),
    deliveryError: z.string().nullable(),
  })
  .meta({ id: 'Recipient' });
export type Recipient = z.infer<typeof RecipientSchema>;

/**
 * One answer (PRODUCT §2 Answer). `submittedAt`: when first given; `updatedAt`: last changed.
 * `late`: given or last changed after the due date's end. `via` MEMBER with `enteredBy` when a
 * member recorded it on the person's behalf.
 */
export const AnswerSchema = z
  .object({
    id: z.uuid(),
    recipientId: z.uuid(),
    itemId: z.uuid(),
    value: AnswerValueSchema,
    submittedAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
    late: z.boolean(),
    via: AnswerViaSchema,
    enteredBy: RequestMemberSchema.nullable(),
  })
  .meta({ id: 'Answer' });
export type Answer = z.infer<typeof AnswerSchema>;

/** GET …/question-requests/{requestId}: the request, its recipients (by name) and every answer. */
export const QuestionRequestDetailSchema = QuestionRequestSchema.extend({
  recipients: z.array(RecipientSchema),
  answers: z.array(AnswerSchema),
}).meta({ id: 'QuestionRequestDetail' });
export type QuestionRequestDetail = z.infer<typeof QuestionRequestDetailSchema>;
export const QuestionRequestDetailResponseSchema = payloadOf(QuestionRequestDetailSchema);

/** The 409 of a stale `version`: `current` holds the request as it is now. */
export const QuestionRequestConflictSchema = ErrorEnvelopeSchema.extend({ current: QuestionRequestDetailSchema.optional() }).meta({
  id: 'QuestionRequestConflict',
});

/** The path parameters of one recipient's routes. */
export const RecipientParamsSchema = QuestionRequestParamsSchema.extend({
  recipientId: z.uuid().meta({ description: 'The recipient id.' }),
});

/**
 * PUT …/recipients/{recipientId}/answers body: a member records answers on the person's behalf
 * (from a call or an email; issue #10), saved with via MEMBER and the member as `enteredBy`.
 * `value` null clears that item's answer. Each value is checked per kind (400, errorData keyed
 * `answers.{itemId}`). SENT requests only (CLOSED → 409).
 */
export const RecordAnswersBodySchema = z.object({
  answers: z
    .array(z.object({ itemId: z.uuid(), value: AnswerValueSchema.nullable() }))
    .min(1, 'Give at least one answer.')
    .max(REQUEST_ITEMS_MAX),
});
export type RecordAnswersBody = z.infer<typeof RecordAnswersBodySchema>;

/**
 * POST …/{requestId}/remind body (issue #10 "Remind now"): `recipientIds` omitted = every
 * unfinished recipient. A recipient reminded within the last hour, finished, on channel LINK
 * (no address to mail) or without an active link is skipped with its reason; asking for exactly
 * one recipient who is skipped → 429 (within the hour, with Retry-After) or 409 (the other reasons).
 */
export const RemindRecipientsBodySchema = z.object({
  recipientIds: z.array(z.uuid()).min(1).max(REQUEST_RECIPIENTS_MAX).optional(),
});
export type RemindRecipientsBody = z.infer<typeof RemindRecipientsBodySchema>;

export const RemindResultSchema = z
  .object({
    reminded: z.array(z.uuid()),
    skipped: z.array(z.object({ recipientId: z.uuid(), reason: z.string() })),
  })
  .meta({ id: 'RemindResult' });
export type RemindResult = z.infer<typeof RemindResultSchema>;
export const RemindResponseSchema = payloadOf(RemindResultSchema);

/** One opening of a recipient's link (the access log; decision 012). */
export const RecipientLinkViewSchema = z
  .object({ at: z.iso.datetime(), ipPrefix: z.string(), userAgentFamily: z.string().nullable() })
  .meta({ id: 'RecipientLinkView' });
export const ListRecipientLinkViewsResponseSchema = payloadOf(
  z.object({ items: z.array(RecipientLinkViewSchema), nextCursor: z.string().nullable() }).meta({ id: 'RecipientLinkViewPage' }),
);

// ---------------------------------------------------------------------------------------------
// Waiting on (issue #10; PRODUCT §10)

/**
 * One person who owes answers (GET v1/workspaces/{id}/waiting-on): a recipient of a SENT request
 * who has not finished, oldest request first. `daysOverdue`: whole days past the due date in the
 * request's zone (0 when not yet due or without one).
 */
export const WaitingOnSchema = z
  .object({
    recipientId: z.uuid(),
    requestId: z.uuid(),
    requestTitle: z.string(),
    contact: ContactRefSchema,
    state: RecipientStateSchema,
    /** How they got their link: only EMAIL recipients can be reminded by Tandem. */
    channel: RecipientChannelSchema,
    sentAt: z.iso.datetime(),
    dueDate: StoredCalendarDateSchema.nullable(),
    daysOverdue: z.number().int().min(0),
    remindersSent: z.number().int().min(0),
    lastRemindedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'WaitingOn' });
export type WaitingOn = z.infer<typeof WaitingOnSchema>;
export const ListWaitingOnQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(25).meta({ description: 'How many people to return, 1–100 (default 25).' }),
  cursor: z.string().min(1).max(500).optional().meta({ description: 'The `nextCursor` of the previous page; omit for the first page.' }),
});
export const WaitingOnPageSchema = z
  .object({ items: z.array(WaitingOnSchema), nextCursor: z.string().nullable() })
  .meta({ id: 'WaitingOnPage' });
export type WaitingOnPage = z.infer<typeof WaitingOnPageSchema>;
export const ListWaitingOnResponseSchema = payloadOf(WaitingOnPageSchema);

/** A newest answer as the dashboard lists it: who finished or changed answers to which request, when. */
export const NewAnswerSchema = z
  .object({
    recipientId: z.uuid(),
    requestId: z.uuid(),
    requestTitle: z.string(),
    contact: ContactRefSchema,
    state: RecipientStateSchema,
    answeredAt: z.iso.datetime(),
    late: z.boolean(),
  })
  .meta({ id: 'NewAnswer' });
export type NewAnswer = z.infer<typeof NewAnswerSchema>;

// ---------------------------------------------------------------------------------------------
// The public answer page (/q/{shortUrl}; GET/PUT/POST v1/public/questions/{shortUrl}…)

export const PublicQuestionParamsSchema = z.object({
  shortUrl: z.string().max(64).meta({ description: 'The recipient link id (22 base62 characters).' }),
});
export const PublicAnswerParamsSchema = PublicQuestionParamsSchema.extend({
  itemId: z.uuid().meta({ description: 'The question (item) id.' }),
});

/** One of the recipient's own answers, as their page shows it. */
export const PublicAnswerSchema = z
  .object({ itemId: z.uuid(), value: AnswerValueSchema, updatedAt: z.iso.datetime(), late: z.boolean() })
  .meta({ id: 'PublicAnswer' });
export type PublicAnswer = z.infer<typeof PublicAnswerSchema>;

/**
 * What /q/{shortUrl} shows (issue #10): the request's title, context, items and due date, who asks
 * (`askedBy`: the author's first name and the workspace name), the recipient's first name, their
 * own answers and state, and their thread with the office. Nothing about other recipients.
 * `isClosed`: answers are read-only.
 */
export const PublicQuestionPageSchema = z
  .object({
    title: z.string(),
    context: z.string(),
    items: z.array(QuestionItemSchema),
    dueDate: StoredCalendarDateSchema.nullable(),
    askedBy: z.object({ firstName: z.string().nullable(), workspaceName: z.string() }),
    recipientFirstName: z.string(),
    state: RecipientStateSchema,
    completedAt: z.iso.datetime().nullable(),
    isClosed: z.boolean(),
    answers: z.array(PublicAnswerSchema),
    messages: z.array(ChatMessageSchema.omit({ member: true }).extend({ authorFirstName: z.string().nullable() })),
  })
  .meta({ id: 'PublicQuestionPage' });
export type PublicQuestionPage = z.infer<typeof PublicQuestionPageSchema>;
export const PublicQuestionPageResponseSchema = payloadOf(PublicQuestionPageSchema);

/**
 * PUT v1/public/questions/{shortUrl}/answers/{itemId} body: the recipient's answer to one item,
 * saved at once (`value` null clears it). 400 with errorData.value when it does not fit the kind;
 * 409 when the request is closed; 410 when the link is revoked or expired.
 */
export const SavePublicAnswerBodySchema = z.object({ value: AnswerValueSchema.nullable() });
export type SavePublicAnswerBody = z.infer<typeof SavePublicAnswerBodySchema>;

/** The answer to a save or submit: the recipient's state and answers after it. */
export const PublicAnswersStateSchema = z
  .object({ state: RecipientStateSchema, completedAt: z.iso.datetime().nullable(), answers: z.array(PublicAnswerSchema) })
  .meta({ id: 'PublicAnswersState' });
export type PublicAnswersState = z.infer<typeof PublicAnswersStateSchema>;
export const PublicAnswersStateResponseSchema = payloadOf(PublicAnswersStateSchema);

/**
 * POST v1/public/questions/{shortUrl}/submit: "I'm done". 400 VALIDATION_FAILED with errorData
 * keyed by item id when a required item has no answer; the recipient is then ANSWERED.
 */
export const SubmitPublicAnswersBodySchema = z.object({}).strict().nullish();

/** POST v1/public/questions/{shortUrl}/messages body: the recipient writes to the office. */
export const PostPublicMessageBodySchema = z.object({ body: ChatMessageBodySchema });
export type PostPublicMessageBody = z.infer<typeof PostPublicMessageBodySchema>;
export const PublicMessageResponseSchema = payloadOf(PublicQuestionPageSchema.shape.messages.element);

// ---------------------------------------------------------------------------------------------
// Live events

/**
 * The `question` workspace event: a request was created, edited, sent, closed or deleted, or a
 * recipient's state or answers changed (`answers`, with `recipientId`), or a recipient was
 * reminded or their link revoked (`recipient`). Sent to members who may see questions (not GUESTs).
 */
export const QuestionEventSchema = z
  .object({
    type: z.literal('question'),
    workspaceId: z.uuid(),
    requestId: z.uuid(),
    action: z.enum(['created', 'updated', 'sent', 'closed', 'deleted', 'answers', 'recipient']),
    recipientId: z.uuid().nullable(),
    version: z.number().int(),
    actorMemberId: z.uuid().nullable(),
  })
  .meta({ id: 'QuestionEvent' });
export type QuestionEvent = z.infer<typeof QuestionEventSchema>;
