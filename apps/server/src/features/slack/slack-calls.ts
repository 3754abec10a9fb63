import type { WebClient } from '@slack/web-api';
import type { AppConfig } from '../../config/env.js';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { TOKEN_GONE_ERRORS, slackClient, slackErrorCode } from './slack-client.js';
import { endConnection, findLiveConnection, TOKEN_REFUSED_REASON, type LiveSlackConnection } from './slack-connections.js';

/** What a Slack call made for a request needs: the database and the app's Slack settings. */
export interface SlackCallDeps {
  db: Database;
  config: Pick<AppConfig, 'slack' | 'encryptionKey'>;
}

/** 409 when the workspace has no live Slack connection (issue #12). */
export const slackNotConnected = () =>
  new AppError('CONFLICT', 'Slack is not connected to this workspace. Connect it under Settings → Slack.');

/**
 * The workspace's live connection and a client with its token.
 * @throws 409 when Slack is not configured on this server or not connected to the workspace.
 */
export async function openSlack(deps: SlackCallDeps, workspaceId: string): Promise<{ connection: LiveSlackConnection; client: WebClient }> {
  const connection = deps.config.slack ? await findLiveConnection(deps.db, deps.config.encryptionKey, workspaceId) : null;
  if (!deps.config.slack || !connection) throw slackNotConnected();
  return { connection, client: slackClient(deps.config.slack, connection.botToken) };
}

/**
 * Runs one Slack call for a request. A token Slack no longer accepts (token_revoked…) ends the
 * connection and answers 409; `onError` may turn Slack's other error codes into an answer; any
 * other failure (network, rate limit) is a 503.
 */
export async function callSlack<T>(
  deps: SlackCallDeps,
  workspaceId: string,
  call: () => Promise<T>,
  onError: (code: string) => T | AppError | undefined = () => undefined,
): Promise<T> {
  try {
    return await call();
  } catch (error) {
    const code = slackErrorCode(error);
    if (code && TOKEN_GONE_ERRORS.has(code)) {
      await endConnection(deps.db, workspaceId, TOKEN_REFUSED_REASON);
      throw new AppError(
        'CONFLICT',
        'Slack was disconnected: Slack no longer accepts Tandem’s token. Connect it again in Settings → Slack.',
      );
    }
    const handled = code ? onError(code) : undefined;
    if (handled instanceof AppError) throw handled;
    if (handled !== undefined) return handled;
    throw new AppError('UNAVAILABLE', 'Slack did not answer as expected. Try again in a moment.');
  }
}
