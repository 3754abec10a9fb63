import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countWords, isComposerItem } from '@tandem/contract';
import type { AnswerForAi, GenerationOptions, QuestionForAi, SummarizeTask } from '../ai-provider.js';
import { builtInProvider } from './built-in-provider.js';

const options: GenerationOptions = { signal: new AbortController().signal, onProgress: () => {} };

/** Words, punctuation, whitespace of every kind, emoji, other scripts, markup: what people type. */
const fragment = fc.oneof(
  fc.constantFrom(
    'We should',
    'the budget',
    'travel time',
    'I disagree.',
    'but',
    'however,',
    'Lisbon',
    'not',
    'please follow up by Friday',
    'great',
    'too slow',
  ),
  fc.constantFrom(
    ' ',
    '  ',
    '\n',
    '\n\n',
    '\t',
    '\u00a0',
    '.',
    '!',
    '?',
    '…',
    '“',
    '”',
    '"',
    "'",
    '—',
    '-',
    ';',
    ',',
    '*',
    '#',
    '<b>',
    '</b>',
    '`',
  ),
  fc.constantFrom('日本語の回答です。', 'Très bien, mais non.', 'مرحبا', '👍🏽', 'e\u0301', '\u200b'),
  fc.string({ unit: 'grapheme', maxLength: 12 }),
);
const answerText = fc
  .array(fragment, { minLength: 1, maxLength: 25 })
  .map((parts) => parts.join(''))
  .filter((text) => text.trim().length > 0);

const questions: QuestionForAi[] = [
  { requestId: 'r', requestTitle: 'R', itemId: 'open', prompt: 'What do you think about the plan?', kind: 'OPEN_TEXT', options: [] },
  {
    requestId: 'r',
    requestTitle: 'R',
    itemId: 'choice',
    prompt: 'Which city?',
    kind: 'SINGLE_CHOICE',
    options: ['Lisbon', 'Austin', 'Porto'],
  },
  {
    requestId: 'r',
    requestTitle: 'R',
    itemId: 'multi',
    prompt: 'Which teams?',
    kind: 'MULTI_CHOICE',
    options: ['Sales', 'Support; tier 2', 'Support'],
  },
  { requestId: 'r', requestTitle: 'R', itemId: 'scale', prompt: 'How satisfied?', kind: 'SCALE_1_5', options: [] },
  { requestId: 'r', requestTitle: 'R', itemId: 'yes', prompt: 'Keep it?', kind: 'YES_NO', options: [] },
  { requestId: 'r', requestTitle: 'R', itemId: 'date', prompt: 'When?', kind: 'DATE', options: [] },
];

const answer = fc.oneof(
  { weight: 4, arbitrary: fc.record({ itemId: fc.constant('open'), text: answerText }) },
  fc.record({ itemId: fc.constant('choice'), text: fc.constantFrom('Lisbon', 'Austin', 'Porto') }),
  fc.record({
    itemId: fc.constant('multi'),
    text: fc.subarray(['Sales', 'Support; tier 2', 'Support'], { minLength: 1 }).map((chosen) => chosen.join('; ')),
  }),
  fc.record({ itemId: fc.constant('scale'), text: fc.integer({ min: 1, max: 5 }).map(String) }),
  fc.record({ itemId: fc.constant('yes'), text: fc.constantFrom('Yes', 'No') }),
  fc.record({ itemId: fc.constant('date'), text: fc.constantFrom('2026-01-15', '2026-02-01', '2026-12-31') }),
);

const task = fc
  .record({
    answers: fc.array(fc.record({ answer, person: fc.integer({ min: 0, max: 6 }) }), { maxLength: 30 }),
    maxKeyPoints: fc.integer({ min: 1, max: 10 }),
    maxWords: fc.integer({ min: 60, max: 300 }),
  })
  .map(({ answers, maxKeyPoints, maxWords }): SummarizeTask => ({
    title: 'Random',
    questions,
    answers: answers.map(({ answer: { itemId, text }, person }, index): AnswerForAi => ({
      id: `answer-${index}`,
      requestId: 'r',
      itemId,
      contactId: `person-${person}`,
      name: `Person ${person}`,
      text,
    })),
    maxKeyPoints,
    maxWords,
  }));

describe('built-in provider (properties)', () => {
  it('quotes are verbatim spans of their answers, key points cite known answers, limits hold', async () => {
    await fc.assert(
      fc.asyncProperty(task, async (input) => {
        const summary = await builtInProvider.summarizeAnswers(input, options);
        const texts = new Map(input.answers.map((entry) => [entry.id, entry.text]));
        for (const quote of summary.quotes) {
          expect(quote.text.length).toBeGreaterThan(0);
          expect(texts.get(quote.answerId)).toContain(quote.text);
        }
        expect(summary.keyPoints.length).toBeLessThanOrEqual(input.maxKeyPoints);
        for (const point of summary.keyPoints) {
          expect(point.answerIds.length).toBeGreaterThan(0);
          expect(point.text.trim().length).toBeGreaterThan(0);
        }
        const cited = [...summary.keyPoints, ...summary.actionItems].flatMap((entry) => entry.answerIds);
        const flagged = summary.perQuestion.flatMap((entry) => entry.dissentAnswerIds);
        for (const id of [...cited, ...flagged]) expect(texts.has(id)).toBe(true);
        const words = [
          ...summary.keyPoints.map((entry) => entry.text),
          ...summary.perQuestion.map((entry) => entry.synthesis),
          ...summary.actionItems.map((entry) => entry.text),
        ]
          .map(countWords)
          .reduce((sum, count) => sum + count, 0);
        expect(words).toBeLessThanOrEqual(input.maxWords);
      }),
      { numRuns: 150 },
    );
  });

  it('generated questions are always valid composer items, distinct and as many as asked', async () => {
    const goal = fc
      .array(fragment, { minLength: 1, maxLength: 30 })
      .map((parts) => parts.join('').trim().slice(0, 1_000))
      .filter((text) => text.length >= 3);
    await fc.assert(
      fc.asyncProperty(goal, fc.string({ maxLength: 80 }), fc.integer({ min: 1, max: 20 }), async (text, audience, count) => {
        const proposals = await builtInProvider.generateQuestions({ goal: text, audience, count }, options);
        expect(proposals).toHaveLength(count);
        for (const proposal of proposals) {
          expect(isComposerItem(proposal)).toBe(true);
          expect(proposal.reason.length).toBeGreaterThan(0);
        }
        expect(new Set(proposals.map((proposal) => proposal.prompt.trim().toLowerCase())).size).toBe(count);
      }),
      { numRuns: 150 },
    );
  });
});
