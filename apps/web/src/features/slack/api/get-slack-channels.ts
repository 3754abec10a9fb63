import type { SlackChannel } from '@tandem/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * GET v1/workspaces/{id}/slack/channels → the channels the bot was invited to (issue #12: the
 * summary's channel picker lists those, not every channel). 409 when Slack is not connected.
 */
export function getSlackChannels(workspaceId: string): Promise<SlackChannel[]> {
  return api.get<{ items: SlackChannel[] }>(`v1/workspaces/${encodeURIComponent(workspaceId)}/slack/channels`).then((page) => page.items);
}

/** Query options of {@link getSlackChannels}. */
export function slackChannelsQueryOptions(workspaceId: string) {
  return queryOptions({
    queryKey: ['workspaces', workspaceId, 'slack', 'channels'],
    queryFn: () => getSlackChannels(workspaceId),
  });
}

/** Query hook of {@link getSlackChannels}; `enabled` false until the picker opens. */
export function useSlackChannels(workspaceId: string, enabled = true) {
  return useQuery({ ...slackChannelsQueryOptions(workspaceId), enabled });
}
