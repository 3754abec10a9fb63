/**
 * The Slack feature's public API (STYLE §1; issue #12): what other features may use — whether the
 * workspace's Slack is connected (composer, person page) and the channels the bot is in (summary post).
 */
export { useSlackStatus, useSlackConnected, slackStatusQueryOptions } from './api/get-slack-status';
export { useSlackChannels, slackChannelsQueryOptions } from './api/get-slack-channels';
