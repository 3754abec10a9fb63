import type { AiProviderKind, DraftSourceType, GenerationProgress, ItemKind } from '@tandem/contract';

/**
 * The one provider interface of issue #11 (PRODUCT §9): question generation, summaries and brief
 * drafting. Two implementations: the built-in offline provider (built-in/, deterministic, no key)
 * and the OpenAI-compatible model (model-provider.ts). Providers only propose: callers check every
 * citation and quote against the sources they passed in (summaries/summary-checks.ts), and counts
 * are computed by code, never asked of a provider.
 */
export interface AiProvider {
  readonly kind: AiProviderKind;
  /** The model's name (AI_MODEL), null for the built-in provider. */
  readonly model: string | null;
  generateQuestions(input: GenerateQuestionsTask, options: GenerationOptions): Promise<ProposedQuestion[]>;
  summarizeAnswers(input: SummarizeTask, options: GenerationOptions): Promise<SummaryProposal>;
  draftBriefSection(input: DraftSectionTask, options: GenerationOptions): Promise<SectionDraftProposal>;
}

/** What every provider call gets: a signal that aborts it (cancel, timeout) and a progress sink. */
export interface GenerationOptions {
  signal: AbortSignal;
  onProgress: (progress: GenerationProgress) => void;
}

// ---------------------------------------------------------------------------------------------
// Question generation

export interface GenerateQuestionsTask {
  /** What the executive needs to find out (trimmed, 3–1,000 characters). */
  goal: string;
  /** The audience in words: the description given and/or the chosen people's titles and companies. */
  audience: string;
  /** How many questions to propose, 1–20. */
  count: number;
}

/**
 * One proposed question. It must be a valid composer item (contract QuestionItemInputSchema:
 * choice kinds 2–20 distinct options, other kinds none); `reason` is one line on why it helps the goal.
 */
export interface ProposedQuestion {
  prompt: string;
  kind: ItemKind;
  options: string[];
  required: boolean;
  reason: string;
}

// ---------------------------------------------------------------------------------------------
// Summaries

/** A question of the scope (one item of one request). */
export interface QuestionForAi {
  requestId: string;
  requestTitle: string;
  itemId: string;
  prompt: string;
  kind: ItemKind;
  options: string[];
}

/** An answer of the scope: `text` is contract answerText of its value; `name` the person's full name. */
export interface AnswerForAi {
  id: string;
  requestId: string;
  itemId: string;
  contactId: string;
  name: string;
  text: string;
}

export interface SummarizeTask {
  title: string;
  questions: QuestionForAi[];
  answers: AnswerForAi[];
  /** At most this many key points (contract SUMMARY_KEY_POINTS_MAX). */
  maxKeyPoints: number;
  /** At most this many words of its own over key points, syntheses and action items (contract summaryWordBudget). */
  maxWords: number;
}

/**
 * What a provider proposes for a summary. Every `answerIds` entry must be an id of the task's
 * answers; every quote's `text` a verbatim substring of its answer's `text`; every key point cites
 * at least one answer. `perQuestion` holds a synthesis per question (by itemId) and, for open
 * text, the answers that disagree with most (`dissentAnswerIds`).
 */
export interface SummaryProposal {
  keyPoints: { text: string; answerIds: string[] }[];
  perQuestion: { itemId: string; synthesis: string; dissentAnswerIds: string[] }[];
  quotes: { answerId: string; text: string }[];
  actionItems: { text: string; answerIds: string[] }[];
}

// ---------------------------------------------------------------------------------------------
// Brief drafting

/** A source a brief section may be drafted from (answers, earlier briefs' sections, tasks). */
export interface SourceForAi {
  /** Stable within one task, e.g. "answer:{id}", "brief:{briefId}:{sectionId}", "task:{id}". */
  id: string;
  type: DraftSourceType;
  label: string;
  text: string;
}

export interface DraftSectionTask {
  briefTitle: string;
  heading: string;
  /** The template's guidance for the section, if any. */
  guidance: string;
  /** What the assistant asked for, if anything. */
  instructions: string;
  sources: SourceForAi[];
  /** At most this many sentences. */
  maxSentences: number;
}

/** Sentences, each resting on at least one of the task's source ids (no source, no sentence). */
export interface SectionDraftProposal {
  sentences: { text: string; sourceIds: string[] }[];
}
