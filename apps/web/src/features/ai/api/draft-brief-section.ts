import type { BriefSectionDraft, DraftBriefSectionBody } from '@tandem/contract';
import { postGeneration, type GenerationStreamOptions } from '@/lib/generation-stream';
import { workspacePath } from './ai-paths';

/**
 * POST v1/workspaces/{id}/briefs/{briefId}/draft (contract DraftBriefSectionBodySchema →
 * BriefSectionDraft; issue #11 "Draft with AI"): drafts one section from the workspace's own
 * sources, streamed with progress. Nothing is written into the brief. Rejects ApiError: 400, 402
 * PLAN_LIMIT, 403 (a USER or GUEST), 404 (brief or section gone), 409 for a confidential brief;
 * the signal's AbortError when cancelled.
 */
export function draftBriefSection(
  workspaceId: string,
  briefId: string,
  body: Pick<DraftBriefSectionBody, 'sectionId'> & { instructions?: string },
  options?: GenerationStreamOptions,
): Promise<BriefSectionDraft> {
  return postGeneration<BriefSectionDraft>(`${workspacePath(workspaceId)}/briefs/${encodeURIComponent(briefId)}/draft`, body, options);
}
