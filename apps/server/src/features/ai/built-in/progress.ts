import type { GenerationOptions } from '../ai-provider.js';

/**
 * Reports a stage of a built-in generation and stops when the caller aborted (cancel, timeout):
 * throws the signal's reason, as the provider interface asks (issue #11 "a generation can be
 * cancelled"). Called between stages, so an abort is seen within one stage's work.
 */
export function reportStage(options: GenerationOptions, stage: string, message: string, fraction: number): void {
  options.signal.throwIfAborted();
  options.onProgress({ stage, message, fraction });
}
