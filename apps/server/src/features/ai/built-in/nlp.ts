import { createRequire } from 'node:module';
import type WinkNLP from 'wink-nlp';
import type WinkModel from 'wink-eng-lite-web-model';

/**
 * The built-in provider's text analysis (issue #11; PRODUCT §9): wink-nlp with its bundled English
 * model, loaded once on first use and never downloaded. Everything here is pure and
 * deterministic: the same text gives the same analysis.
 */

const require = createRequire(import.meta.url);

type Wink = ReturnType<typeof WinkNLP>;
let wink: Wink | null = null;

/**
 * wink-nlp and its model, required on the first analysis: importing them took 150 ms of every
 * cold start, for a feature most processes use rarely (issue #13, bench/README "Cold start").
 */
function getWink(): Wink {
  if (!wink) {
    const winkNLP = require('wink-nlp') as typeof WinkNLP;
    const model = require('wink-eng-lite-web-model') as typeof WinkModel;
    wink = winkNLP(model);
  }
  return wink;
}

/** One token: its surface `value`, lower-case `normal`, Porter `stem`, universal POS tag and flags. */
export interface Token {
  value: string;
  /** Character offset of `value` in the analysed text, -1 when it could not be located. */
  offset: number;
  normal: string;
  stem: string;
  pos: string;
  isStopWord: boolean;
  isNegated: boolean;
  isWord: boolean;
}

/**
 * One sentence of a text. `start`/`end` are character offsets into the ORIGINAL text (so
 * `original.slice(start, end)` is a verbatim span), or -1 when the tokens could not be located.
 * `sentiment` is wink's score, -1 (negative) to 1 (positive).
 */
export interface Sentence {
  start: number;
  end: number;
  tokens: Token[];
  sentiment: number;
}

/** Parts of speech that carry content (what themes and relevance are made of). */
const contentTags = new Set(['NOUN', 'PROPN', 'ADJ', 'VERB', 'NUM']);
/** Verbs and adjectives so common in answers that they say nothing about a theme. */
const genericStems = new Set([
  'be',
  'have',
  'do',
  'get',
  'make',
  'think',
  'feel',
  'go',
  'say',
  'know',
  'want',
  'see',
  'seem',
  'look',
  'take',
  'come',
  'give',
  'use',
  'need',
  'like',
  'let',
  'put',
  'keep',
  'tri',
  'lot',
  'thing',
  'way',
  'good',
  'great',
  'bad',
  'much',
  'mani',
  'more',
  'most',
  'realli',
  'just',
  'also',
  'well',
  'sure',
  'mayb',
  'probabl',
  'actual',
  'overal',
  'pretti',
  'quit',
  'yes',
  'okay',
  'ok',
  'one',
  'peopl',
  'person',
  'someth',
  'anyth',
  'everyth',
  'would',
  'could',
  'should',
  'will',
  'can',
  'might',
  'must',
  // units of time: "two days", "this month" name no theme on their own ("travel time" still does, as a pair)
  'time',
  'minut',
  'hour',
  'day',
  'week',
  'month',
  'year',
  'today',
  'now',
  'honest',
  'half',
  'whole',
]);

/** Splits `text` into sentences and tokens, with offsets into `text` itself. */
export function analyzeText(text: string): Sentence[] {
  if (text.trim().length === 0) return [];
  const { its } = getWink();
  const doc = getWink().readDoc(text);
  const tokens = doc.tokens();
  const values = tokens.out(its.value);
  const normals = tokens.out(its.normal);
  // wink's typings describe `its.stem` with the add-on's own signature; at run time it is an ItsFunction.
  const stems = tokens.out(its.stem as unknown as typeof its.normal);
  const tags = tokens.out(its.pos);
  const stops = tokens.out(its.stopWordFlag) as unknown as boolean[];
  const negations = tokens.out(its.negationFlag) as unknown as boolean[];
  const types = tokens.out(its.type);

  // Locate every token in the original text: wink keeps token values verbatim, so a forward scan
  // finds each one; a token it cannot find (never seen, but safe) leaves its offsets at -1.
  const starts: number[] = [];
  let cursor = 0;
  for (const value of values) {
    const index = value.length === 0 ? -1 : text.indexOf(value, cursor);
    starts.push(index);
    if (index !== -1) cursor = index + value.length;
  }

  const sentences: Sentence[] = [];
  doc.sentences().each((sentence: ReturnType<ReturnType<typeof doc.sentences>['itemAt']>) => {
    const [first, last] = sentence.out(its.span) as unknown as [number, number];
    const sentenceTokens: Token[] = [];
    let start = -1;
    let end = -1;
    for (let index = first; index <= last; index += 1) {
      const value = values[index]!;
      if (value.trim().length === 0) continue;
      if (starts[index] !== -1) {
        if (start === -1) start = starts[index]!;
        end = starts[index]! + value.length;
      }
      sentenceTokens.push({
        value,
        offset: starts[index]!,
        normal: normals[index]!,
        stem: stems[index]!,
        pos: tags[index]!,
        isStopWord: stops[index]!,
        isNegated: negations[index]!,
        isWord: types[index] === 'word' || types[index] === 'number',
      });
    }
    if (sentenceTokens.length > 0)
      sentences.push({ start, end, tokens: sentenceTokens, sentiment: sentence.out(its.sentiment) as unknown as number });
  });
  return sentences;
}

