import { z } from 'zod';
import { payloadOf } from './envelope.js';
import { ErrorEnvelopeSchema } from './errors.js';
import { ITEM_PROMPT_MAX, ItemKindSchema, QuestionItemInputSchema, REQUEST_ITEMS_MAX } from './questions.js';
import { DRAFT_INSTRUCTIONS_MAX, GENERATE_AUDIENCE_MAX, GENERATE_COUNT_DEFAULT, GENERATE_GOAL_MAX } from './vocabulary/ai.js';

export * from './vocabulary/ai.js';

/**
 * AI assistance (issue #11; PRODUCT §9): question generation, summaries and brief drafting go
 * through one provider interface. BUILT_IN runs offline inside the server (deterministic, no key);
 * MODEL is an OpenAI-compatible endpoint (AI_BASE_URL / AI_API_KEY / AI_MODEL).
 */
export const aiProviderKinds = ['BUILT_IN', 'MODEL'] as const;
export const AiProviderKindSchema = z.enum(aiProviderKinds);
export type AiProviderKind = z.infer<typeof AiProviderKindSchema>;

/**
 * Which provider produced a generation. `fellBack`: the model was configured but failed (error,
 * timeout, invalid output, a citation or quote that did not check out) and the built-in provider
 * answered instead; `fallbackReason` says why in words a user can read (issue #11 "a visible
 * fall-back").
 */
export const AiProviderInfoSchema = z
  .object({
    kind: AiProviderKindSchema,
    model: z.string().nullable(),
    fellBack: z.boolean(),
    fallbackReason: z.string().nullable(),
  })
  .meta({ id: 'AiProviderInfo' });
export type AiProviderInfo = z.infer<typeof AiProviderInfoSchema>;

/** What AI generations count against (PRODUCT §8): one per generate / update / draft call that answers. */
export const aiGenerationKinds = ['QUESTIONS', 'SUMMARY', 'BRIEF_DRAFT'] as const;
export const AiGenerationKindSchema = z.enum(aiGenerationKinds);
export type AiGenerationKind = z.infer<typeof AiGenerationKindSchema>;

/**
 * GET v1/workspaces/{id}/ai: the provider in use and this month's usage (months in UTC; `limit`
 * null = unlimited). Any member but a GUEST may read it.
 */
export const AiStatusSchema = z
  .object({
    provider: AiProviderKindSchema,
    model: z.string().nullable(),
    usage: z.object({ used: z.number().int().min(0), limit: z.number().int().min(0).nullable(), resetsAt: z.iso.datetime() }),
  })
  .meta({ id: 'AiStatus' });
export type AiStatus = z.infer<typeof AiStatusSchema>;
export const AiStatusResponseSchema = payloadOf(AiStatusSchema);

// ---------------------------------------------------------------------------------------------
// Progress of a generation (streamed)

// GENERATION_EVENT_STREAM (how a generation streams its progress): vocabulary/ai.ts.

/**
 * One `progress` event: `stage` a stable key (e.g. "reading", "grouping", "quoting", "checking",
 * "model"), `message` what a user reads ("Reading 42 answers…"), `partialText` the model's text
 * so far when it streams, `fraction` 0–1 when known.
 */
export const GenerationProgressSchema = z
  .object({
    stage: z.string(),
    message: z.string(),
    partialText: z.string().optional(),
    fraction: z.number().min(0).max(1).optional(),
  })
  .meta({ id: 'GenerationProgress' });
export type GenerationProgress = z.infer<typeof GenerationProgressSchema>;

/** The `error` event of a streamed generation: the error envelope and its HTTP status. */
export const GenerationErrorEventSchema = ErrorEnvelopeSchema.extend({ status: z.number().int() }).meta({ id: 'GenerationErrorEvent' });
export type GenerationErrorEvent = z.infer<typeof GenerationErrorEventSchema>;

// ---------------------------------------------------------------------------------------------
// Question generation (/questions/generate)

/**
 * POST v1/workspaces/{id}/questions/generate (issue #11): `goal` what the executive needs to know;
 * the audience as chosen people (`contactIds`) and/or words (`audienceDescription`); `count` how
 * many questions to propose (1–20).
 */
export const GenerateQuestionsBodySchema = z.object({
  goal: z
    .string({ error: 'Say what you need to find out.' })
    .trim()
    .min(3, 'Say what you need to find out.')
    .max(GENERATE_GOAL_MAX, `Keep the goal to ${GENERATE_GOAL_MAX} characters.`),
  audienceDescription: z
    .string()
    .trim()
    .max(GENERATE_AUDIENCE_MAX, `Keep the audience to ${GENERATE_AUDIENCE_MAX} characters.`)
    .default(''),
  contactIds: z.array(z.uuid()).max(100, 'Choose at most 100 people.').default([]),
  count: z
    .number({ error: 'Choose how many questions, 1 to 20.' })
    .int()
    .min(1, 'Ask for at least 1 question.')
    .max(REQUEST_ITEMS_MAX, `Ask for at most ${REQUEST_ITEMS_MAX} questions.`)
    .default(GENERATE_COUNT_DEFAULT),
});
export type GenerateQuestionsBody = z.infer<typeof GenerateQuestionsBodySchema>;
export type GenerateQuestionsInput = z.input<typeof GenerateQuestionsBodySchema>;

