import type { GenerateSummaryInput, Summary } from '@tandem/contract';
import { postGeneration, type GenerationStreamOptions } from '@/lib/generation-stream';
import { summariesPath } from './summary-keys';

/**
 * POST v1/workspaces/{id}/summaries/generate (streamed: progress, then the saved DRAFT summary;
 * issue #11 step 1 → step 2). Rejects ApiError: 400 errorData per field (title, scope.requestIds,
 * scope.to…), 409 for a confidential request, 402 PLAN_LIMIT over the month's generations; the
 * signal's AbortError when cancelled.
 */
export function generateSummary(workspaceId: string, body: GenerateSummaryInput, options: GenerationStreamOptions): Promise<Summary> {
  return postGeneration<Summary>(`${summariesPath(workspaceId)}/generate`, body, options);
}
