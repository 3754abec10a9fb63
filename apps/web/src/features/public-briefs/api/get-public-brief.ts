import type { PublicBrief } from '@tandem/contract';
import { apiRequest } from '@/lib/api-client';

/** The path of a public brief's calls (contract briefs.ts "The public brief page"). */
export function publicBriefPath(linkId: string): string {
  return `v1/public/briefs/${encodeURIComponent(linkId)}`;
}

/**
 * GET v1/public/briefs/{linkId} → what /b/{linkId} shows: title, meeting time and zone, sections,
 * the author's first name (issue #9; no ids, emails or marks). Counts as a view. Rejects (ApiError)
 * 401 PASSCODE_REQUIRED for a protected link, 410 when the link was revoked, expired or the
 * workspace turned links off, 404 for an unknown link, 429 after too many misses from one IP
 * (decision 012). No session is involved: a 401 never refreshes tokens.
 */
export function getPublicBrief(linkId: string, signal?: AbortSignal): Promise<PublicBrief> {
  return apiRequest<PublicBrief>(publicBriefPath(linkId), { method: 'GET', signal, skipAuthRefresh: true });
}
