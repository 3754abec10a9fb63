import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { REDACTED_NAME, countWords, summaryWordBudget, type SummaryAnswer } from '@tandem/contract';
import { toPublicSummary } from './redaction.js';
import { computeSpread, type SpreadQuestion } from './spreads.js';
import { findContentProblems, type CheckSources } from './summary-checks.js';

const question = (kind: SpreadQuestion['kind'], options: string[] = []): SpreadQuestion => ({
  requestId: randomUUID(),
  requestTitle: 'Request',
  itemId: randomUUID(),
  prompt: 'Prompt?',
  kind,
  options,
});

describe('spreads (property)', () => {
  it('counts every yes/no answer once and names the minority as dissent when a strict majority exists', () => {
    fc.assert(
      fc.property(fc.array(fc.boolean(), { maxLength: 40 }), (values) => {
        const answers = values.map((value) => ({ id: randomUUID(), value }));
        const spread = computeSpread(question('YES_NO'), answers, values.length + 2);
        const yes = values.filter(Boolean).length;
        expect(spread.counts).toEqual([
          { label: 'Yes', count: yes },
          { label: 'No', count: values.length - yes },
        ]);
        expect(spread.answered).toBe(values.length);
        expect(spread.asked).toBe(values.length + 2);
        const majority = Math.max(yes, values.length - yes);
        expect(spread.dissentAnswerIds).toHaveLength(majority * 2 > values.length ? values.length - majority : 0);
      }),
    );
  });

  it('averages a scale within 1..5 to two decimals; dissent is 2 or more from the median', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 1, maxLength: 40 }), (values) => {
        const answers = values.map((value) => ({ id: randomUUID(), value }));
        const spread = computeSpread(question('SCALE_1_5'), answers, values.length);
        expect(spread.counts.reduce((sum, entry) => sum + entry.count, 0)).toBe(values.length);
        const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
        expect(Math.abs(spread.average! - mean)).toBeLessThanOrEqual(0.005 + 1e-9);
        const sorted = [...values].sort((a, b) => a - b);
        const middle = Math.floor(sorted.length / 2);
        const median = sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
        const expected = answers.filter((answer) => Math.abs(answer.value - median) >= 2).map((answer) => answer.id);
        expect(spread.dissentAnswerIds).toEqual(expected);
      }),
    );
  });

  it('counts multi-choice answers under each option chosen and keeps open-text dissent to its own answers', () => {
    const options = ['A', 'B', 'C', 'D'];
    fc.assert(
      fc.property(fc.array(fc.subarray(options, { minLength: 1 }), { maxLength: 30 }), (values) => {
        const answers = values.map((value) => ({ id: randomUUID(), value }));
        const spread = computeSpread(question('MULTI_CHOICE', options), answers, values.length);
        for (const entry of spread.counts) expect(entry.count).toBe(values.filter((value) => value.includes(entry.label)).length);
      }),
    );
    const open = computeSpread(question('OPEN_TEXT'), [{ id: 'a', value: 'x' }], 1, ['a', 'elsewhere']);
    expect(open.dissentAnswerIds).toEqual(['a']);
  });
});

/** Random answers with texts; a quote is any non-empty span of one. */
const sourcesArbitrary = fc.array(fc.string({ minLength: 1, maxLength: 60 }), { minLength: 1, maxLength: 8 }).map((texts): CheckSources => {
  const itemId = randomUUID();
  return {
    answers: texts.map((text) => ({ id: randomUUID(), itemId, contactId: randomUUID(), text })),
    items: [{ requestId: randomUUID(), itemId }],
  };
});

