import type { PostSummaryToSlackBody, SlackPost } from '@tandem/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ApiError } from '@/lib/api-error';
import { summariesPath } from './summary-keys';

/**
 * POST …/summaries/{summaryId}/slack {channelId} → the Slack message (channel, ts, permalink or
 * null): the published summary's key points and a link to /s/{id} (issue #12). Rejects ApiError:
 * 400 errorData.channelId when the bot is not in the channel, 409 unless PUBLISHED or when Slack is
 * not connected.
 */
export function postSummaryToSlack(workspaceId: string, summaryId: string, body: PostSummaryToSlackBody): Promise<SlackPost> {
  return api.post<SlackPost>(summariesPath(workspaceId, summaryId, 'slack'), body);
}

/** Mutation hook of {@link postSummaryToSlack}; the dialog shows its refusals. */
export function usePostSummaryToSlack(workspaceId: string, summaryId: string) {
  return useMutation<SlackPost, ApiError, PostSummaryToSlackBody>({
    mutationFn: (body) => postSummaryToSlack(workspaceId, summaryId, body),
    meta: { errorToast: false },
  });
}
