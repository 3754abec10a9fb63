import type { PublicQuestionPage } from '@tandem/contract';
import { apiRequest } from '@/lib/api-client';

/** The path of a recipient's answer-page calls (contract questions.ts "The public answer page"). */
export function publicQuestionPath(shortUrl: string): string {
  return `v1/public/questions/${encodeURIComponent(shortUrl)}`;
}

/**
 * GET v1/public/questions/{shortUrl} → what /q/{shortUrl} shows (issue #10): title, context, items,
 * due date, who asks, the recipient's own answers and state, their thread with the office; nothing
 * about other recipients. Counts as an opening of the link. Rejects (ApiError) 410 when the link was
 * revoked or expired, 404 for an unknown link, 429 after too many misses from one IP (decision 012).
 * No session is involved: a 401 never refreshes tokens.
 */
export function getPublicQuestion(shortUrl: string, signal?: AbortSignal): Promise<PublicQuestionPage> {
  return apiRequest<PublicQuestionPage>(publicQuestionPath(shortUrl), { method: 'GET', signal, skipAuthRefresh: true });
}
