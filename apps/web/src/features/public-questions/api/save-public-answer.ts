import type { AnswerValue, PublicAnswersState } from '@tandem/contract';
import { apiRequest } from '@/lib/api-client';
import { publicQuestionPath } from './get-public-question';

/**
 * PUT v1/public/questions/{shortUrl}/answers/{itemId} {value} → the recipient's state and answers
 * after the save (issue #10 "each answer saved as it is given"); `value` null clears the answer.
 * Rejects 400 with errorData.value when the value does not fit the item's kind, 409 when the
 * request is closed, 410 when the link is no longer active, 429 when rate-limited.
 */
export function savePublicAnswer(shortUrl: string, itemId: string, value: AnswerValue | null): Promise<PublicAnswersState> {
  return apiRequest<PublicAnswersState>(`${publicQuestionPath(shortUrl)}/answers/${encodeURIComponent(itemId)}`, {
    method: 'PUT',
    body: { value },
    skipAuthRefresh: true,
  });
}
