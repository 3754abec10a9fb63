import type { PublicAnswersState } from '@tandem/contract';
import { apiRequest } from '@/lib/api-client';
import { publicQuestionPath } from './get-public-question';

/**
 * POST v1/public/questions/{shortUrl}/submit → the recipient's state after "I'm done" (ANSWERED).
 * Rejects 400 VALIDATION_FAILED with errorData keyed by item id for each required item without an
 * answer, 409 when the request is closed, 410 when the link is no longer active.
 */
export function submitPublicAnswers(shortUrl: string): Promise<PublicAnswersState> {
  return apiRequest<PublicAnswersState>(`${publicQuestionPath(shortUrl)}/submit`, { method: 'POST', body: {}, skipAuthRefresh: true });
}
