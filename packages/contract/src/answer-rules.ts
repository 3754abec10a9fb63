import type { AnswerValue, QuestionItem } from './questions.js';
import { isCalendarDate } from './calendar-dates.js';
import { OPEN_TEXT_ANSWER_MAX } from './vocabulary/questions.js';

// The answer rules without zod (issue #13, decision 031): the public answer page checks each answer
// with them before any schema has loaded; questions.ts re-exports them.

/**
 * Checks `value` against `item` (issue #10 "validated per item kind"). The one rule, used by the
 * public page, answers on someone's behalf and the web form.
 * @returns the value as stored (text trimmed, choices in the options' order), or `{ error }` with
 * a message for the person answering.
 */
export function validateAnswer(item: QuestionItem, value: AnswerValue): { value: AnswerValue } | { error: string } {
  switch (item.kind) {
    case 'OPEN_TEXT': {
      if (typeof value !== 'string') return { error: 'Write your answer as text.' };
      const text = value.trim();
      if (text.length === 0) return { error: 'Write an answer, or leave the question empty.' };
      if (text.length > OPEN_TEXT_ANSWER_MAX)
        return { error: `An answer can be at most ${OPEN_TEXT_ANSWER_MAX.toLocaleString('en-US')} characters.` };
      return { value: text };
    }
    case 'SINGLE_CHOICE':
      if (typeof value !== 'string' || !item.options.includes(value)) return { error: 'Choose one of the options.' };
      return { value };
    case 'MULTI_CHOICE': {
      if (!Array.isArray(value) || value.length === 0) return { error: 'Choose at least one option.' };
      if (new Set(value).size !== value.length) return { error: 'Choose each option only once.' };
      if (value.some((choice) => !item.options.includes(choice))) return { error: 'Choose among the options given.' };
      return { value: item.options.filter((option) => value.includes(option)) };
    }
    case 'SCALE_1_5':
      if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > 5) return { error: 'Choose a number from 1 to 5.' };
      return { value };
    case 'YES_NO':
      if (typeof value !== 'boolean') return { error: 'Answer yes or no.' };
      return { value };
    case 'DATE':
      if (typeof value !== 'string' || !isCalendarDate(value)) return { error: 'Enter a date as YYYY-MM-DD.' };
      return { value };
  }
}

/** An answer's value as one line of text (CSV export, the timeline, mails): options joined by "; ". */
export function answerText(item: Pick<QuestionItem, 'kind'>, value: AnswerValue): string {
  if (Array.isArray(value)) return value.join('; ');
  if (item.kind === 'YES_NO') return value === true ? 'Yes' : 'No';
  return String(value);
}
