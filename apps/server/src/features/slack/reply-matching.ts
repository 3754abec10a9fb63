import { format, isValid, parse } from 'date-fns';
import { OPEN_TEXT_ANSWER_MAX, isCalendarDate, validateAnswer, type AnswerValue, type QuestionItem } from '@tandem/contract';

/**
 * Turning a person's reply in a question's Slack thread into that item's answer (issue #12 "a
 * reply to a question's message becomes that item's answer (OPEN_TEXT) or is matched to an option
 * (SINGLE_CHOICE, YES_NO, SCALE_1_5) with a confirmation"). Pure: text in, value (or null) out;
 * every value returned passes the contract's validateAnswer.
 */

/**
 * Slack's message text with its three escaped characters restored (https://api.slack.com/reference/surfaces/formatting#escaping):
 * `&lt;`, `&gt;`, `&amp;` (the last one last, so "&amp;lt;" stays "&lt;").
 */
export function decodeSlackText(text: string): string {
  return text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}

/** Text for Slack's mrkdwn with a person's words inert: &, < and > escaped, so they make no mention or link. */
export function escapeMrkdwn(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

const YES_WORDS = new Set([
  'yes',
  'y',
  'yeah',
  'yea',
  'yep',
  'yup',
  'ya',
  'sure',
  'ok',
  'okay',
  'absolutely',
  'definitely',
  'correct',
  'true',
  'affirmative',
  '+1',
  'thumbsup',
  '👍',
  'oui',
  'ja',
  'si',
  'sí',
]);
const NO_WORDS = new Set(['no', 'n', 'nope', 'nah', 'nay', 'never', 'negative', 'false', 'thumbsdown', '👎', 'non', 'nein']);
/** Words that say yes or no even when more words follow ("yes I can"); "no" needs punctuation after it ("no idea" is no answer). */
const STRONG_WORDS = new Map<string, boolean>([
  ['yes', true],
  ['yeah', true],
  ['yep', true],
  ['yup', true],
  ['sure', true],
  ['absolutely', true],
  ['definitely', true],
  ['nope', false],
  ['nah', false],
]);
const NUMBER_WORDS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5 };

