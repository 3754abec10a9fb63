import { ItemKindSchema } from '@tandem/contract';
import { z } from 'zod';

/**
 * What the model must answer, per task (issue #11): the provider outputs of ai-provider.ts as zod
 * schemas. The AI SDK sends them as the JSON schema of the answer and validates the answer against
 * them; an answer that does not parse or match fails the call (and AiService falls back). Every
 * field is required (strict structured-output endpoints refuse optional ones).
 */
export const ProposedQuestionsOutputSchema = z.object({
  questions: z.array(
    z.object({
      prompt: z.string(),
      kind: ItemKindSchema,
      options: z.array(z.string()),
      required: z.boolean(),
      reason: z.string(),
    }),
  ),
});

const citedText = z.object({ text: z.string(), answerIds: z.array(z.string()) });

export const SummaryProposalOutputSchema = z.object({
  keyPoints: z.array(citedText),
  perQuestion: z.array(z.object({ itemId: z.string(), synthesis: z.string(), dissentAnswerIds: z.array(z.string()) })),
  quotes: z.array(z.object({ answerId: z.string(), text: z.string() })),
  actionItems: z.array(citedText),
});

export const SectionDraftOutputSchema = z.object({
  sentences: z.array(z.object({ text: z.string(), sourceIds: z.array(z.string()) })),
});
