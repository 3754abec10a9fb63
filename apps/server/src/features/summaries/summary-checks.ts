import {
  SUMMARY_ACTION_ITEM_MAX,
  SUMMARY_ACTION_ITEMS_MAX,
  SUMMARY_KEY_POINT_MAX,
  SUMMARY_KEY_POINTS_MAX,
  SUMMARY_QUOTE_MAX,
  SUMMARY_QUOTES_MAX,
  SUMMARY_SYNTHESIS_MAX,
  countWords,
  summaryWordBudget,
} from '@tandem/contract';

/**
 * What a summary's content is checked against: the answers of its scope (the snapshot; quotes are
 * checked against these texts) and the questions of its scope.
 */
export interface CheckSources {
  answers: readonly { id: string; itemId: string; contactId: string; text: string }[];
  items: readonly { requestId: string; itemId: string }[];
}

/** The content under check: a provider's proposal, a PUT body, or a stored summary. */
export interface CheckedContent {
  keyPoints: readonly { text: string; answerIds: readonly string[] }[];
  perQuestion: readonly { itemId: string; requestId?: string; synthesis: string; dissentAnswerIds?: readonly string[] }[];
  quotes: readonly { answerId: string; text: string }[];
  actionItems: readonly { text: string; answerIds: readonly string[] }[];
  redactions?: readonly ({ kind: 'NAME'; contactId: string } | { kind: 'TEXT'; text: string })[];
}

export interface CheckRules {
  /** Every key point cites at least one answer (generation and publishing; a DRAFT may be saved without). */
  requireCitations: boolean;
  /** The summary's own words stay within {@link summaryWordBudget} (generation and publishing). */
  enforceBudget: boolean;
}

/** Problems by field path ("keyPoints.2.answerIds", "quotes.0.text", "words"…); empty = none. */
export type SummaryProblems = Record<string, string>;

/** The summary's own words (contract countWords): key points, syntheses and action items; quotes aside. */
export function countSummaryWords(content: Pick<CheckedContent, 'keyPoints' | 'perQuestion' | 'actionItems'>): number {
  const texts = [
    ...content.keyPoints.map((point) => point.text),
    ...content.perQuestion.map((spread) => spread.synthesis),
    ...content.actionItems.map((item) => item.text),
  ];
  return texts.reduce((sum, text) => sum + countWords(text), 0);
}

/** The answers' words and the summary's budget (contract summaryWordBudget). */
export function wordFiguresOf(answers: readonly { text: string }[]): { answers: number; budget: number } {
  const words = answers.reduce((sum, answer) => sum + countWords(answer.text), 0);
  return { answers: words, budget: summaryWordBudget(words) };
}

/**
 * The one check of a summary's content (issue #11 "structural guarantees"), for a provider's
 * proposal, an edit and publishing alike:
 * - every cited answer id (key points, action items, quotes, dissent) is an answer of the sources;
 *   dissent only among the answers of its own question;
 * - every quote is a verbatim substring of its answer's text (character for character), 1–1,000
 *   characters, at most 30 quotes;
 * - at most 10 key points, 20 action items; texts within the contract's maxima; per-question
 *   entries are questions of the sources, each once;
 * - NAME redactions name people of the sources;
 * - with `requireCitations`, every key point cites an answer; with `enforceBudget`, the words stay
 *   within the budget.
 * Pure; no I/O.
 */
