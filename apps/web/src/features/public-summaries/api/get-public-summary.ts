import type { PublicSummary } from '@tandem/contract';
import { apiRequest } from '@/lib/api-client';

/** The path of a public summary (contract summaries.ts "The public summary page"). */
export function publicSummaryPath(publicId: string): string {
  return `v1/public/summaries/${encodeURIComponent(publicId)}`;
}

/**
 * GET v1/public/summaries/{id} → what /s/{id} shows: the copy taken at publishing, redactions
 * applied (issue #11). Counts as a view. Rejects (ApiError) 410 when the link was unpublished,
 * revoked, expired or links are off, 404 for an unknown link, 400 for a malformed id, 429 after
 * too many misses from one address. No session is involved.
 */
export function getPublicSummary(publicId: string, signal?: AbortSignal): Promise<PublicSummary> {
  return apiRequest<PublicSummary>(publicSummaryPath(publicId), { method: 'GET', signal, skipAuthRefresh: true });
}
