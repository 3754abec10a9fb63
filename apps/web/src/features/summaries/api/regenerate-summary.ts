import type { RegeneratedSummary } from '@tandem/contract';
import { postGeneration, type GenerationStreamOptions } from '@/lib/generation-stream';
import { summariesPath } from './summary-keys';

/**
 * POST …/summaries/{summaryId}/update {version} (streamed): regenerates the summary over its scope
 * with the answers as they are now → `{ summary, previous }` for "What changed" (issue #11).
 * Rejects ApiError: 409 VERSION_CONFLICT, 402 PLAN_LIMIT; AbortError when cancelled.
 */
export function regenerateSummary(
  workspaceId: string,
  summaryId: string,
  version: number,
  options: GenerationStreamOptions,
): Promise<RegeneratedSummary> {
  return postGeneration<RegeneratedSummary>(summariesPath(workspaceId, summaryId, 'update'), { version }, options);
}
