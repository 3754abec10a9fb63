import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ConfirmSlackMatchBodySchema,
  ContactParamsSchema,
  ContactResponseSchema,
  PostSummaryToSlackBodySchema,
  SlackMatchResponseSchema,
  SlackPostResponseSchema,
  SummaryParamsSchema,
} from '@tandem/contract';
import { bearerSecurity, errorResponses } from '../../lib/route-schemas.js';
import { requireAuth } from '../../plugins/authenticate.js';
import { confirmSlackMatch, findSlackMatch, removeSlackMatch, type SlackDeps } from './contact-match.js';
import { postSummaryToSlack } from './summary-post.js';

const tags = ['slack'];

/**
 * Slack in questions (issue #12; prefix /api/v1/workspaces, protected): matching a person to a
 * Slack user by email with a confirmation (GET viewQuestions; PUT and DELETE editQuestions) and
 * posting a published summary to a channel the bot is in (editQuestions). PRODUCT §6: others 403;
 * another workspace's person or summary 404; 409 while Slack is not connected.
 */
export const slackQuestionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = (): SlackDeps => ({ db: app.db, config: app.config });

  app.get('/:id/contacts/:contactId/slack-match', {
    schema: {
      tags,
      summary: 'The Slack user with the person’s email, to confirm (null when Slack has none); 409 without an email or a Slack connection',
      security: bearerSecurity,
      params: ContactParamsSchema,
      response: { 200: SlackMatchResponseSchema, ...errorResponses },
    },
    handler: async (request) => ({
      payload: await findSlackMatch(deps(), requireAuth(request).personId, request.params.id, request.params.contactId),
    }),
  });

  app.put('/:id/contacts/:contactId/slack', {
    schema: {
      tags,
      summary:
        'Confirm or change the person’s Slack user (their Slack time zone fills a default UTC one); 400 errorData.slackUserId when unknown',
      security: bearerSecurity,
      params: ContactParamsSchema,
      body: ConfirmSlackMatchBodySchema,
      response: { 200: ContactResponseSchema, ...errorResponses },
    },
    handler: async (request) => ({
      payload: await confirmSlackMatch(deps(), requireAuth(request).personId, request.params.id, request.params.contactId, request.body),
    }),
  });

  app.delete('/:id/contacts/:contactId/slack', {
    schema: {
      tags,
      summary: 'Remove the person’s Slack match (their time zone stays)',
      security: bearerSecurity,
      params: ContactParamsSchema,
      response: { 200: ContactResponseSchema, ...errorResponses },
    },
    handler: async (request) => ({
      payload: await removeSlackMatch(app.db, requireAuth(request).personId, request.params.id, request.params.contactId),
    }),
  });

  app.post('/:id/summaries/:summaryId/slack', {
    schema: {
      tags,
      summary: 'Post a published summary (key points, link to /s/{id}) to a channel the bot is in; 400 errorData.channelId otherwise',
      security: bearerSecurity,
      params: SummaryParamsSchema,
      body: PostSummaryToSlackBodySchema,
      response: { 200: SlackPostResponseSchema, ...errorResponses },
    },
    handler: async (request) => ({
      payload: await postSummaryToSlack(deps(), requireAuth(request).personId, request.params.id, request.params.summaryId, request.body),
    }),
  });
};