export function findContentProblems(content: CheckedContent, sources: CheckSources, rules: CheckRules): SummaryProblems {
  const problems: SummaryProblems = {};
  const add = (path: string, message: string) => {
    problems[path] ??= message;
  };
  const answers = new Map(sources.answers.map((answer) => [answer.id, answer]));
  const outside = (ids: readonly string[]) => ids.some((id) => !answers.has(id));
  const outsideMessage = 'Cite only answers of this summary’s scope.';

  if (content.keyPoints.length > SUMMARY_KEY_POINTS_MAX) add('keyPoints', `A summary has at most ${SUMMARY_KEY_POINTS_MAX} key points.`);
  content.keyPoints.forEach((point, index) => {
    if (point.text.trim().length === 0) add(`keyPoints.${index}.text`, 'Write the key point.');
    else if (point.text.length > SUMMARY_KEY_POINT_MAX)
      add(`keyPoints.${index}.text`, `A key point can be at most ${SUMMARY_KEY_POINT_MAX} characters.`);
    if (outside(point.answerIds)) add(`keyPoints.${index}.answerIds`, outsideMessage);
    else if (rules.requireCitations && point.answerIds.length === 0)
      add(`keyPoints.${index}.answerIds`, 'Cite at least one answer this key point rests on.');
  });

  const items = new Map(sources.items.map((item) => [item.itemId, item]));
  const seenItems = new Set<string>();
  content.perQuestion.forEach((spread, index) => {
    const item = items.get(spread.itemId);
    if (!item || (spread.requestId !== undefined && spread.requestId !== item.requestId)) {
      add(`perQuestion.${index}.itemId`, 'This question is not in the summary’s scope.');
      return;
    }
    if (seenItems.has(spread.itemId)) add(`perQuestion.${index}.itemId`, 'This question is listed twice.');
    seenItems.add(spread.itemId);
    if (spread.synthesis.length > SUMMARY_SYNTHESIS_MAX)
      add(`perQuestion.${index}.synthesis`, `A synthesis can be at most ${SUMMARY_SYNTHESIS_MAX} characters.`);
    if ((spread.dissentAnswerIds ?? []).some((id) => answers.get(id)?.itemId !== spread.itemId))
      add(`perQuestion.${index}.dissentAnswerIds`, 'Dissent can only name answers to this question.');
  });

  if (content.quotes.length > SUMMARY_QUOTES_MAX) add('quotes', `A summary has at most ${SUMMARY_QUOTES_MAX} quotes.`);
  content.quotes.forEach((quote, index) => {
    const answer = answers.get(quote.answerId);
    if (!answer) add(`quotes.${index}.answerId`, outsideMessage);
    if (quote.text.length === 0) add(`quotes.${index}.text`, 'A quote cannot be empty.');
    else if (quote.text.length > SUMMARY_QUOTE_MAX) add(`quotes.${index}.text`, `A quote can be at most ${SUMMARY_QUOTE_MAX} characters.`);
    else if (answer && !answer.text.includes(quote.text))
      add(`quotes.${index}.text`, 'A quote must be the answer’s words exactly, character for character.');
  });

  if (content.actionItems.length > SUMMARY_ACTION_ITEMS_MAX)
    add('actionItems', `A summary has at most ${SUMMARY_ACTION_ITEMS_MAX} action items.`);
  content.actionItems.forEach((item, index) => {
    if (item.text.trim().length === 0) add(`actionItems.${index}.text`, 'Write the action item.');
    else if (item.text.length > SUMMARY_ACTION_ITEM_MAX)
      add(`actionItems.${index}.text`, `An action item can be at most ${SUMMARY_ACTION_ITEM_MAX} characters.`);
    if (outside(item.answerIds)) add(`actionItems.${index}.answerIds`, outsideMessage);
  });

  const people = new Set(sources.answers.map((answer) => answer.contactId));
  (content.redactions ?? []).forEach((redaction, index) => {
    if (redaction.kind === 'NAME' && !people.has(redaction.contactId))
      add(`redactions.${index}.contactId`, 'Choose a person whose answers this summary covers.');
  });

  if (rules.enforceBudget) {
    const { budget } = wordFiguresOf(sources.answers);
    const words = countSummaryWords(content);
    if (words > budget) add('words', `The summary uses ${words} words of its own; keep it to ${budget} (half the answers’ words).`);
  }
  return problems;
}

/**
 * The generation check (ai-service GenerationTask.check): the first problem of a provider's
 * proposal as one line, or null when it can be used. A proposal must cite for every key point and
 * keep the budget.
 */
export function describeProposalProblem(content: CheckedContent, sources: CheckSources): string | null {
  const [first] = Object.entries(findContentProblems(content, sources, { requireCitations: true, enforceBudget: true }));
  return first ? `${first[0]}: ${first[1]}` : null;
}
