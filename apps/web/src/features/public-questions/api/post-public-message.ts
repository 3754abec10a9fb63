import type { PublicQuestionPage } from '@tandem/contract';
import { apiRequest } from '@/lib/api-client';
import { publicQuestionPath } from './get-public-question';

/** One message of the recipient's thread as their page shows it. */
export type PublicThreadMessage = PublicQuestionPage['messages'][number];

/**
 * POST v1/public/questions/{shortUrl}/messages {body} → 201 the message, written by the recipient
 * into their thread with the office (issue #10 chat). Rejects 400 with errorData.body (empty or
 * longer than 4,000 characters), 410 when the link is no longer active, 429 when rate-limited.
 */
export function postPublicMessage(shortUrl: string, body: string): Promise<PublicThreadMessage> {
  return apiRequest<PublicThreadMessage>(`${publicQuestionPath(shortUrl)}/messages`, {
    method: 'POST',
    body: { body },
    skipAuthRefresh: true,
  });
}
