import type { Summary } from '@tandem/contract';
import { api } from '@/lib/api-client';
import { summariesPath } from './summary-keys';
import { useSummaryMutation } from './use-summary-mutation';

/** POST …/summaries/{summaryId}/unpublish {version} → the summary, its link revoked (410 from then on). 409 VERSION_CONFLICT. */
export function unpublishSummary(workspaceId: string, summaryId: string, version: number): Promise<Summary> {
  return api.post<Summary>(summariesPath(workspaceId, summaryId, 'unpublish'), { version });
}

/** Mutation hook of {@link unpublishSummary}. */
export function useUnpublishSummary(workspaceId: string, summaryId: string) {
  return useSummaryMutation(workspaceId, summaryId, (version: number) => unpublishSummary(workspaceId, summaryId, version));
}
