import type { AiGenerationKind, AiProviderInfo, AiStatus } from '@tandem/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config/env.js';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import type { AiProvider, GenerationOptions } from './ai-provider.js';
import {
  countAiGenerationsThisMonth,
  getAiLimit,
  nextMonthStart,
  releaseAiGeneration,
  reserveAiGeneration,
  setAiGenerationProvider,
} from './ai-usage.js';
import { builtInProvider } from './built-in/built-in-provider.js';
import { describeModelFailure } from './fallback-reason.js';
import { createModelProvider } from './model-provider.js';

const errorName = (error: unknown) => (error instanceof Error ? error.name : typeof error);

/**
 * One generation a feature asks for. `run` calls the provider it is given; `check` (optional)
 * says why an output cannot be used (a citation outside the sources, a quote not in its answer…)
 * or returns null. A model's output that throws or fails the check falls back to the built-in
 * provider (issue #11 "a visible fall-back"); the built-in provider's output must pass. The
 * check's words end the user-facing reason "The AI model’s answer did not check out: …", so write
 * a short clause with a full stop ("it quoted words that are not in the answer.").
 */
export interface GenerationTask<T> {
  kind: AiGenerationKind;
  workspaceId: string;
  /** The member who asked (recorded with the usage row). */
  memberId: string | null;
  run(provider: AiProvider, options: GenerationOptions): Promise<T>;
  check?(output: T): string | null;
}

export interface AiServiceOptions {
  db: Database;
  config: AppConfig['ai'];
  logger: FastifyBaseLogger;
}

/**
 * The app's AI (issue #11; PRODUCT §8, §9): picks the provider, counts generations against the
 * plan, and falls back to the built-in provider when the model fails. Decorated as `app.ai`.
 */
export class AiService {
  readonly #db: Database;
  readonly #model: AiProvider | null;
  readonly #logger: FastifyBaseLogger;

  constructor(options: AiServiceOptions) {
    this.#db = options.db;
    this.#logger = options.logger;
    this.#model = options.config ? createModelProvider(options.config) : null;
  }

  /** The provider generations go to first: the model when configured, else the built-in one. */
  get provider(): AiProvider {
    return this.#model ?? builtInProvider;
  }

  /** GET v1/workspaces/{id}/ai: the provider in use and this month's usage. */
  async status(workspaceId: string, now = new Date()): Promise<AiStatus> {
    const [used, { limit }] = await Promise.all([
      countAiGenerationsThisMonth(this.#db, workspaceId, now),
      getAiLimit(this.#db, workspaceId),
    ]);
    return {
      provider: this.provider.kind,
      model: this.provider.model,
      usage: { used, limit, resetsAt: nextMonthStart(now).toISOString() },
    };
  }

  /**
   * Runs `task`: reserves one generation of the month (402 PLAN_LIMIT when used up), runs it on the
   * model when configured, and falls back to the built-in provider when the model throws (error,
   * timeout, invalid JSON, schema mismatch) or its output fails `check`; the result then says
   * `fellBack: true` with the reason. One call is one reservation, whatever the fall-back; it is
   * given back when the generation is cancelled (`signal`) or fails.
   * @throws 402 PLAN_LIMIT; 500 INTERNAL when the built-in output fails its check; a cancelled
   *   generation rejects with the signal's reason (an AbortError) and never falls back.
   */
  async generate<T>(task: GenerationTask<T>, options: Partial<GenerationOptions> = {}): Promise<{ output: T; provider: AiProviderInfo }> {
    const signal = options.signal ?? new AbortController().signal;
    const onProgress = options.onProgress ?? (() => undefined);
    const reservation = await this.#db.transaction((tx) =>
      reserveAiGeneration(tx, { workspaceId: task.workspaceId, memberId: task.memberId, kind: task.kind, provider: this.provider.kind }),
    );
    try {
      signal.throwIfAborted();
      let fallbackReason: string | null = null;
      if (this.#model) {
        const model = this.#model;
        try {
          const output = await task.run(model, { signal, onProgress });
          signal.throwIfAborted();
          const problem = task.check?.(output) ?? null;
          if (!problem) return { output, provider: { kind: model.kind, model: model.model, fellBack: false, fallbackReason: null } };
          fallbackReason = `The AI model’s answer did not check out: ${problem}`;
          this.#logger.warn({ kind: task.kind, reason: fallbackReason }, 'the AI model’s output failed its check; falling back');
        } catch (error) {
          signal.throwIfAborted();
          fallbackReason = describeModelFailure(error);
          // Errors may quote the model's text (a schema mismatch does), which may quote answers: log the name only.
          this.#logger.warn({ kind: task.kind, reason: fallbackReason, error: errorName(error) }, 'the AI model failed; falling back');
        }
        onProgress({ stage: 'fallback', message: 'Using the built-in assistant instead…' });
      }
      const output = await task.run(builtInProvider, { signal, onProgress });
      signal.throwIfAborted();
      const problem = task.check?.(output) ?? null;
      if (problem) {
        this.#logger.error({ kind: task.kind, problem }, 'the built-in AI provider produced an output that failed its check');
        throw new AppError('INTERNAL', 'The assistant could not produce a usable result. Try again.');
      }
      if (fallbackReason) await setAiGenerationProvider(this.#db, task.workspaceId, reservation, builtInProvider.kind);
      return {
        output,
        provider: { kind: builtInProvider.kind, model: null, fellBack: fallbackReason !== null, fallbackReason },
      };
    } catch (error) {
      await releaseAiGeneration(this.#db, task.workspaceId, reservation);
      throw error;
    }
  }
}
