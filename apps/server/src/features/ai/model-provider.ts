import { createRequire } from 'node:module';
import type * as OpenAiCompatible from '@ai-sdk/openai-compatible';
import type * as AiSdk from 'ai';
import type { z } from 'zod';
import type { AppConfig } from '../../config/env.js';
import type { AiProvider, GenerationOptions } from './ai-provider.js';
import { ProposedQuestionsOutputSchema, SectionDraftOutputSchema, SummaryProposalOutputSchema } from './ai-schemas.js';
import { draftPrompt, questionsPrompt, summaryPrompt, type ModelPrompt } from './prompts.js';

const require = createRequire(import.meta.url);

/** The model took longer than AI_TIMEOUT_SECONDS (AiService reports it as the fall-back reason). */
export class ModelTimeoutError extends Error {
  constructor(timeoutMs: number) {
    super(`The AI model did not answer within ${timeoutMs / 1000} seconds.`);
    this.name = 'ModelTimeoutError';
  }
}

/**
 * The OpenAI-compatible model provider (issue #11; PRODUCT §9) through the AI SDK: one streamed
 * chat completion per task whose answer must be JSON matching the task's zod schema
 * (ai-schemas.ts). The text so far is reported as progress (stage "model"); the call is aborted by
 * the caller's signal or after `config.timeoutMs`, and retried once on a retryable error (HTTP 5xx,
 * 429, a dropped connection). Any failure rejects: AiService then falls back to the built-in provider.
 */
export function createModelProvider(config: NonNullable<AppConfig['ai']>): AiProvider {
  // The AI SDK is required only when a model is configured (AI_BASE_URL): 90 ms of every cold
  // start otherwise (issue #13).
  const { createOpenAICompatible } = require('@ai-sdk/openai-compatible') as typeof OpenAiCompatible;
  const { Output, streamText } = require('ai') as typeof AiSdk;
  const provider = createOpenAICompatible({
    name: 'tandem',
    baseURL: config.baseUrl,
    apiKey: config.apiKey,
    supportsStructuredOutputs: true,
  });
  const model = provider.chatModel(config.model);

  async function run<T>(schema: z.ZodType<T>, prompt: ModelPrompt, options: GenerationOptions): Promise<T> {
    const timeout = AbortSignal.timeout(config.timeoutMs);
    const signal = AbortSignal.any([options.signal, timeout]);
    let streamError: unknown;
    try {
      const result = streamText({
        model,
        system: prompt.system,
        prompt: prompt.prompt,
        output: Output.object({ schema }),
        temperature: 0.2,
        maxRetries: 1,
        abortSignal: signal,
        onError: ({ error }) => {
          streamError = error;
        },
      });
      let partialText = '';
      for await (const delta of result.textStream) {
        partialText += delta;
        options.onProgress({ stage: 'model', message: 'Writing…', partialText });
      }
      return await result.output;
    } catch (error) {
      options.signal.throwIfAborted();
      if (timeout.aborted) throw new ModelTimeoutError(config.timeoutMs);
      // The stream's own error (HTTP status, bad JSON) says more than "no output generated".
      throw streamError ?? error;
    }
  }

  return {
    kind: 'MODEL',
    model: config.model,
    generateQuestions: async (input, options) =>
      (await run(ProposedQuestionsOutputSchema, questionsPrompt(input), options)).questions.map((question) => ({ ...question })),
    summarizeAnswers: (input, options) => run(SummaryProposalOutputSchema, summaryPrompt(input), options),
    draftBriefSection: (input, options) => run(SectionDraftOutputSchema, draftPrompt(input), options),
  };
}
