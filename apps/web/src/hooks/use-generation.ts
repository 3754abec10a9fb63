import type { GenerationProgress } from '@tandem/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { GenerationStreamOptions } from '@/lib/generation-stream';

/** What {@link useGeneration} gives a screen. */
export interface GenerationState<TArgs, TResult> {
  /** Starts a generation; resolves its result, or undefined when it was cancelled. Rejects ApiError. */
  start: (args: TArgs) => Promise<TResult | undefined>;
  /** Cancels the running generation (the server stops and does not count it). */
  cancel: () => void;
  isRunning: boolean;
  /** The last progress the server reported, null before the first. */
  progress: GenerationProgress | null;
}

/**
 * Runs an AI generation (issue #11) with progress and cancel: `run` receives the args and the
 * stream options (signal, onProgress) to pass to postGeneration. Unmounting cancels a running one.
 */
export function useGeneration<TArgs, TResult>(
  run: (args: TArgs, options: GenerationStreamOptions) => Promise<TResult>,
): GenerationState<TArgs, TResult> {
  const controllerRef = useRef<AbortController | null>(null);
  const [isRunning, setIsRunning] = useState(false);
  const [progress, setProgress] = useState<GenerationProgress | null>(null);

  useEffect(() => () => controllerRef.current?.abort(), []);

  const start = useCallback(
    async (args: TArgs) => {
      controllerRef.current?.abort();
      const controller = new AbortController();
      controllerRef.current = controller;
      setIsRunning(true);
      setProgress(null);
      try {
        return await run(args, { signal: controller.signal, onProgress: (next) => !controller.signal.aborted && setProgress(next) });
      } catch (error) {
        if (controller.signal.aborted) return undefined;
        throw error;
      } finally {
        if (controllerRef.current === controller) {
          controllerRef.current = null;
          setIsRunning(false);
          setProgress(null);
        }
      }
    },
    [run],
  );

  const cancel = useCallback(() => {
    controllerRef.current?.abort();
    controllerRef.current = null;
    setIsRunning(false);
    setProgress(null);
  }, []);

  return { start, cancel, isRunning, progress };
}
