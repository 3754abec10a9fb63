import type { DraftSectionTask, GenerationOptions, SectionDraftProposal } from '../ai-provider.js';
import { analyzeText, contentStems, contentStemsOf } from './nlp.js';
import { reportStage } from './progress.js';

/**
 * The built-in brief drafting (issue #11 "no source, no sentence"): the sources' sentences are
 * ranked by the content words they share with the section's heading, guidance and the assistant's
 * instructions (weighted by rarity across the sources, TF-IDF style), with the brief's title as a
 * weaker signal; a source's label counts as part of each of its sentences. Only sentences that
 * share at least one word of the section itself (or two of the title) count; the best few become
 * the draft, each restated as "{label}: {sentence}" and citing its source. Nothing relevant → no
 * sentences.
 */

/** Longest restated sentence, in characters (a longer source sentence is cut at a word boundary). */
const SENTENCE_CHARS_MAX = 400;

interface Scored {
  sourceIndex: number;
  order: number;
  text: string;
  stems: string[];
  score: number;
}

/** Drafts one brief section from its sources; see the module comment. */
export async function draftBriefSection(task: DraftSectionTask, options: GenerationOptions): Promise<SectionDraftProposal> {
  reportStage(options, 'reading', `Reading ${task.sources.length} sources…`, 0);
  const sectionWeights = new Map<string, number>();
  const addWeights = (text: string, weight: number) => {
    for (const stem of contentStemsOf(text)) sectionWeights.set(stem, Math.max(sectionWeights.get(stem) ?? 0, weight));
  };
  addWeights(task.guidance, 1);
  addWeights(task.heading, 2);
  addWeights(task.instructions, 2);
  const titleStems = new Set(contentStemsOf(task.briefTitle));

  const sentences: Scored[] = [];
  for (const [sourceIndex, source] of task.sources.entries()) {
    if (sourceIndex % 50 === 0) options.signal.throwIfAborted();
    // A source's label says what it is about ("Board prep — Risks", "Task: …"): its words count for each sentence.
    const labelStems = contentStemsOf(source.label);
    for (const sentence of analyzeText(source.text)) {
      if (sentence.start < 0) continue;
      const text = source.text.slice(sentence.start, sentence.end).replace(/\s+/g, ' ').trim();
      const stems = contentStems(sentence.tokens);
      if (stems.length === 0 || text.length === 0) continue;
      sentences.push({ sourceIndex, order: sentences.length, text, stems: [...new Set([...stems, ...labelStems])], score: 0 });
    }
  }

  reportStage(options, 'ranking', 'Ranking source sentences…', 0.4);
  const frequency = new Map<string, number>();
  for (const sentence of sentences) for (const stem of sentence.stems) frequency.set(stem, (frequency.get(stem) ?? 0) + 1);
  const idf = (stem: string) => Math.log((1 + sentences.length) / (1 + (frequency.get(stem) ?? 0))) + 1;
  const relevant: Scored[] = [];
  for (const sentence of sentences) {
    const sectionHits = sentence.stems.filter((stem) => sectionWeights.has(stem));
    const titleHits = sentence.stems.filter((stem) => titleStems.has(stem) && !sectionWeights.has(stem));
    if (sectionHits.length === 0 && titleHits.length < 2) continue;
    const raw =
      sectionHits.reduce((sum, stem) => sum + sectionWeights.get(stem)! * idf(stem), 0) +
      titleHits.reduce((sum, stem) => sum + 0.5 * idf(stem), 0);
    relevant.push({ ...sentence, score: raw / Math.sqrt(Math.max(4, sentence.stems.length)) });
  }
  relevant.sort((a, b) => b.score - a.score || a.order - b.order);

  reportStage(options, 'quoting', 'Writing the draft…', 0.8);
  const picked: Scored[] = [];
  for (const sentence of relevant) {
    if (picked.length >= task.maxSentences) break;
    const isRepeat = picked.some((other) => similarity(other.stems, sentence.stems) >= 0.8);
    if (!isRepeat) picked.push(sentence);
  }
  // Read in the sources' order, so a draft follows the material rather than the scores.
  picked.sort((a, b) => a.order - b.order);
  const draft = {
    sentences: picked.map((sentence) => {
      const source = task.sources[sentence.sourceIndex]!;
      const label = source.label.replace(/\s+/g, ' ').trim();
      const body = cut(sentence.text);
      return { text: label ? `${label}: ${body}` : body, sourceIds: [source.id] };
    }),
  };
  reportStage(options, 'quoting', 'Done.', 1);
  return draft;
}

/** Jaccard similarity of two stem lists. */
function similarity(a: string[], b: string[]): number {
  const union = new Set([...a, ...b]);
  const shared = a.filter((stem) => b.includes(stem)).length;
  return union.size === 0 ? 0 : shared / union.size;
}

function cut(text: string): string {
  if (text.length <= SENTENCE_CHARS_MAX) return text;
  const slice = text.slice(0, SENTENCE_CHARS_MAX);
  const boundary = slice.lastIndexOf(' ');
  return `${(boundary > 40 ? slice.slice(0, boundary) : slice).trimEnd()}…`;
}
