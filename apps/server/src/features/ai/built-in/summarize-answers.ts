import {
  countWords,
  SUMMARY_ACTION_ITEM_MAX,
  SUMMARY_ACTION_ITEMS_MAX,
  SUMMARY_KEY_POINT_MAX,
  SUMMARY_QUOTES_MAX,
  SUMMARY_SYNTHESIS_MAX,
} from '@tandem/contract';
import type { AnswerForAi, GenerationOptions, QuestionForAi, SummarizeTask, SummaryProposal } from '../ai-provider.js';
import { analyzeText, contentStemsOf, firstWords, isContentToken, nounPhrases, spanText, type Sentence, type Token } from './nlp.js';
import { reportStage } from './progress.js';

/**
 * The built-in summary (issue #11; PRODUCT §2 Summary, §9): extractive and attributed. Answers are
 * grouped per question; structured kinds get counts computed here; open text is split into
 * sentences whose shared content words (stems and noun-phrase pairs, counted per person) form
 * themes; each theme becomes a key point citing exactly the answers that carry it, with its most
 * central sentence quoted verbatim (sliced from the original text). Answers that go against most
 * (opposite sentiment, explicit disagreement, negating the main theme) are marked as dissent and
 * get their own key point and quote. Everything is then cut to the word budget by priority.
 */

/** Most key-point citations a summary may carry per key point (contract: 200 answer ids). */
const CITATIONS_MAX = 200;
/** Longest quote taken from one sentence (a prefix at a word boundary is still verbatim). */
const QUOTE_CHARS_MAX = 320;
const THEMES_PER_QUESTION_MAX = 5;
const ACTION_ITEMS_MAX = Math.min(8, SUMMARY_ACTION_ITEMS_MAX);

const disagreementCue =
  /\b(disagree|don['’]t agree|do not agree|(would|'d|’d) rather not|rather not|not convinced|unconvinced|oppose|opposed|against|push back|pushback|skeptic(al)?|sceptic(al)?|bad idea|mistake|object to|objection|not worth)\b/i;
const positiveWords =
  /\b(like|love|great|good|fine|clear|solid|happy|glad|helpful|easy|easier|excellent|works well|well done|improved|appreciate\w*|support|agree|useful|smooth\w*)\b/gi;
const negativeWords =
  /\b(slow\w*|fail\w*|broken|worse|worst|late|lost|hurt\w*|problem\w*|unrealistic|reject\w*|too (slow|low|high|long|few|many|little|much|tight|thin|late)|frustrat\w*|annoy\w*|confus\w*|bad|poor|painful|burn\w* out|stall\w*|miss\w*|damage\w*|hate|waste\w*|disagree|worr\w*|concern\w*)\b/gi;