/** Whether a token says something about the subject (a content word, not a stop or filler word). */
export function isContentToken(token: Token): boolean {
  return (
    token.isWord &&
    contentTags.has(token.pos) &&
    !token.isStopWord &&
    !genericStems.has(token.stem) &&
    /\p{L}/u.test(token.value) &&
    token.stem.length >= 2
  );
}

/** The distinct content stems of some tokens, in order of appearance. */
export function contentStems(tokens: Token[]): string[] {
  return [...new Set(tokens.filter(isContentToken).map((token) => token.stem))];
}

/** The content stems of a free text (headings, goals, prompts). */
export function contentStemsOf(text: string): string[] {
  return contentStems(analyzeText(text).flatMap((sentence) => sentence.tokens));
}

/**
 * Noun phrases of some tokens: runs of adjectives, nouns, proper nouns and numbers that end in a
 * noun or proper noun (an optional leading determiner kept for grammar), as token index ranges.
 */
export function nounPhrases(tokens: Token[]): { first: number; last: number }[] {
  const phrases: { first: number; last: number }[] = [];
  // A phrase word: adjective, noun, number; a gerund before a noun ("hiring plan"); a hyphen
  // joining two words without spaces ("four-day").
  const isPhraseWord = (position: number): boolean => {
    const token = tokens[position];
    if (!token) return false;
    if (token.isWord && ['ADJ', 'NOUN', 'PROPN', 'NUM'].includes(token.pos)) return true;
    const next = tokens[position + 1];
    const before = tokens[position - 1];
    if (token.isWord && token.pos === 'VERB' && /ing$/i.test(token.value) && next?.pos === 'NOUN') return true;
    // A word joined by a hyphen to the next ("all-hands") belongs to the phrase.
    if (token.isWord && next?.value === '-' && next.offset === token.offset + token.value.length && tokens[position + 2]?.isWord)
      return true;
    // "the new onboarding process": an adverb-tagged modifier right after a determiner.
    if (token.isWord && token.pos === 'ADV' && before?.pos === 'DET' && ['ADJ', 'NOUN', 'VERB'].includes(next?.pos ?? '')) return true;
    // A noun the tagger took for a verb at the end of a longer phrase ("the delayed product launch").
    if (
      token.isWord &&
      token.pos === 'VERB' &&
      !/(ed|s)$/i.test(token.value) &&
      before?.pos === 'NOUN' &&
      ['ADJ', 'NOUN', 'PROPN'].includes(tokens[position - 2]?.pos ?? '') &&
      (!next || ['ADP', 'PUNCT', 'CCONJ'].includes(next.pos))
    )
      return true;
    return (
      token.value === '-' &&
      !!before &&
      !!next &&
      before.offset + before.value.length === token.offset &&
      token.offset + 1 === next.offset &&
      next.isWord
    );
  };
  let index = 0;
  while (index < tokens.length) {
    if (!isPhraseWord(index) || tokens[index]!.value === '-') {
      index += 1;
      continue;
    }
    let last = index;
    while (last + 1 < tokens.length && isPhraseWord(last + 1)) last += 1;
    let head = last;
    const isHead = (token: Token) => ['NOUN', 'PROPN'].includes(token.pos) || (token.pos === 'VERB' && !/ing$/i.test(token.value));
    while (head >= index && !isHead(tokens[head]!)) head -= 1;
    if (head >= index) phrases.push({ first: index, last: head });
    index = last + 1;
  }
  return phrases;
}

/**
 * The original text a run of tokens came from (verbatim, so "four-day" and "Q3's" stay as written),
 * or the tokens joined when their offsets are unknown.
 */
export function spanText(original: string, tokens: Token[]): string {
  const first = tokens[0];
  const last = tokens.at(-1);
  if (!first || !last) return '';
  if (first.offset < 0 || last.offset < 0) return joinTokens(tokens);
  return original.slice(first.offset, last.offset + last.value.length).replace(/\s+/g, ' ');
}

/** Joins tokens back into readable text (single spaces, no space before punctuation). */
export function joinTokens(tokens: Token[]): string {
  let text = '';
  for (const token of tokens) {
    const tight = /^[,.;:!?%)\]}'’]/.test(token.value) || /^n['’]t$/i.test(token.value) || /^['’](s|re|ve|ll|d|m)$/i.test(token.value);
    text += text.length === 0 || tight || /[([{$#]$/.test(text) ? token.value : ` ${token.value}`;
  }
  return text;
}

/** The first `maxWords` words of a text, with an ellipsis when cut. */
export function firstWords(text: string, maxWords: number): string {
  const words = text.trim().split(/\s+/);
  return words.length <= maxWords ? text.trim() : `${words.slice(0, maxWords).join(' ')}…`;
}
