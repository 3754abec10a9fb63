import { validateAnswer, type AnswerValue, type ItemKind, type PublicAnswer, type QuestionItem } from '@tandem/contract';

/** Kinds typed character by character: saved after a pause ({@link TEXT_SAVE_DELAY_MS}) or on blur; the others at once. */
export const TYPED_KINDS: readonly ItemKind[] = ['OPEN_TEXT'];

/** How long typing pauses before a text answer is saved, in ms (issue #10 "saved as it is given"). */
export const TEXT_SAVE_DELAY_MS = 700;

/** Item id → the recipient's answer, from the server's answers. Pure. */
export function toAnswerMap(answers: readonly PublicAnswer[]): Record<string, AnswerValue> {
  return Object.fromEntries(answers.map((answer) => [answer.itemId, answer.value]));
}

/** True when `value` counts as an answer (not null, not blank text, not an empty choice list). Pure. */
export function hasAnswer(value: AnswerValue | null | undefined): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return value.length > 0;
  return true;
}

/**
 * What to send for `value` of `item`: null (clear) for no answer, else the value when it fits the
 * kind (contract validateAnswer, the server's own rule), or the message to show instead. Pure.
 */
export function prepareAnswer(item: QuestionItem, value: AnswerValue | null): { value: AnswerValue | null } | { error: string } {
  if (!hasAnswer(value)) return { value: null };
  return validateAnswer(item, value as AnswerValue);
}

/** Two answer values are the same answer (arrays compared item by item). Pure. */
export function isSameAnswer(a: AnswerValue | null | undefined, b: AnswerValue | null | undefined): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((entry, index) => entry === b[index]);
  return (a ?? null) === (b ?? null);
}
