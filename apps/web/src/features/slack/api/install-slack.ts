import type { SlackInstall } from '@tandem/contract';
import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ApiError } from '@/lib/api-error';

/**
 * POST v1/workspaces/{id}/slack/install → `{ authorizeUrl }`: Slack's OAuth v2 authorize URL with a
 * fresh signed, single-use `state` bound to the member and workspace (issue #12; contract
 * slack.ts). Rejects 402 PLAN_LIMIT on FREE (PRODUCT §8), 403 unless OWNER, EXECUTIVE or
 * EXECUTIVEASSISTANT (PRODUCT §6 `connectSlack`), 409 when the server has no Slack settings.
 */
export function installSlack(workspaceId: string): Promise<SlackInstall> {
  return api.post<SlackInstall>(`v1/workspaces/${encodeURIComponent(workspaceId)}/slack/install`);
}

/** Mutation hook of {@link installSlack}; the variable is the workspace id. */
export function useInstallSlack(options: Omit<UseMutationOptions<SlackInstall, ApiError, string>, 'mutationFn'> = {}) {
  return useMutation({ ...options, mutationFn: installSlack });
}
