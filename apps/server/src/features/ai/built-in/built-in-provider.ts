import type { AiProvider } from '../ai-provider.js';

/**
 * The built-in offline provider (issue #11; PRODUCT §9): deterministic, no key, no download.
 * PLACEHOLDER until the built-in provider lands: valid, minimal proposals only.
 */
export const builtInProvider: AiProvider = {
  kind: 'BUILT_IN',
  model: null,
  async generateQuestions(input) {
    return Array.from({ length: input.count }, (_, index) => ({
      prompt: index === 0 ? `What should we know about ${input.goal}?` : `What else matters about ${input.goal} (${index + 1})?`,
      kind: 'OPEN_TEXT' as const,
      options: [],
      required: true,
      reason: 'Asks directly about the goal.',
    }));
  },
  async summarizeAnswers(input) {
    const byItem = new Map<string, typeof input.answers>();
    for (const answer of input.answers) byItem.set(answer.itemId, [...(byItem.get(answer.itemId) ?? []), answer]);
    const keyPoints = input.questions
      .filter((question) => byItem.has(question.itemId))
      .slice(0, input.maxKeyPoints)
      .map((question) => ({
        text: `Answers to “${question.prompt}”.`,
        answerIds: byItem.get(question.itemId)!.map((answer) => answer.id),
      }));
    return {
      keyPoints,
      perQuestion: input.questions.map((question) => ({ itemId: question.itemId, synthesis: '', dissentAnswerIds: [] })),
      quotes: input.answers.slice(0, 3).map((answer) => ({ answerId: answer.id, text: answer.text })),
      actionItems: [],
    };
  },
  async draftBriefSection(input) {
    return { sentences: input.sources.slice(0, input.maxSentences).map((source) => ({ text: source.text, sourceIds: [source.id] })) };
  },
};