const actionCue =
  /\b(we should|we need to|we must|need to|needs to|must|let['’]s|let us|i recommend|we recommend|recommend|please|follow up|follow-up|make sure|ought to)\b/i;
const deadlineCue =
  /\bby (mon|tues|wednes|thurs|fri|satur|sun)day\b|\bby (the )?(end of|next|eod|eow|tomorrow)\b|\bby \d{4}-\d{2}-\d{2}\b|\bby (jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b/i;

interface AnalyzedSentence {
  answerIndex: number;
  sentence: Sentence;
  stems: string[];
  /** Keys of the sentence: content stems and adjacent content pairs inside noun phrases ("travel budget"). */
  keys: string[];
  surfaces: Map<string, string>;
  /** Part of speech of each single-stem key. */
  tags: Map<string, string>;
  /** Keys whose first word starts the sentence (their capital may be the sentence's). */
  initialKeys: Set<string>;
}

interface Candidate {
  itemId: string;
  /** Higher first; ties broken by creation order. */
  priority: number;
  /** Variants from the shortest to the fullest. */
  variants: string[];
  answerIds: string[];
  isLead: boolean;
}

interface Quote {
  answerId: string;
  text: string;
}

/** Summarises the answers of a scope; see the module comment for the method. */
export async function summarizeAnswers(task: SummarizeTask, options: GenerationOptions): Promise<SummaryProposal> {
  reportStage(options, 'reading', `Reading ${task.answers.length} answers…`, 0);
  const byItem = new Map<string, AnswerForAi[]>();
  for (const question of task.questions) byItem.set(question.itemId, []);
  for (const answer of task.answers) byItem.get(answer.itemId)?.push(answer);

  reportStage(options, 'grouping', `Grouping answers by question…`, 0.25);
  const candidates: Candidate[] = [];
  const syntheses = new Map<string, string[]>();
  const dissent = new Map<string, string[]>();
  const quotes: Quote[] = [];
  const actions: { text: string; stems: string[]; answerIds: string[] }[] = [];
  const seenItems = new Set<string>();
  let analysed = 0;
  for (const question of task.questions) {
    if (seenItems.has(question.itemId)) continue;
    seenItems.add(question.itemId);
    const answers = byItem.get(question.itemId) ?? [];
    if (answers.length === 0) {
      syntheses.set(question.itemId, ['No answers yet.']);
      dissent.set(question.itemId, []);
      continue;
    }
    const result = question.kind === 'OPEN_TEXT' ? summarizeOpenText(question, answers, options) : summarizeStructured(question, answers);
    candidates.push(...result.candidates);
    syntheses.set(question.itemId, result.synthesis);
    dissent.set(question.itemId, result.dissentAnswerIds);
    quotes.push(...result.quotes);
    for (const action of result.actions) {
      const same = actions.find((existing) => overlap(existing.stems, action.stems) >= 0.6);
      if (same) same.answerIds = [...new Set([...same.answerIds, ...action.answerIds])];
      else actions.push(action);
    }
    analysed += answers.length;
    reportStage(options, 'ranking', `Ranking what ${analysed} answers say…`, 0.25 + 0.5 * (analysed / Math.max(1, task.answers.length)));
  }

  reportStage(options, 'quoting', 'Choosing quotes and fitting the word budget…', 0.8);
  const proposal = fitToBudget(task, candidates, syntheses, dissent, quotes, actions);
  reportStage(options, 'quoting', 'Done.', 1);
  return proposal;
}

// ---------------------------------------------------------------------------------------------
// Structured kinds: counts computed here, never written

interface GroupResult {
  candidates: Candidate[];
  synthesis: string[];
  dissentAnswerIds: string[];
  quotes: Quote[];
  actions: { text: string; stems: string[]; answerIds: string[] }[];
}

function summarizeStructured(question: QuestionForAi, answers: AnswerForAi[]): GroupResult {
  const result = countStructured(question, answers);
  // Key points of several questions sit side by side: they say which question they count. "Said
  // yes", an average or a date mean nothing without it, so those carry it even in their shortest
  // form; a choice names its options, so there it comes with the fuller forms.
  const reference = ` (on “${firstWords(question.prompt.replace(/\s+/g, ' '), 7)}”)`;
  const withReference = (text: string) => `${text.replace(/\.$/, '')}${reference}.`;
  const needsReference = question.kind === 'YES_NO' || question.kind === 'SCALE_1_5' || question.kind === 'DATE';
  for (const candidate of result.candidates) {
    const [shortest, ...fuller] = candidate.variants;
    candidate.variants = needsReference
      ? [withReference(shortest!), ...fuller.map(withReference)]
      : [shortest!, withReference(shortest!), ...fuller.map(withReference)];
  }
  return result;
}

function countStructured(question: QuestionForAi, answers: AnswerForAi[]): GroupResult {
  const total = answers.length;
  const people = total === 1 ? 'person' : 'people';
  const allIds = answers.map((answer) => answer.id).slice(0, CITATIONS_MAX);
  if (question.kind === 'SCALE_1_5') {
    const values = answers.map((answer) => Number(answer.text)).filter((value) => Number.isFinite(value));
    const average = values.length === 0 ? 0 : values.reduce((sum, value) => sum + value, 0) / values.length;
    const sorted = [...values].sort((a, b) => a - b);
    const median = sorted.length === 0 ? 0 : sorted[Math.floor((sorted.length - 1) / 2)]!;
    const high = values.filter((value) => value >= 4).length;
    const low = values.filter((value) => value <= 2).length;
    const distribution = [1, 2, 3, 4, 5].map((score) => `${score}: ${values.filter((value) => value === score).length}`).join(', ');
    const rated = values.length === 1 ? 'rating' : 'ratings';
    const short = `Average ${average.toFixed(1)} of 5 from ${values.length} ${rated}.`;
    const full = `Average ${average.toFixed(1)} of 5 from ${values.length} ${rated}; ${high} rated 4 or 5, ${low} rated 1 or 2.`;
    if (values.length === 0) {
      // Not a number among them (never from the public form, which checks 1–5): say so, claim no average.
      return {
        candidates: [],
        synthesis: [`${total} ${total === 1 ? 'answer' : 'answers'}, none a rating from 1 to 5.`],
        dissentAnswerIds: [],
        quotes: [],
        actions: [],
      };
    }
    return {
      candidates: [{ itemId: question.itemId, priority: 3, variants: [short, full], answerIds: allIds, isLead: true }],
      synthesis: [`Ratings ${distribution}.`, `Ratings ${distribution}; average ${average.toFixed(1)}.`],
      dissentAnswerIds: answers.filter((answer) => Math.abs(Number(answer.text) - median) >= 2).map((answer) => answer.id),
      quotes: [],
      actions: [],
    };
  }
  if (question.kind === 'DATE') {
    const counts = groupByValue(
      answers,
      answers.map((answer) => [answer.text.trim()]),
    );
    const dates = [...counts.keys()].sort();
    const [top] = rankCounts(counts);
    const range = dates.length === 1 ? `All ${total} gave ${dates[0]}.` : `Dates from ${dates[0]} to ${dates.at(-1)} (${total} ${people}).`;
    const full = top && top[1].length > 1 && dates.length > 1 ? `${range} ${top[1].length} of ${total} gave ${top[0]}.` : range;
    return {
      candidates: [{ itemId: question.itemId, priority: 3, variants: [range, full], answerIds: allIds, isLead: true }],
      synthesis: [range],
      dissentAnswerIds: majorityDissent(counts, total),
      quotes: [],
      actions: [],
    };
  }
  const choices = answers.map((answer) =>
    question.kind === 'MULTI_CHOICE' ? splitChoices(answer.text, question.options) : [answer.text.trim()],
  );
  const counts = groupByValue(answers, choices);
  const ranked = rankCounts(counts, question.kind === 'YES_NO' ? ['Yes', 'No'] : question.options);
  const verb = question.kind === 'YES_NO' ? 'said' : 'chose';
  const label = (value: string) => (question.kind === 'YES_NO' ? value.toLowerCase() : value);
  const [first, second] = ranked;
  const isSplit = question.kind !== 'MULTI_CHOICE' && second !== undefined && first![1].length === second[1].length;
  let short: string;
  if (ranked.length === 1) short = `All ${total} ${verb} ${label(first![0])}.`;
  else if (question.kind === 'MULTI_CHOICE') short = `Most chosen: ${label(first![0])} (${first![1].length} of ${total}).`;
  else if (isSplit) short = `Split: ${first![1].length} ${verb} ${label(first![0])} and ${second![1].length} ${label(second![0])}.`;
  else if (first![1].length * 2 > total) short = `Most people (${first![1].length} of ${total}) ${verb} ${label(first![0])}.`;
  else short = `${first![1].length} of ${total} ${verb} ${label(first![0])}, the most common answer.`;
  // "Others" are the answers the short form does not name: a split names the first two.
  const rest = ranked
    .slice(question.kind === 'MULTI_CHOICE' ? 0 : isSplit ? 2 : 1, 4)
    .map(([value, ids]) => `${label(value)} ${ids.length}`)
    .join(', ');
  const full =
    ranked.length === 1
      ? short
      : question.kind === 'MULTI_CHOICE'
        ? `Most chosen: ${rest} (of ${total}).`
        : rest === ''
          ? short
          : `${short.replace(/\.$/, '')}; others: ${rest}.`;
  const synthesis = `${ranked.map(([value, ids]) => `${label(value)} ${ids.length}`).join(', ')} (${total} ${total === 1 ? 'answer' : 'answers'}).`;
  return {
    candidates: [{ itemId: question.itemId, priority: 3, variants: [short, full], answerIds: allIds, isLead: true }],
    synthesis: [synthesis],
    dissentAnswerIds: question.kind === 'MULTI_CHOICE' ? [] : majorityDissent(counts, total),
    quotes: [],
    actions: [],
  };
}

/** A multi-choice answer's text (options joined by "; ") back into its options, longest option first. */
function splitChoices(text: string, options: string[]): string[] {
  const byLength = [...options].sort((a, b) => b.length - a.length);
  const chosen: string[] = [];
  let rest = text;
  while (rest.length > 0) {
    const option = byLength.find((candidate) => rest === candidate || rest.startsWith(`${candidate}; `));
    const taken = option ?? rest.split('; ')[0]!;
    chosen.push(taken.trim());
    rest = rest.slice(taken.length).replace(/^; /, '');
    if (!option && taken.length === 0) break;
  }
  return chosen.filter((choice) => choice.length > 0);
}

/** The answers' ids by the value(s) each chose (`choices[i]` are answer i's values), each id once per value. */
function groupByValue(answers: AnswerForAi[], choices: string[][]): Map<string, string[]> {
  const counts = new Map<string, string[]>();
  for (const [index, answer] of answers.entries()) {
    for (const choice of new Set(choices[index])) {
      if (!counts.has(choice)) counts.set(choice, []);
      counts.get(choice)!.push(answer.id);
    }
  }
  return counts;
}

/** Values by count (descending), then in `order` (the item's options), then alphabetically. */
function rankCounts(counts: Map<string, string[]>, order: string[] = []): [string, string[]][] {
  const position = (value: string) => (order.includes(value) ? order.indexOf(value) : order.length);
  return [...counts.entries()].sort(
    (a, b) => b[1].length - a[1].length || position(a[0]) - position(b[0]) || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0),
  );
}

/** Answers outside the most chosen value, when that value is chosen by a strict majority. */
function majorityDissent(counts: Map<string, string[]>, total: number): string[] {
  const [top] = rankCounts(counts);
  if (!top || top[1].length * 2 <= total) return [];
  return [...counts.entries()].filter(([value]) => value !== top[0]).flatMap(([, ids]) => ids);
}

// ---------------------------------------------------------------------------------------------
// Open text: themes, dissent, quotes, action items

function summarizeOpenText(question: QuestionForAi, answers: AnswerForAi[], options: GenerationOptions): GroupResult {
  const promptStems = new Set(contentStemsOf(question.prompt));
  const sentences: AnalyzedSentence[] = [];
  const perAnswer: AnalyzedSentence[][] = answers.map(() => []);
  for (const [answerIndex, answer] of answers.entries()) {
    if (answerIndex % 50 === 0) options.signal.throwIfAborted();
    for (const sentence of analyzeText(answer.text)) {
      const analysed = analyzeSentence(answerIndex, sentence);
      sentences.push(analysed);
      perAnswer[answerIndex]!.push(analysed);
    }
  }
  const peopleOf = (answerIndexes: Iterable<number>) => new Set([...answerIndexes].map((index) => answers[index]!.contactId)).size;
  const totalPeople = peopleOf(answers.keys());
  const peopleWord = (count: number) => (count === 1 ? 'person' : 'people');

  // Keys shared across answers, counted per person: the themes.
  const keyAnswers = new Map<string, Set<number>>();
  const keySentences = new Map<string, AnalyzedSentence[]>();
  const keySurfaces = new Map<string, Map<string, number>>();
  const keyTags = new Map<string, string>();
  for (const sentence of sentences) {
    for (const key of sentence.keys) {
      if (!keyAnswers.has(key)) {
        keyAnswers.set(key, new Set());
        keySentences.set(key, []);
        keySurfaces.set(key, new Map());
      }
      keyAnswers.get(key)!.add(sentence.answerIndex);
      keySentences.get(key)!.push(sentence);
      const surface = sentence.surfaces.get(key)!;
      // A capital at the start of a sentence says little about how a word is written: a light vote.
      const vote = sentence.initialKeys.has(key) ? 0.1 : 1;
      keySurfaces.get(key)!.set(surface, (keySurfaces.get(key)!.get(surface) ?? 0) + vote);
      if (!keyTags.has(key)) keyTags.set(key, sentence.tags.get(key) ?? '');
    }
  }
  const minPeople = totalPeople >= 2 ? 2 : 1;
  const scored = [...keyAnswers.entries()]
    .map(([key, answerSet]) => {
      const people = peopleOf(answerSet);
      const parts = key.split(' ');
      const isPair = parts.length === 2;
      // The question's own words are in every answer's context: they name no theme.
      const inPrompt = parts.every((part) => promptStems.has(part));
      const weight = isPair ? 1.4 : (posWeights[keyTags.get(key) ?? ''] ?? 0.5);
      return { key, people, inPrompt, score: people * weight + keySentences.get(key)!.length * 0.001 };
    })
    .filter((entry) => !entry.inPrompt && entry.people >= minPeople && entry.people * 10 >= totalPeople * (totalPeople >= 10 ? 1 : 0))
    .sort((a, b) => b.score - a.score || (a.key < b.key ? -1 : 1));

  const themes: { key: string; surfaces: string[]; sentences: AnalyzedSentence[]; answerIndexes: number[] }[] = [];
  for (const entry of scored) {
    const own = keySentences.get(entry.key)!;
    const answerIndexes = [...keyAnswers.get(entry.key)!].sort((a, b) => a - b);
    const surface = bestSurface(keySurfaces.get(entry.key)!);
    // Words said together by the same people are one theme with several names ("security, deals").
    const twin = themes.find((theme) => jaccard(theme.answerIndexes, answerIndexes) >= 0.7);
    if (twin) {
      const isPartOf = twin.surfaces.some(
        (name) => name.toLowerCase().includes(surface.toLowerCase()) || surface.toLowerCase().includes(name.toLowerCase()),
      );
      if (!isPartOf && twin.surfaces.length < 3) twin.surfaces.push(surface);
      continue;
    }
    // A word of a pair already chosen ("travel" after "travel time"), said in the same sentences, repeats it.
    const isRepeat = themes.some(
      (theme) =>
        (theme.key.split(' ').includes(entry.key) || entry.key.split(' ').includes(theme.key)) &&
        own.filter((sentence) => theme.sentences.includes(sentence)).length >= own.length * 0.75,
    );
    if (isRepeat || themes.length >= THEMES_PER_QUESTION_MAX) continue;
    themes.push({ key: entry.key, surfaces: [surface], sentences: own, answerIndexes });
  }

  const dissentIndexes = findDissent(answers, perAnswer, themes[0]);
  const candidates: Candidate[] = [];
  const quotes: Quote[] = [];
  for (const [rank, theme] of themes.entries()) {
    const cited = theme.answerIndexes.map((index) => answers[index]!.id).slice(0, CITATIONS_MAX);
    const people = peopleOf(theme.answerIndexes);
    const representative = mostCentral(
      theme.sentences.filter((sentence) => !dissentIndexes.has(sentence.answerIndex)),
      theme.sentences,
    );
    const excerpt = sentenceText(answers[representative.answerIndex]!.text, representative);
    const short = `${people} of ${totalPeople} ${peopleWord(totalPeople)} mentioned ${listWords(theme.surfaces)}.`;
    const full = excerpt ? `${short.replace(/\.$/, '')}: “${firstWords(excerpt, 16)}”` : short;
    candidates.push({
      itemId: question.itemId,
      priority: rank === 0 ? 2.5 : 1.5 + people / Math.max(1, totalPeople) - rank * 0.1,
      variants: [short, full],
      answerIds: cited,
      isLead: rank === 0,
    });
    if (excerpt) quotes.push({ answerId: answers[representative.answerIndex]!.id, text: quoteOf(excerpt) });
  }

  const dissentAnswerIds = [...dissentIndexes].sort((a, b) => a - b).map((index) => answers[index]!.id);
  if (dissentIndexes.size > 0) {
    const ordered = [...dissentIndexes].sort((a, b) => a - b);
    const excerpts = ordered.map((index) => ({ index, sentence: dissentSentence(perAnswer[index]!, answers[index]!.text) }));
    for (const { index, sentence } of excerpts) {
      const text = sentence ? sentenceText(answers[index]!.text, sentence) : '';
      if (text) quotes.push({ answerId: answers[index]!.id, text: quoteOf(text) });
    }
    const firstExcerpt = excerpts
      .map(({ index, sentence }) => (sentence ? sentenceText(answers[index]!.text, sentence) : ''))
      .find(Boolean);
    const who = ordered.length === 1 ? 'One person' : `${ordered.length} people`;
    // Never a bare "someone disagreed" when the view can be shown: the view is what must not be lost.
    const bare = `${who} disagreed with most.`;
    const short = firstExcerpt ? `${who} disagreed: “${firstWords(firstExcerpt, 8)}”` : bare;
    const full = firstExcerpt ? `${who} disagreed with most: “${firstWords(firstExcerpt, 16)}”` : bare;
    candidates.push({
      itemId: question.itemId,
      priority: 2.8,
      variants: [short, full],
      answerIds: dissentAnswerIds.slice(0, CITATIONS_MAX),
      isLead: themes.length === 0,
    });
  }

  // Answers no theme or dissent reflects: their most distinctive sentence, as lower-ranked points.
  const covered = new Set([...themes.flatMap((theme) => theme.answerIndexes), ...dissentIndexes]);
  const documentFrequency = new Map<string, number>();
  for (const list of perAnswer)
    for (const stem of new Set(list.flatMap((sentence) => sentence.stems)))
      documentFrequency.set(stem, (documentFrequency.get(stem) ?? 0) + 1);
  const idf = (stem: string) => Math.log((1 + answers.length) / (1 + (documentFrequency.get(stem) ?? 0))) + 1;
  const singles = answers
    .map((answer, index) => {
      const best = [...perAnswer[index]!].sort(
        (a, b) => sentenceWeight(b, idf) - sentenceWeight(a, idf) || a.sentence.start - b.sentence.start,
      )[0];
      return { index, best, weight: best ? sentenceWeight(best, idf) : 0 };
    })
    .filter((entry) => !covered.has(entry.index) && entry.best && entry.best.stems.length > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .slice(0, 6);
  const seenSingles: string[][] = [];
  for (const [rank, single] of singles.entries()) {
    if (seenSingles.some((stems) => overlap(stems, single.best!.stems) >= 0.8)) continue;
    seenSingles.push(single.best!.stems);
    const excerpt = sentenceText(answers[single.index]!.text, single.best!);
    if (!excerpt) continue;
    const topic =
      single.best!.keys.find((key) => key.includes(' ') && !key.split(' ').every((part) => promptStems.has(part))) ??
      [...single.best!.stems]
        .filter((stem) => !promptStems.has(stem))
        .sort(
          (a, b) =>
            (posWeights[single.best!.tags.get(b) ?? ''] ?? 0.5) * idf(b) - (posWeights[single.best!.tags.get(a) ?? ''] ?? 0.5) * idf(a) ||
            (a < b ? -1 : 1),
        )[0] ??
      single.best!.stems[0]!;
    const surface = single.best!.surfaces.get(topic) ?? topic;
    candidates.push({
      itemId: question.itemId,
      priority: (themes.length === 0 && rank === 0 ? 2.4 : 1) - rank * 0.05,
      variants: [`One person raised ${surface}.`, `One person raised ${surface}: “${firstWords(excerpt, 14)}”`],
      answerIds: [answers[single.index]!.id],
      isLead: themes.length === 0 && rank === 0 && dissentIndexes.size === 0,
    });
    quotes.push({ answerId: answers[single.index]!.id, text: quoteOf(excerpt) });
  }

  const themeWords = themes.slice(0, 3).map((theme) => `${theme.surfaces[0]} (${peopleOf(theme.answerIndexes)})`);
  const answersWord = `${answers.length} ${answers.length === 1 ? 'answer' : 'answers'}`;
  const dissentWords = dissentIndexes.size > 0 ? `; ${dissentIndexes.size} disagreed` : '';
  const synthesis =
    themes.length === 0
      ? [`${answersWord}, no theme shared by several people${dissentWords}.`]
      : [`${answersWord}; top theme: ${themeWords[0]}${dissentWords}.`, `${answersWord}; themes: ${themeWords.join(', ')}${dissentWords}.`];

  return { candidates, synthesis, dissentAnswerIds, quotes, actions: findActions(answers, perAnswer) };
}

function analyzeSentence(answerIndex: number, sentence: Sentence): AnalyzedSentence {
  const keys: string[] = [];
  const surfaces = new Map<string, string>();
  const tags = new Map<string, string>();
  const firstWord = sentence.tokens.find((token) => token.isWord);
  const initialKeys = new Set<string>();
  for (const token of sentence.tokens) {
    if (!isContentToken(token) || surfaces.has(token.stem)) continue;
    if (token === firstWord) initialKeys.add(token.stem);
    keys.push(token.stem);
    tags.set(token.stem, token.pos);
    surfaces.set(token.stem, surfaceOf(token));
  }
  for (const phrase of nounPhrases(sentence.tokens)) {
    const words = sentence.tokens.slice(phrase.first, phrase.last + 1);
    for (let index = 0; index + 1 < words.length; index += 1) {
      const [left, right] = [words[index]!, words[index + 1]!];
      // A pair needs one content word; the other may be a common noun ("travel time").
      if (!isNamingWord(left) || !isNamingWord(right) || (!isContentToken(left) && !isContentToken(right)) || left.stem === right.stem)
        continue;
      const key = `${left.stem} ${right.stem}`;
      if (surfaces.has(key)) continue;
      keys.push(key);
      if (left === firstWord) initialKeys.add(key);
      surfaces.set(key, `${surfaceOf(left)} ${surfaceOf(right)}`);
    }
  }
  return { answerIndex, sentence, stems: keys.filter((key) => !key.includes(' ')), keys, surfaces, tags, initialKeys };
}

/** How a token is named in a theme: proper nouns and acronyms as written, other words in lower case. */
function surfaceOf(token: Token): string {
  return (token.pos === 'PROPN' && /^\p{Lu}/u.test(token.value)) || /^\p{Lu}{2,}/u.test(token.value) ? token.value : token.normal;
}

function isNamingWord(token: Token): boolean {
  return isContentToken(token) || (token.isWord && token.pos === 'NOUN' && !token.isStopWord && /\p{L}/u.test(token.value));
}

/** The surface form used most often (ties: alphabetical), for a theme's name. */
function bestSurface(surfaces: Map<string, number>): string {
  // Ties go to the lower-case form: a capital is often just the start of a sentence.
  const isLower = (text: string) => (text === text.toLowerCase() ? 0 : 1);
  const [best, votes] = [...surfaces.entries()].sort((a, b) => b[1] - a[1] || isLower(a[0]) - isLower(b[0]) || (a[0] < b[0] ? -1 : 1))[0]!;
  // Only ever seen at the start of sentences: written in lower case unless it is an acronym.
  const total = [...surfaces.values()].reduce((sum, count) => sum + count, 0);
  const isOnlyInitial = total < 1 && votes < 1;
  return isOnlyInitial && !/^\p{Lu}{2,}/u.test(best) ? best.charAt(0).toLowerCase() + best.slice(1) : best;
}

/** The sentence sharing most content with the others of its theme (ties: earliest, shortest). */
function mostCentral(preferred: AnalyzedSentence[], all: AnalyzedSentence[]): AnalyzedSentence {
  const pool = preferred.length > 0 ? preferred : all;
  const frequency = new Map<string, number>();
  for (const sentence of all) for (const stem of sentence.stems) frequency.set(stem, (frequency.get(stem) ?? 0) + 1);
  const score = (sentence: AnalyzedSentence) =>
    sentence.stems.reduce((sum, stem) => sum + (frequency.get(stem)! - 1), 0) / Math.sqrt(Math.max(4, sentence.stems.length));
  return [...pool].sort((a, b) => score(b) - score(a) || a.answerIndex - b.answerIndex || a.sentence.start - b.sentence.start)[0]!;
}

function sentenceWeight(sentence: AnalyzedSentence, idf: (stem: string) => number): number {
  return sentence.stems.reduce((sum, stem) => sum + idf(stem), 0) / Math.sqrt(Math.max(3, sentence.stems.length));
}

/**
 * Answers that go against most: opposite sentiment polarity to the majority, explicit
 * disagreement words, or negating the main theme when most state it plainly. A view held by half
 * or more is not dissent; each detector only counts when it marks a minority.
 */
function findDissent(
  answers: AnswerForAi[],
  perAnswer: AnalyzedSentence[][],
  mainTheme: { key: string; sentences: AnalyzedSentence[] } | undefined,
): Set<number> {
  if (answers.length < 3) return new Set();
  const isMinority = (set: Set<number>) => set.size > 0 && set.size * 2 < answers.length;
  // Polarity: evaluative words (wink's sentiment alone misreads complaints like "too slow"), plus
  // wink's mean sentence sentiment as a tie-breaker.
  const polarity = perAnswer.map((list, index) => {
    const text = answers[index]!.text;
    const mean = list.length === 0 ? 0 : list.reduce((sum, sentence) => sum + sentence.sentence.sentiment, 0) / list.length;
    const score = (text.match(positiveWords)?.length ?? 0) - (text.match(negativeWords)?.length ?? 0) + mean;
    return score >= 0.9 ? 1 : score <= -0.9 ? -1 : 0;
  });
  const positive = polarity.filter((value) => value === 1).length;
  const negative = polarity.filter((value) => value === -1).length;
  const bySentiment = new Set<number>();
  if (positive >= 3 && negative * 2 <= positive) polarity.forEach((value, index) => value === -1 && bySentiment.add(index));
  else if (negative >= 3 && positive * 2 <= negative) polarity.forEach((value, index) => value === 1 && bySentiment.add(index));

  const byCue = new Set<number>();
  answers.forEach((answer, index) => disagreementCue.test(answer.text) && byCue.add(index));

  const byNegation = new Set<number>();
  if (mainTheme) {
    const negated = new Set<number>();
    const plain = new Set<number>();
    for (const sentence of mainTheme.sentences)
      (sentence.sentence.tokens.some((token) => token.isNegated) ? negated : plain).add(sentence.answerIndex);
    for (const index of negated) if (!plain.has(index)) byNegation.add(index);
    if (plain.size < 2) byNegation.clear();
  }

  const detectors = [bySentiment, byCue, byNegation].filter(isMinority);
  const union = new Set(detectors.flatMap((set) => [...set]));
  if (isMinority(union)) return union;
  const smallest = [...detectors].sort((a, b) => a.size - b.size)[0];
  return smallest ?? new Set();
}

/** The sentence of a dissenting answer that carries the disagreement (cue, then strongest sentiment, then first). */
function dissentSentence(sentences: AnalyzedSentence[], text: string): AnalyzedSentence | undefined {
  const withCue = sentences.find((sentence) => disagreementCue.test(sentenceText(text, sentence)));
  if (withCue) return withCue;
  return [...sentences].sort(
    (a, b) => Math.abs(b.sentence.sentiment) - Math.abs(a.sentence.sentiment) || a.sentence.start - b.sentence.start,
  )[0];
}

/** Sentences with an action cue, as short action texts citing their answer. */
function findActions(answers: AnswerForAi[], perAnswer: AnalyzedSentence[][]): { text: string; stems: string[]; answerIds: string[] }[] {
  const actions: { text: string; stems: string[]; answerIds: string[] }[] = [];
  for (const [index, list] of perAnswer.entries()) {
    for (const sentence of list) {
      if (actions.length >= 50) return actions;
      const original = sentenceText(answers[index]!.text, sentence);
      if (!original || sentence.stems.length === 0) continue;
      const cue = actionCue.exec(original);
      const first = sentence.sentence.tokens[0]!;
      const isImperative =
        first.pos === 'VERB' &&
        first.value[0] === first.value[0]!.toUpperCase() &&
        !/(ed|ing|s)$/i.test(first.value) &&
        !sentence.sentence.tokens.at(-1)!.value.includes('?');
      if (!cue && !deadlineCue.test(original) && !isImperative) continue;
      const tokens = cue ? tokensAfterCue(sentence.sentence.tokens, cue[0]) : sentence.sentence.tokens;
      if (!tokens) continue;
      const words = spanText(
        answers[index]!.text,
        tokens.filter((token) => token.value.trim().length > 0),
      ).replace(/[\s.!;:,]+$/u, '');
      if (countWords(words) < 2) continue;
      const text = capitalise(firstWords(words, 18)).slice(0, SUMMARY_ACTION_ITEM_MAX - 1);
      actions.push({ text: /[.…!?]$/.test(text) ? text : `${text}.`, stems: sentence.stems, answerIds: [answers[index]!.id] });
    }
  }
  return actions;
}

/** The tokens after an action cue ("we should", "please"…), so the action reads as an instruction. */
function tokensAfterCue(tokens: Token[], cue: string): Token[] | null {
  const cueWords = cue.toLowerCase().split(/\s+/).length;
  const normals = tokens.map((token) => token.normal);
  const cueFirst = cue
    .toLowerCase()
    .split(/\s+/)[0]!
    .replace(/['’].*$/, '');
  const start = normals.findIndex((normal) => normal === cueFirst || normal.startsWith(cueFirst));
  if (start === -1) return tokens;
  let rest = tokens.slice(start + (/let['’]s/i.test(cue) ? 2 : cueWords));
  while (rest.length > 0 && ['that', 'we', 'to', 'you', ','].includes(rest[0]!.normal)) rest = rest.slice(1);
  return rest.filter((token) => token.isWord).length >= 2 ? rest : null;
}

function capitalise(text: string): string {
  return text.length === 0 ? text : text[0]!.toUpperCase() + text.slice(1);
}

/** A sentence's text sliced from the original answer (verbatim), trimmed; '' when it cannot be located. */
function sentenceText(original: string, sentence: AnalyzedSentence): string {
  const { start, end } = sentence.sentence;
  if (start < 0 || end <= start) return '';
  return original.slice(start, end).trim();
}

/** A quote of at most {@link QUOTE_CHARS_MAX} characters: the sentence, or its start cut at a word boundary. */
function quoteOf(text: string): string {
  if (text.length <= QUOTE_CHARS_MAX) return text;
  const cut = text.slice(0, QUOTE_CHARS_MAX);
  const boundary = cut.search(/\s\S*$/u);
  return (boundary > 40 ? cut.slice(0, boundary) : cut).trimEnd();
}

/** How much a single word names a theme, by part of speech: things over qualities over actions. */
const posWeights: Record<string, number> = { PROPN: 1, NOUN: 1, ADJ: 0.6, VERB: 0.5, NUM: 0.3 };

function jaccard(a: number[], b: number[]): number {
  const set = new Set(a);
  const shared = b.filter((item) => set.has(item)).length;
  return shared / (a.length + b.length - shared);
}

/** "a", "a and b", "a, b and c". */
function listWords(words: string[]): string {
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

/** Share of the smaller list's items found in the other (0–1). */
function overlap(a: string[], b: string[]): number {
  if (a.length === 0 || b.length === 0) return 0;
  const set = new Set(b);
  return a.filter((item) => set.has(item)).length / Math.min(a.length, b.length);
}

// ---------------------------------------------------------------------------------------------
// Budget: ≤ maxKeyPoints key points, own words ≤ maxWords, by priority

function fitToBudget(
  task: SummarizeTask,
  candidates: Candidate[],
  syntheses: Map<string, string[]>,
  dissent: Map<string, string[]>,
  quotes: Quote[],
  actions: { text: string; answerIds: string[] }[],
): SummaryProposal {
  const answerIds = new Set(task.answers.map((answer) => answer.id));
  const order = candidates.map((candidate, index) => ({ candidate, index }));
  // Each question's lead point first (in question order), then the rest by priority.
  const leads = order.filter(({ candidate }) => candidate.isLead);
  const rest = order
    .filter(({ candidate }) => !candidate.isLead)
    .sort((a, b) => b.candidate.priority - a.candidate.priority || a.index - b.index);
  const chosen = [...leads, ...rest].slice(0, Math.max(0, task.maxKeyPoints)).map(({ candidate }) => ({ candidate, level: 0 }));

  const itemIds = [...syntheses.keys()];
  const synthesisLevel = new Map(itemIds.map((itemId) => [itemId, 0]));
  let actionCount = 0;
  const words = () =>
    chosen.reduce((sum, entry) => sum + countWords(entry.candidate.variants[entry.level]!), 0) +
    itemIds.reduce((sum, itemId) => sum + countWords(syntheses.get(itemId)![synthesisLevel.get(itemId)!] ?? ''), 0) +
    actions.slice(0, actionCount).reduce((sum, action) => sum + countWords(action.text), 0);

  // Shortest forms first; over budget, syntheses go quiet (from the last) and then the lowest key points.
  for (let index = itemIds.length - 1; index >= 0 && words() > task.maxWords; index -= 1) synthesisLevel.set(itemIds[index]!, -1);
  while (chosen.length > 1 && words() > task.maxWords) chosen.pop();
  if (words() > task.maxWords) chosen.pop();
  // Then grow, by priority: fuller key points, syntheses back, fuller syntheses, action items.
  const tryStep = (apply: () => void, undo: () => void) => {
    apply();
    if (words() > task.maxWords) undo();
  };
  const upgrade = (level: number) => {
    for (const entry of chosen) {
      const target = Math.min(level, entry.candidate.variants.length - 1);
      const before = entry.level;
      if (target > before)
        tryStep(
          () => (entry.level = target),
          () => (entry.level = before),
        );
    }
  };
  // Actions a reader can turn into tasks come right after the key points themselves.
  const addActions = (limit: number) => {
    while (actionCount < Math.min(actions.length, limit)) {
      actionCount += 1;
      if (words() > task.maxWords) {
        actionCount -= 1;
        break;
      }
    }
  };
  addActions(2);
  upgrade(1);
  for (const itemId of itemIds)
    if (synthesisLevel.get(itemId) === -1)
      tryStep(
        () => synthesisLevel.set(itemId, 0),
        () => synthesisLevel.set(itemId, -1),
      );
  addActions(ACTION_ITEMS_MAX);
  upgrade(Number.MAX_SAFE_INTEGER);
  for (const itemId of itemIds) {
    const variants = syntheses.get(itemId)!;
    if (synthesisLevel.get(itemId) === 0 && variants.length > 1)
      tryStep(
        () => synthesisLevel.set(itemId, variants.length - 1),
        () => synthesisLevel.set(itemId, 0),
      );
  }

  const keyPoints = chosen
    .map(({ candidate, level }) => ({
      text: candidate.variants[level]!.slice(0, SUMMARY_KEY_POINT_MAX),
      answerIds: candidate.answerIds.filter((id) => answerIds.has(id)),
    }))
    .filter((point) => point.answerIds.length > 0 && point.text.trim().length > 0);
  const seenQuotes = new Set<string>();
  const answerText = new Map(task.answers.map((answer) => [answer.id, answer.text]));
  const keptQuotes = quotes
    .filter((quote) => {
      const key = `${quote.answerId}\u0000${quote.text}`;
      if (seenQuotes.has(key) || quote.text.length === 0 || !answerText.get(quote.answerId)?.includes(quote.text)) return false;
      seenQuotes.add(key);
      return true;
    })
    .slice(0, SUMMARY_QUOTES_MAX);
  return {
    keyPoints,
    perQuestion: itemIds.map((itemId) => ({
      itemId,
      synthesis: (syntheses.get(itemId)![synthesisLevel.get(itemId)!] ?? '').slice(0, SUMMARY_SYNTHESIS_MAX),
      dissentAnswerIds: dissent.get(itemId) ?? [],
    })),
    quotes: keptQuotes,
    actionItems: actions
      .slice(0, actionCount)
      .map((action) => ({ text: action.text, answerIds: action.answerIds.filter((id) => answerIds.has(id)) })),
  };
}
