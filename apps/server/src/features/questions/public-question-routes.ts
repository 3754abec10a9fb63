import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PostPublicMessageBodySchema,
  PublicAnswerParamsSchema,
  PublicAnswersStateResponseSchema,
  PublicMessageResponseSchema,
  PublicQuestionPageResponseSchema,
  PublicQuestionParamsSchema,
  SavePublicAnswerBodySchema,
  SubmitPublicAnswersBodySchema,
} from '@tandem/contract';
import { errorResponses } from '../../lib/route-schemas.js';
import { onRequestConnection } from '../../plugins/deferred-checks.js';
import { postPublicMessage, readPublicQuestionPage, savePublicAnswer, submitPublicAnswers } from './answers-service.js';

const tags = ['public'];

/**
 * The public answer page's data (/q/{shortUrl}; issue #10; decision 012), registered in the
 * /api/v1/public scope (no authentication; noindex, no-referrer; the miss limiter: 400 malformed
 * and 404 unknown links count as misses). 410 when the link is revoked or expired, the
 * workspace's links are off, the request was deleted or the person is a former contact. Only the
 * page view is logged; saves, submit and messages are not.
 */
export const publicQuestionRoutes: FastifyPluginAsyncZod = async (app) => {
  const visitorOf = (request: { ip: string; headers: Record<string, unknown> }) => ({
    ip: request.ip,
    userAgent: typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'] : undefined,
  });

  app.get('/questions/:shortUrl', {
    schema: {
      tags,
      summary: 'A recipient’s answer page: the questions, their own answers and their thread with the office',
      params: PublicQuestionParamsSchema,
      response: { 200: PublicQuestionPageResponseSchema, ...errorResponses },
    },
    config: { oneConnection: true },
    handler: async (request) => ({
      payload: await onRequestConnection(request, app.db, (db) => readPublicQuestionPage(db, request.params.shortUrl, visitorOf(request))),
    }),
  });

  app.put('/questions/:shortUrl/answers/:itemId', {
    schema: {
      tags,
      summary: 'Save (or, with null, clear) one answer; 400 errorData.value, 404 unknown question, 409 closed',
      params: PublicAnswerParamsSchema,
      body: SavePublicAnswerBodySchema,
      response: { 200: PublicAnswersStateResponseSchema, ...errorResponses },
    },
    config: { oneConnection: true },
    handler: async (request) => ({
      payload: await onRequestConnection(request, app.db, (db) =>
        savePublicAnswer(db, request.params.shortUrl, request.params.itemId, request.body.value, visitorOf(request)),
      ),
    }),
  });

  app.post('/questions/:shortUrl/submit', {
    schema: {
      tags,
      summary: '“I’m done”: 400 with errorData by question id for required questions without an answer; 409 closed',
      params: PublicQuestionParamsSchema,
      body: SubmitPublicAnswersBodySchema,
      response: { 200: PublicAnswersStateResponseSchema, ...errorResponses },
    },
    handler: async (request) => ({ payload: await submitPublicAnswers(app.db, request.params.shortUrl, visitorOf(request)) }),
  });

  app.post('/questions/:shortUrl/messages', {
    schema: {
      tags,
      summary: 'The recipient writes to the office (also after the request closed)',
      params: PublicQuestionParamsSchema,
      body: PostPublicMessageBodySchema,
      response: { 201: PublicMessageResponseSchema, ...errorResponses },
    },
    handler: async (request, reply) => {
      const message = await postPublicMessage(app.db, request.params.shortUrl, request.body.body, visitorOf(request));
      return reply.status(201).send({ payload: message });
    },
  });
};
