import { createRequire } from 'node:module';
import type * as SlackWebApi from '@slack/web-api';
import type { WebAPICallResult, WebClient } from '@slack/web-api';
import type { AppConfig } from '../../config/env.js';

const require = createRequire(import.meta.url);

/** The Slack app's settings (AppConfig.slack once configured). */
export type SlackAppConfig = NonNullable<AppConfig['slack']>;

/** How long one Slack Web API call may take before it fails (and its job is retried). */
const SLACK_CALL_TIMEOUT_MS = 10_000;

/**
 * A Slack Web API client (@slack/web-api; ARCHITECTURE "Slack") for `token` (a bot token, or none
 * for oauth.v2.access) against `config.apiUrl` (SLACK_API_URL in tests: the stand-in). The
 * client's own retries are off: a failed call fails its job and the job queue retries it
 * (decision 011), so a retry never happens twice over; rate-limited calls are rejected likewise.
 */
export function slackClient(config: Pick<SlackAppConfig, 'apiUrl'>, token?: string): WebClient {
  // Required on the first call, not at start-up: most processes make none (issue #13, cold start).
  const { WebClient: Client } = require('@slack/web-api') as typeof SlackWebApi;
  return new Client(token, {
    slackApiUrl: config.apiUrl,
    retryConfig: { retries: 0 },
    rejectRateLimitedCalls: true,
    timeout: SLACK_CALL_TIMEOUT_MS,
    allowAbsoluteUrls: false,
  });
}

/**
 * Slack's error code of a failed call (`channel_not_found`, `token_revoked`, …): the API's own
 * `error` for a platform error, else null (network, timeout, rate limit).
 */
export function slackErrorCode(error: unknown): string | null {
  if (typeof error === 'object' && error !== null && 'code' in error && error.code === 'slack_webapi_platform_error') {
    const data = (error as { data?: WebAPICallResult & { error?: unknown } }).data;
    return typeof data?.error === 'string' ? data.error : null;
  }
  return null;
}

/** Slack errors meaning the bot token no longer works: the connection is gone (issue #12). */
export const TOKEN_GONE_ERRORS = new Set(['token_revoked', 'invalid_auth', 'account_inactive', 'not_authed', 'token_expired']);
