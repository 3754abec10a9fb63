import { defineWorkspaceEventHandler, type WorkspaceEventContext } from '@/lib/events/event-handlers';
import { slackStatusQueryOptions } from '../api/get-slack-status';

/** Refreshes every Slack query of the workspace: the status and, under its key, the channels. */
function refreshSlack({ queryClient, workspaceId }: WorkspaceEventContext): void {
  void queryClient.invalidateQueries({ queryKey: slackStatusQueryOptions(workspaceId).queryKey });
}

/**
 * The Slack feature's live updates (ARCHITECTURE "events"; contract SlackEventSchema, issue #12):
 * a `slack` event (connected, disconnected, uninstalled in Slack) refreshes the Slack tab's status
 * and the bot's channels; so does a reopened stream, which does not replay what it missed.
 */
export const slackEventHandler = defineWorkspaceEventHandler({
  type: 'slack',
  handle: (_event, ctx) => refreshSlack(ctx),
  onResync: refreshSlack,
});
