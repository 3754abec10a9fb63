import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PublicAnswersStateResponseSchema,
  QuestionRequestParamsSchema,
  RecordAnswersBodySchema,
  RemindRecipientsBodySchema,
  RemindResponseSchema,
} from '@tandem/contract';
import { bearerSecurity, errorResponses } from '../../lib/route-schemas.js';
import { requireAuth } from '../../plugins/authenticate.js';
import { recordAnswersOnBehalf } from './answers-service.js';
import { remindNow } from './reminders.js';

const tags = ['questions'];

const RecipientParamsSchema = QuestionRequestParamsSchema.extend({
  recipientId: z.uuid().meta({ description: 'The recipient id.' }),
});

/**
 * Answers and reminders of a request (issue #10; prefix /api/v1/workspaces, protected):
 * recording answers on someone's behalf and "Remind now". OWNER, EXECUTIVE and
 * EXECUTIVEASSISTANT only (editQuestions, PRODUCT §6): others 403; another workspace's request 404.
 */
export const answersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put('/:id/question-requests/:requestId/recipients/:recipientId/answers', {
    schema: {
      tags,
      summary: 'Record answers on a person’s behalf (from a call or a mail); errorData keyed answers.{itemId}; 409 closed',
      security: bearerSecurity,
      params: RecipientParamsSchema,
      body: RecordAnswersBodySchema,
      response: { 200: PublicAnswersStateResponseSchema, ...errorResponses },
    },
    handler: async (request) => ({
      payload: await recordAnswersOnBehalf(
        app.db,
        requireAuth(request).personId,
        { workspaceId: request.params.id, requestId: request.params.requestId, recipientId: request.params.recipientId },
        request.body,
      ),
    }),
  });

  app.post('/:id/question-requests/:requestId/remind', {
    schema: {
      tags,
      summary: 'Remind now: one or every unfinished recipient; 429 within an hour of the last reminder (one recipient asked)',
      security: bearerSecurity,
      params: QuestionRequestParamsSchema,
      body: RemindRecipientsBodySchema,
      response: { 200: RemindResponseSchema, ...errorResponses },
    },
    handler: async (request) => ({
      payload: await remindNow(
        app.db,
        app.mailOutbox,
        app.config.publicUrl,
        requireAuth(request).personId,
        { workspaceId: request.params.id, requestId: request.params.requestId },
        request.body,
        new Date(),
        app.recipientMessenger,
      ),
    }),
  });
};
