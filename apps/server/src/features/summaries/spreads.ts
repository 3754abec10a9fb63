import type { AnswerValue, ItemKind, QuestionSpread } from '@tandem/contract';

/** A question of a summary's scope as the spread needs it. */
export interface SpreadQuestion {
  requestId: string;
  requestTitle: string;
  itemId: string;
  prompt: string;
  kind: ItemKind;
  options: readonly string[];
}

/** One answer to that question. */
export interface SpreadAnswer {
  id: string;
  value: AnswerValue;
}

/** The labels a structured question is counted under, in display order (contract QuestionSpread.counts). */
function labelsOf(question: SpreadQuestion): string[] {
  switch (question.kind) {
    case 'SINGLE_CHOICE':
    case 'MULTI_CHOICE':
      return [...question.options];
    case 'YES_NO':
      return ['Yes', 'No'];
    case 'SCALE_1_5':
      return ['1', '2', '3', '4', '5'];
    default:
      return [];
  }
}

/** Whether `value` counts under `label` for a question of `kind`. */
function chooses(kind: ItemKind, value: AnswerValue, label: string): boolean {
  switch (kind) {
    case 'SINGLE_CHOICE':
      return value === label;
    case 'MULTI_CHOICE':
      return Array.isArray(value) && value.includes(label);
    case 'YES_NO':
      return value === (label === 'Yes');
    case 'SCALE_1_5':
      return typeof value === 'number' && String(value) === label;
    default:
      return false;
  }
}

/** The median of sorted numbers (the mean of the two middle ones for an even count). */
function medianOf(sorted: number[]): number {
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * The spread of one question, computed by code and never by a model (issue #11 "counts computed";
 * contract QuestionSpread):
 * - `counts`: every option in the item's order (SINGLE/MULTI_CHOICE; a multi-choice answer counts
 *   once under each option it chose), "Yes"/"No" (YES_NO) or "1".."5" (SCALE_1_5); empty otherwise.
 * - `average`: SCALE_1_5 only, rounded to 2 decimals; null without answers or for other kinds.
 * - `dissentAnswerIds`: choice and yes/no kinds: when one label is chosen by a strict majority
 *   (more than half of the answers), the answers that did not choose it; SCALE_1_5: the answers 2
 *   or more from the median; OPEN_TEXT: `openTextDissent` (the provider's), kept to answers of this
 *   question; DATE: none.
 * `asked` is passed in (recipients of the request in scope); `answered` is `answers.length`.
 */
export function computeSpread(
  question: SpreadQuestion,
  answers: readonly SpreadAnswer[],
  asked: number,
  openTextDissent: readonly string[] = [],
): Omit<QuestionSpread, 'synthesis'> {
  const counts = labelsOf(question).map((label) => ({
    label,
    count: answers.filter((answer) => chooses(question.kind, answer.value, label)).length,
  }));
  let average: number | null = null;
  let dissentAnswerIds: string[] = [];
  if (question.kind === 'SCALE_1_5') {
    const values = answers.map((answer) => Number(answer.value));
    if (values.length > 0) {
      average = Math.round((values.reduce((sum, value) => sum + value, 0) / values.length) * 100) / 100;
      const median = medianOf([...values].sort((a, b) => a - b));
      dissentAnswerIds = answers.filter((answer) => Math.abs(Number(answer.value) - median) >= 2).map((answer) => answer.id);
    }
  } else if (counts.length > 0) {
    const top = counts.reduce((best, entry) => (entry.count > best.count ? entry : best), counts[0]!);
    if (top.count * 2 > answers.length) {
      dissentAnswerIds = answers.filter((answer) => !chooses(question.kind, answer.value, top.label)).map((answer) => answer.id);
    }
  } else if (question.kind === 'OPEN_TEXT') {
    const ids = new Set(answers.map((answer) => answer.id));
    dissentAnswerIds = [...new Set(openTextDissent)].filter((id) => ids.has(id));
  }
  return {
    requestId: question.requestId,
    requestTitle: question.requestTitle,
    itemId: question.itemId,
    prompt: question.prompt,
    kind: question.kind,
    asked,
    answered: answers.length,
    counts,
    average,
    dissentAnswerIds,
  };
}
