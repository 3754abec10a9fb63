import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config/env.js';
import type { Database } from '../../db/client.js';
import type { Jobs } from '../../jobs/jobs.js';
import { registerSlackEventJobs } from './slack-events.js';
import { registerSlackRevokeJobs } from './slack-service.js';
import { registerSlackSweeps } from './slack-sweeps.js';

/**
 * The Slack feature's public API (issue #12; STYLE §1): the workspace routes (status, install,
 * callback, disconnect, channels; a person's Slack match, a summary posted to a channel), Slack's
 * events endpoint, the queues, and what other features
 * use: the live connection (with its token) and the `slack` live event.
 */
export { slackRoutes } from './slack-routes.js';
export { slackQuestionsRoutes } from './slack-questions-routes.js';
export { registerSlackDelivery } from './dm-delivery.js';
export { slackEventsRoutes } from './slack-events-routes.js';
export {
  announceSlack,
  endConnection,
  findLiveConnection,
  findLiveConnectionByTeam,
  markDisconnected,
  type LiveSlackConnection,
} from './slack-connections.js';
export { slackClient, slackErrorCode, TOKEN_GONE_ERRORS, type SlackAppConfig } from './slack-client.js';
export { SLACK_EVENT_QUEUE } from './slack-events.js';

/**
 * Registers the Slack queues while the app is built: events (slack-events.ts), token revocation
 * after a disconnect (slack-service.ts) and the hourly sweeps (slack-sweeps.ts).
 */
export function registerSlackJobs(
  jobs: Jobs,
  options: {
    db: Database;
    config: Pick<AppConfig, 'slack' | 'slackMissingSettings' | 'encryptionKey' | 'publicUrl'>;
    logger: FastifyBaseLogger;
  },
): void {
  registerSlackEventJobs(jobs, options);
  registerSlackRevokeJobs(jobs, options);
  registerSlackSweeps(jobs, options.db, options.logger);
}
