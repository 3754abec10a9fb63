import type { GeneratedQuestions, GenerateQuestionsInput } from '@tandem/contract';
import { postGeneration, type GenerationStreamOptions } from '@/lib/generation-stream';
import { workspacePath } from './ai-paths';

/**
 * POST v1/workspaces/{id}/questions/generate (contract GenerateQuestionsBodySchema →
 * GeneratedQuestions; issue #11): proposes `count` questions for the goal and audience, streamed
 * with progress. Rejects ApiError: 400 with errorData per field, 402 PLAN_LIMIT (AI generations this
 * month), 403 for a USER or GUEST; the signal's AbortError when cancelled.
 */
export function generateQuestions(
  workspaceId: string,
  body: GenerateQuestionsInput,
  options?: GenerationStreamOptions,
): Promise<GeneratedQuestions> {
  return postGeneration<GeneratedQuestions>(`${workspacePath(workspaceId)}/questions/generate`, body, options);
}
