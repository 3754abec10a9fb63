import type { AiGenerationKind, AiProviderInfo, AiStatus } from '@tandem/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config/env.js';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import type { AiProvider, GenerationOptions } from './ai-provider.js';
import { countAiGenerationsThisMonth, getAiLimit, nextMonthStart, releaseAiGeneration, reserveAiGeneration } from './ai-usage.js';
import { builtInProvider } from './built-in/built-in-provider.js';

/**
 * One generation a feature asks for. `run` calls the provider it is given; `check` (optional)
 * says why an output cannot be used (a citation outside the sources, a quote not in its answer…)
 * or returns null. A model's output that throws or fails the check falls back to the built-in
 * provider (issue #11 "a visible fall-back"); the built-in provider's output must pass.
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
    // The OpenAI-compatible provider arrives with model-provider.ts (issue #11); until configured, built-in only.
    this.#model = null;
    void options.config;
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
   * Runs `task`: reserves one generation of the month (402 PLAN_LIMIT when used up), runs it, and
   * gives the reservation back when it is cancelled (`signal`) or fails.
   * @throws 402 PLAN_LIMIT; 499-like AppError 'CONFLICT' never — a cancelled generation rejects
   *   with the signal's reason (an AbortError).
   */
  async generate<T>(task: GenerationTask<T>, options: Partial<GenerationOptions> = {}): Promise<{ output: T; provider: AiProviderInfo }> {
    const signal = options.signal ?? new AbortController().signal;
    const onProgress = options.onProgress ?? (() => undefined);
    const provider = this.provider;
    const reservation = await this.#db.transaction((tx) =>
      reserveAiGeneration(tx, { workspaceId: task.workspaceId, memberId: task.memberId, kind: task.kind, provider: provider.kind }),
    );
    try {
      signal.throwIfAborted();
      const output = await task.run(provider, { signal, onProgress });
      signal.throwIfAborted();
      const problem = task.check?.(output) ?? null;
      if (problem) {
        this.#logger.error({ kind: task.kind, problem }, 'the built-in AI provider produced an output that failed its check');
        throw new AppError('INTERNAL', 'The assistant could not produce a usable result. Try again.');
      }
      return { output, provider: { kind: provider.kind, model: provider.model, fellBack: false, fallbackReason: null } };
    } catch (error) {
      await releaseAiGeneration(this.#db, task.workspaceId, reservation);
      throw error;
    }
  }
}