describe('summary checks (property)', () => {
  it('accepts every verbatim span and rejects a changed one or a citation outside the sources', () => {
    fc.assert(
      fc.property(sourcesArbitrary, fc.nat(), fc.nat(), fc.nat(), (sources, pick, start, length) => {
        const answer = sources.answers[pick % sources.answers.length]!;
        const from = start % answer.text.length;
        const span = answer.text.slice(from, from + 1 + (length % (answer.text.length - from)));
        const content = {
          keyPoints: [{ text: 'A point.', answerIds: [answer.id] }],
          perQuestion: [],
          quotes: [{ answerId: answer.id, text: span }],
          actionItems: [],
        };
        const rules = { requireCitations: true, enforceBudget: false };
        expect(findContentProblems(content, sources, rules)).toEqual({});
        const changed = `${span}\u2063`;
        if (!answer.text.includes(changed)) {
          expect(findContentProblems({ ...content, quotes: [{ answerId: answer.id, text: changed }] }, sources, rules)).toHaveProperty([
            'quotes.0.text',
          ]);
        }
        const outside = { ...content, keyPoints: [{ text: 'A point.', answerIds: [randomUUID()] }] };
        expect(findContentProblems(outside, sources, rules)).toHaveProperty(['keyPoints.0.answerIds']);
        const uncited = { ...content, keyPoints: [{ text: 'A point.', answerIds: [] }] };
        expect(findContentProblems(uncited, sources, rules)).toHaveProperty(['keyPoints.0.answerIds']);
        expect(findContentProblems(uncited, sources, { ...rules, requireCitations: false })).toEqual({});
      }),
    );
  });

  it('refuses more words than the budget when it is enforced', () => {
    fc.assert(
      fc.property(sourcesArbitrary, fc.integer({ min: 0, max: 300 }), (sources, words) => {
        const text = Array.from({ length: words }, () => 'word').join(' ');
        const content = { keyPoints: [], perQuestion: [], quotes: [], actionItems: [{ text: text || 'x', answerIds: [] }] };
        const problems = findContentProblems(content, sources, { requireCitations: true, enforceBudget: true });
        const answerWords = sources.answers.reduce((sum, answer) => sum + countWords(answer.text), 0);
        expect('words' in problems).toBe(Math.max(words, 1) > summaryWordBudget(answerWords));
      }),
    );
  });
});

/** Names of letters that never occur in the replacements, so a leftover is a real leak. */
const nameArbitrary = fc.stringMatching(/^[XYZQKxyzqk]{2,8}$/);

describe('redaction (property)', () => {
  it('removes every whole-word occurrence of a redacted name, in any case, from every public text', () => {
    fc.assert(
      fc.property(nameArbitrary, nameArbitrary, fc.array(fc.string({ maxLength: 20 }), { maxLength: 5 }), (first, last, fillers) => {
        const contactId = randomUUID();
        const answerId = randomUUID();
        const sentence = [...fillers, ` ${first.toUpperCase()} `, `${first} ${last}`, ` ${last.toLowerCase()}.`].join(' ');
        const answer: SummaryAnswer = {
          id: answerId,
          requestId: randomUUID(),
          itemId: randomUUID(),
          recipientId: randomUUID(),
          contact: { id: contactId, firstName: first, lastName: last, isFormer: false },
          value: sentence,
          text: sentence,
          submittedAt: new Date().toISOString(),
          updatedAt: new Date().toISOString(),
          late: false,
        };
        const published = toPublicSummary(
          {
            title: 'T',
            keyPoints: [{ id: randomUUID(), text: sentence, answerIds: [answerId] }],
            perQuestion: [],
            quotes: [{ id: randomUUID(), answerId, text: sentence }],
            actionItems: [{ id: randomUUID(), text: sentence, answerIds: [], taskId: null }],
            redactions: [{ id: randomUUID(), kind: 'NAME', contactId, replacement: '' }],
            answers: [answer],
          },
          'Workspace',
          new Date(),
        );
        const boundary = (name: string) => new RegExp(`(?<![\\p{L}\\p{N}])${name}(?![\\p{L}\\p{N}])`, 'iu');
        for (const text of [published.keyPoints[0]!.text, published.quotes[0]!.text, published.actionItems[0]!.text]) {
          expect(text).not.toMatch(boundary(first));
          expect(text).not.toMatch(boundary(last));
          expect(text).toContain(REDACTED_NAME);
        }
        expect(published.quotes[0]!.by).toBe(REDACTED_NAME);
        expect(published.keyPoints[0]!.citedBy).toEqual([REDACTED_NAME]);
      }),
    );
  });
});
