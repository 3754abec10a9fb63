import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  SlackChannelsResponseSchema,
  SlackInstallResponseSchema,
  SlackOAuthCallbackBodySchema,
  SlackStatusResponseSchema,
  WorkspaceParamsSchema,
} from '@tandem/contract';
import { bearerSecurity, errorResponses } from '../../lib/route-schemas.js';
import { requireAuth } from '../../plugins/authenticate.js';
import { OAuthStates } from './oauth-state.js';
import {
  completeInstall,
  disconnectSlack,
  getSlackStatus,
  listSlackChannels,
  slackLiveEvents,
  startInstall,
  type SlackDeps,
} from './slack-service.js';

const tags = ['slack'];

const depsOf = (app: FastifyInstance): SlackDeps => ({
  db: app.db,
  config: app.config,
  jobs: app.jobs,
  states: new OAuthStates(app.config.codePepper),
  logger: app.log,
});

/**
 * The Slack connection (issue #12; prefix /api/v1/workspaces, protected): status for every
 * member; install, OAuth callback and disconnect for members who may connect Slack (PRODUCT §6:
 * OWNER, EXECUTIVE, EXECUTIVEASSISTANT); the bot's channels for members who may post summaries.
 * Another workspace is 404. Registers the `slack` event type on the bus.
 */
export const slackRoutes: FastifyPluginAsyncZod = async (app) => {
  app.events.register(slackLiveEvents);
  const deps = depsOf(app);

  app.get('/:id/slack', {
    schema: {
      tags,
      summary: 'The workspace’s Slack connection: configured, plan, who may connect, the live connection or why it ended',
      security: bearerSecurity,
      params: WorkspaceParamsSchema,
      response: { 200: SlackStatusResponseSchema, ...errorResponses },
    },
    handler: async (request) => ({ payload: await getSlackStatus(deps, requireAuth(request).personId, request.params.id) }),
  });

  app.post('/:id/slack/install', {
    schema: {
      tags,
      summary: 'Slack’s OAuth v2 authorize URL with a signed, single-use state (409 not configured; 402 PLAN_LIMIT on FREE)',
      security: bearerSecurity,
      params: WorkspaceParamsSchema,
      response: { 200: SlackInstallResponseSchema, ...errorResponses },
    },
    handler: async (request) => ({ payload: await startInstall(deps, requireAuth(request).personId, request.params.id) }),
  });

  app.post('/:id/slack/oauth/callback', {
    schema: {
      tags,
      summary: 'Finish the install: verify the state, exchange the code, store the token encrypted (400 on any refusal, nothing stored)',
      security: bearerSecurity,
      params: WorkspaceParamsSchema,
      body: SlackOAuthCallbackBodySchema,
      response: { 200: SlackStatusResponseSchema, ...errorResponses },
    },
    handler: async (request) => ({
      payload: await completeInstall(deps, requireAuth(request).personId, request.params.id, request.body),
    }),
  });

  app.post('/:id/slack/disconnect', {
    schema: {
      tags,
      summary: 'Disconnect Slack: the token is deleted at once and revoked in Slack (auth.revoke) by the job queue',
      security: bearerSecurity,
      params: WorkspaceParamsSchema,
      response: { 200: SlackStatusResponseSchema, ...errorResponses },
    },
    handler: async (request) => ({ payload: await disconnectSlack(deps, requireAuth(request).personId, request.params.id) }),
  });

  app.get('/:id/slack/channels', {
    schema: {
      tags,
      summary: 'The channels the bot was invited to (public and private, not archived; 409 when Slack is not connected)',
      security: bearerSecurity,
      params: WorkspaceParamsSchema,
      response: { 200: SlackChannelsResponseSchema, ...errorResponses },
    },
    handler: async (request) => ({
      payload: { items: await listSlackChannels(deps, requireAuth(request).personId, request.params.id) },
    }),
  });
};
