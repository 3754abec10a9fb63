import type { SlackOAuthCallbackBody, SlackStatus } from '@tandem/contract';
import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ApiError } from '@/lib/api-error';
import { slackStatusQueryOptions } from './get-slack-status';

/** Variables of {@link completeSlackOAuth}. */
export interface CompleteSlackOAuthVariables {
  workspaceId: string;
  /** What Slack put on /slack/oauth/callback: `state`, and `code` or `error` (e.g. access_denied). */
  body: SlackOAuthCallbackBody;
}

/**
 * POST v1/workspaces/{id}/slack/oauth/callback {state, code?, error?} → the new SlackStatus (issue
 * #12): the server checks the state and exchanges the code (oauth.v2.access). A declined consent,
 * a bad, reused or expired state, another member's state and a failed exchange reject 400 with a
 * message to show; nothing is stored then.
 */
export function completeSlackOAuth({ workspaceId, body }: CompleteSlackOAuthVariables): Promise<SlackStatus> {
  return api.post<SlackStatus>(`v1/workspaces/${encodeURIComponent(workspaceId)}/slack/oauth/callback`, body);
}

/** Mutation hook of {@link completeSlackOAuth}: the answer replaces the cached Slack status. */
export function useCompleteSlackOAuth(
  options: Omit<UseMutationOptions<SlackStatus, ApiError, CompleteSlackOAuthVariables>, 'mutationFn'> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: completeSlackOAuth,
    onSuccess: (status, variables, onMutateResult, context) => {
      queryClient.setQueryData(slackStatusQueryOptions(variables.workspaceId).queryKey, status);
      return options.onSuccess?.(status, variables, onMutateResult, context);
    },
  });
}
