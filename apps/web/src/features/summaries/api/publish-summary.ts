import type { PublishSummaryBody, Summary } from '@tandem/contract';
import { api } from '@/lib/api-client';
import { summariesPath } from './summary-keys';
import { useSummaryMutation } from './use-summary-mutation';

/**
 * POST …/summaries/{summaryId}/publish {version, expiresAt?} → the summary with its publication
 * (issue #11; PRODUCT §2 PublicLink). `expiresAt` omitted = 30 days, null = never. Rejects
 * ApiError: 400 errorData per issue or expiresAt, 409 when links are off or the scope is confidential.
 */
export function publishSummary(workspaceId: string, summaryId: string, body: PublishSummaryBody): Promise<Summary> {
  return api.post<Summary>(summariesPath(workspaceId, summaryId, 'publish'), body);
}

/** Mutation hook of {@link publishSummary}. */
export function usePublishSummary(workspaceId: string, summaryId: string) {
  return useSummaryMutation(workspaceId, summaryId, (body: PublishSummaryBody) => publishSummary(workspaceId, summaryId, body));
}