/**
 * An earlier question the same people were asked within {@link REPEAT_QUESTION_DAYS} days: the
 * request, the item, when it was sent and which of the chosen people got it.
 */
export const RepeatOfSchema = z
  .object({
    requestId: z.uuid(),
    requestTitle: z.string(),
    itemId: z.uuid(),
    prompt: z.string(),
    sentAt: z.iso.datetime(),
    contactIds: z.array(z.uuid()),
  })
  .meta({ id: 'RepeatOf' });
export type RepeatOf = z.infer<typeof RepeatOfSchema>;

/**
 * A proposed question: a valid composer item (contract QuestionItemInput: kind, 2–20 options for
 * choice kinds) with a one-line `reason` and `repeatOf` when it repeats a recent question.
 */
export const GeneratedQuestionSchema = z
  .object({
    prompt: z.string().max(ITEM_PROMPT_MAX),
    kind: ItemKindSchema,
    options: z.array(z.string()),
    required: z.boolean(),
    reason: z.string(),
    repeatOf: RepeatOfSchema.nullable(),
  })
  .meta({ id: 'GeneratedQuestion' });
export type GeneratedQuestion = z.infer<typeof GeneratedQuestionSchema>;

/** The generation's answer: the proposed items and who proposed them. */
export const GeneratedQuestionsSchema = z
  .object({ items: z.array(GeneratedQuestionSchema), provider: AiProviderInfoSchema })
  .meta({ id: 'GeneratedQuestions' });
export type GeneratedQuestions = z.infer<typeof GeneratedQuestionsSchema>;
export const GeneratedQuestionsResponseSchema = payloadOf(GeneratedQuestionsSchema);

/** Whether a proposed question is a valid composer item as it stands (the web checks before "Continue"). */
export function isComposerItem(question: Pick<GeneratedQuestion, 'prompt' | 'kind' | 'options' | 'required'>): boolean {
  return QuestionItemInputSchema.safeParse(question).success;
}

// ---------------------------------------------------------------------------------------------
// Brief drafting ("Draft with AI" on a section)

/** POST v1/workspaces/{id}/briefs/{briefId}/draft: draft one section from the office's own sources. */
export const DraftBriefSectionBodySchema = z.object({
  sectionId: z.uuid({ error: 'Choose the section to draft.' }),
  instructions: z.string().trim().max(DRAFT_INSTRUCTIONS_MAX, `Keep the instructions to ${DRAFT_INSTRUCTIONS_MAX} characters.`).default(''),
});
export type DraftBriefSectionBody = z.infer<typeof DraftBriefSectionBodySchema>;

export const draftSourceTypes = ['ANSWER', 'BRIEF', 'TASK'] as const;
export const DraftSourceTypeSchema = z.enum(draftSourceTypes);
export type DraftSourceType = z.infer<typeof DraftSourceTypeSchema>;

/**
 * A source a drafted sentence rests on: an answer (with its request and person), an earlier brief's
 * section, or a task linked to an attendee. `label` names it for a reader ("Sarah Chen on Q3
 * budget", "Board prep — Risks", "Task: Send the deck"); `excerpt` is the source's own text the
 * sentence came from.
 */
export const DraftSourceSchema = z
  .object({
    id: z.string(),
    type: DraftSourceTypeSchema,
    label: z.string(),
    excerpt: z.string(),
    answerId: z.uuid().nullable(),
    requestId: z.uuid().nullable(),
    briefId: z.uuid().nullable(),
    taskId: z.uuid().nullable(),
  })
  .meta({ id: 'DraftSource' });
export type DraftSource = z.infer<typeof DraftSourceSchema>;

/** One drafted sentence and the sources it rests on (never none: no source, no sentence). */
export const DraftSentenceSchema = z.object({ text: z.string(), sourceIds: z.array(z.string()).min(1) }).meta({ id: 'DraftSentence' });
export type DraftSentence = z.infer<typeof DraftSentenceSchema>;

/**
 * A proposed section body. Nothing is written into the brief: the assistant accepts (the web then
 * saves `markdown` into the section the usual way), edits or discards it. `sentences` may be
 * empty when no source speaks to the section (`markdown` is then "").
 */
export const BriefSectionDraftSchema = z
  .object({
    sectionId: z.uuid(),
    sentences: z.array(DraftSentenceSchema),
    sources: z.array(DraftSourceSchema),
    markdown: z.string(),
    provider: AiProviderInfoSchema,
  })
  .meta({ id: 'BriefSectionDraft' });
export type BriefSectionDraft = z.infer<typeof BriefSectionDraftSchema>;
export const BriefSectionDraftResponseSchema = payloadOf(BriefSectionDraftSchema);
