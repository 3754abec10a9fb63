import type { Summary, SummaryAnswer, SummaryListItem } from '@tandem/contract';

/** Test ids: a valid uuid whose last group is `n` (the contract's ids are uuids). */
export const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const at = '2026-03-10T12:00:00.000Z';

/** An answer of a summary's scope by person `n` (test data). */
export function makeSummaryAnswer(n: number, text: string, overrides: Partial<SummaryAnswer> = {}): SummaryAnswer {
  return {
    id: uuid(500 + n),
    requestId: uuid(1),
    itemId: uuid(101),
    recipientId: uuid(200 + n),
    contact: { id: uuid(300 + n), firstName: ['Dana', 'Sam', 'Ari'][n - 1] ?? `Person${n}`, lastName: 'Reyes', isFormer: false },
    value: text,
    text,
    submittedAt: at,
    updatedAt: at,
    late: false,
    ...overrides,
  };
}

/**
 * A generated summary (test data): two answers by Dana and Sam, one key point citing Dana, one
 * uncited, a quote of Sam's answer, an action item without a task, a YES_NO spread.
 */
export function makeSummary(overrides: Partial<Summary> = {}): Summary {
  const answers = [makeSummaryAnswer(1, 'We should move the offsite to May.'), makeSummaryAnswer(2, 'May is fine but budget is tight.')];
  return {
    id: uuid(900),
    title: 'Offsite feedback',
    scope: { requestIds: [uuid(1)], contactIds: [], from: null, to: null },
    status: 'DRAFT',
    keyPoints: [
      { id: uuid(701), text: 'People prefer May.', answerIds: [answers[0]!.id] },
      { id: uuid(702), text: 'Budget worries.', answerIds: [] },
    ],
    perQuestion: [
      {
        requestId: uuid(1),
        requestTitle: 'Offsite',
        itemId: uuid(101),
        prompt: 'Move the offsite?',
        kind: 'YES_NO',
        asked: 3,
        answered: 2,
        counts: [
          { label: 'Yes', count: 1 },
          { label: 'No', count: 1 },
        ],
        average: null,
        dissentAnswerIds: [answers[1]!.id],
        synthesis: 'Split on moving it.',
      },
    ],
    quotes: [{ id: uuid(801), answerId: answers[1]!.id, text: 'budget is tight' }],
    actionItems: [{ id: uuid(851), text: 'Check the May budget', answerIds: [answers[1]!.id], taskId: null }],
    redactions: [],
    answers,
    answersAtGeneration: 2,
    answersCovered: 1,
    coverage: { uncoveredAnswerIds: [answers[1]!.id] },
    excludedConfidential: 0,
    freshness: { newAnswers: 0 },
    words: { summary: 12, answers: 15, budget: 60 },
    issues: [],
    provider: { kind: 'BUILT_IN', model: null, fellBack: false, fallbackReason: null },
    generatedAt: at,
    publication: null,
    version: 3,
    createdBy: null,
    createdAt: at,
    updatedAt: at,
    ...overrides,
  };
}

/** A summary as the list shows it (test data). */
export function makeSummaryListItem(overrides: Partial<SummaryListItem> = {}): SummaryListItem {
  return {
    id: uuid(900),
    title: 'Offsite feedback',
    status: 'DRAFT',
    scope: { requestIds: [uuid(1)], contactIds: [uuid(301), uuid(302)], from: null, to: null },
    requestTitles: ['Offsite'],
    keyPointCount: 2,
    answersAtGeneration: 2,
    newAnswers: 3,
    generatedAt: at,
    publishedAt: null,
    isPublicLinkActive: false,
    provider: 'BUILT_IN',
    createdBy: null,
    updatedAt: at,
    ...overrides,
  };
}