/** Lower case, inner white space collapsed, surrounding punctuation dropped. */
function normalise(text: string): string {
  return text
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/^[\s"'“”‘’.,;:!?()[\]-]+|[\s"'“”‘’.,;:!?()[\]-]+$/g, '');
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Whether `word` (a phrase) occurs in `text` as whole words. */
const containsWords = (text: string, word: string) =>
  new RegExp(`(^|[^\\p{L}\\p{N}])${escapeRegExp(word)}($|[^\\p{L}\\p{N}])`, 'u').test(text);

/** "2", "2.", "#2", "option 2", "(2)" → 2; else null. */
function optionNumber(text: string): number | null {
  const match = /^(?:option|number|no\.?|#)?\s*#?(\d{1,2})\.?\)?$/.exec(text);
  return match ? Number(match[1]) : null;
}

/**
 * One option of `options` for `text`: its number (1-based), its label (case-insensitive), or —
 * when exactly one option fits — a prefix of a label, or a label named as whole words in the reply
 * (or the reply's words inside one label). Null when nothing or several fit.
 */
export function matchOption(options: readonly string[], text: string): string | null {
  const reply = normalise(text);
  if (reply === '') return null;
  const labels = options.map((option) => normalise(option));
  const exact = labels.indexOf(reply);
  if (exact >= 0) return options[exact]!;
  const number = optionNumber(reply);
  if (number !== null) return options[number - 1] ?? null;
  const single = (indexes: number[]) => (indexes.length === 1 ? options[indexes[0]!]! : null);
  const all = labels.map((_, index) => index);
  if (reply.length >= 2) {
    const prefixed = single(all.filter((index) => labels[index]!.startsWith(reply)));
    if (prefixed) return prefixed;
  }
  const named = all.filter((index) => labels[index] !== '' && containsWords(reply, labels[index]!));
  if (named.length > 0) return single(named);
  return reply.length >= 3 ? single(all.filter((index) => containsWords(labels[index]!, reply))) : null;
}

function matchYesNo(text: string): boolean | null {
  const reply = normalise(text);
  if (YES_WORDS.has(reply)) return true;
  if (NO_WORDS.has(reply)) return false;
  const [, first = '', separator = ''] = /^(\S+?)([,.!;:–—-]|\s|$)/u.exec(reply) ?? [];
  if (/[,.!;:–—-]/u.test(separator)) {
    if (YES_WORDS.has(first)) return true;
    if (NO_WORDS.has(first)) return false;
  }
  return STRONG_WORDS.get(first) ?? null;
}

function matchScale(text: string): number | null {
  // "4/5", "4 out of 5", "4 of 5": the scale's maximum is not a second answer.
  const reply = normalise(text).replace(/\s*(?:\/|out of|of)\s*5\b/g, '');
  const digits = [...new Set(reply.match(/\d+(?:[.,]\d+)?/g) ?? [])];
  if (digits.length === 1) {
    const value = Number(digits[0]!.replace(',', '.'));
    return Number.isInteger(value) && value >= 1 && value <= 5 ? value : null;
  }
  if (digits.length > 1) return null;
  const words = [...new Set(reply.split(/[^a-z]+/).filter((word) => word in NUMBER_WORDS))];
  return words.length === 1 ? NUMBER_WORDS[words[0]!]! : null;
}

function matchMulti(options: readonly string[], text: string): string[] | null {
  const whole = matchOption(options, text);
  if (whole !== null && normalise(text) === normalise(whole)) return [whole];
  const parts = normalise(text)
    .split(/\s*(?:,|;|&|\+|\n|\band\b|\bor\b)\s*/)
    .flatMap((part) => (/^\d+(?: \d+)+$/.test(part) ? part.split(' ') : [part]))
    .filter((part) => part !== '');
  if (parts.length === 0) return null;
  const chosen = new Set<string>();
  for (const part of parts) {
    const option = matchOption(options, part);
    if (option === null) return null;
    chosen.add(option);
  }
  return options.filter((option) => chosen.has(option));
}

/** Date formats a person plausibly writes (US order for numbers, as the composer's mm/dd/yyyy). */
const DATE_FORMATS = [
  'yyyy-MM-dd',
  'M/d/yyyy',
  'MMMM d yyyy',
  'MMMM d, yyyy',
  'MMM d yyyy',
  'MMM d, yyyy',
  'd MMMM yyyy',
  'd MMM yyyy',
  'EEEE MMMM d yyyy',
  'EEEE, MMMM d, yyyy',
];

function matchDate(text: string): string | null {
  const reply = text
    .trim()
    .replace(/\s+/g, ' ')
    .replace(/(\d)(st|nd|rd|th)\b/gi, '$1')
    .replace(/\.$/, '');
  if (isCalendarDate(reply)) return reply;
  for (const pattern of DATE_FORMATS) {
    const date = parse(reply, pattern, new Date(2000, 0, 1));
    if (isValid(date)) {
      const value = format(date, 'yyyy-MM-dd');
      if (isCalendarDate(value)) return value;
    }
  }
  return null;
}

/**
 * The answer `text` (a Slack message's text, still escaped) gives to `item`, or null when it
 * cannot be matched (issue #12):
 * - OPEN_TEXT: the text, entities decoded and trimmed (null when empty or over the contract's maximum);
 * - SINGLE_CHOICE: one option by number ("2"), label (any case) or an unambiguous prefix or word;
 * - YES_NO: yes / y / yeah / yep… or no / n / nope…;
 * - SCALE_1_5: one number 1–5 ("4", "4/5", "four");
 * - MULTI_CHOICE: numbers or labels separated by commas or "and";
 * - DATE: YYYY-MM-DD, or a date with its year ("March 5, 2026", "3/5/2026"), parsed by date-fns.
 */
export function matchReply(item: QuestionItem, text: string): AnswerValue | null {
  const decoded = decodeSlackText(text).trim();
  let value: AnswerValue | null;
  switch (item.kind) {
    case 'OPEN_TEXT':
      value = decoded.length > 0 && decoded.length <= OPEN_TEXT_ANSWER_MAX ? decoded : null;
      break;
    case 'SINGLE_CHOICE':
      value = matchOption(item.options, decoded);
      break;
    case 'MULTI_CHOICE':
      value = matchMulti(item.options, decoded);
      break;
    case 'YES_NO':
      value = matchYesNo(decoded);
      break;
    case 'SCALE_1_5':
      value = matchScale(decoded);
      break;
    case 'DATE':
      value = matchDate(decoded);
      break;
  }
  if (value === null) return null;
  const checked = validateAnswer(item, value);
  return 'value' in checked ? checked.value : null;
}

/** What a person may reply to `item`, for "I could not match that": "reply with 1–3 or the option's name". */
export function replyHint(item: QuestionItem): string {
  switch (item.kind) {
    case 'OPEN_TEXT':
      return `reply with your answer in words (at most ${OPEN_TEXT_ANSWER_MAX.toLocaleString('en-US')} characters)`;
    case 'SINGLE_CHOICE':
      return `reply with 1–${item.options.length} or the option's name`;
    case 'MULTI_CHOICE':
      return `reply with one or more of 1–${item.options.length} or the options' names, separated by commas`;
    case 'YES_NO':
      return 'reply with yes or no';
    case 'SCALE_1_5':
      return 'reply with a number from 1 to 5';
    case 'DATE':
      return 'reply with a date as YYYY-MM-DD';
  }
}
