import type { SlackEventContext, SlackMessageEvent } from './slack-event-types.js';

/**
 * A person's message in their DM with the bot (issue #12 "answer in the DM thread"): a reply in a
 * question's thread becomes that item's answer, other messages join their chat thread.
 * Placeholder of the foundation; the DM-replies work fills it in.
 */
export async function handleDirectMessage(context: SlackEventContext, event: SlackMessageEvent): Promise<void> {
  context.logger.debug({ channel: event.channel, ts: event.ts }, 'slack: direct message not handled yet');
}
