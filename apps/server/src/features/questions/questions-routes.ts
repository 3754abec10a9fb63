import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AddRecipientsBodySchema,
  CreateQuestionRequestBodySchema,
  DeleteQuestionRequestQuerySchema,
  ListQuestionRequestsQuerySchema,
  ListQuestionRequestsResponseSchema,
  ListRecipientLinkViewsResponseSchema,
  ListShareLinkViewsQuerySchema,
  ListWaitingOnQuerySchema,
  ListWaitingOnResponseSchema,
  OkResponseSchema,
  QuestionRequestConflictSchema,
  QuestionRequestDetailResponseSchema,
  QuestionRequestParamsSchema,
  RecipientParamsSchema,
  RecipientSchema,
  RequestVersionBodySchema,
  SendQuestionRequestBodySchema,
  UpdateQuestionRequestBodySchema,
  WorkspaceParamsSchema,
  payloadOf,
} from '@tandem/contract';
import { bearerSecurity, errorResponses } from '../../lib/route-schemas.js';
import { requireAuth } from '../../plugins/authenticate.js';
import { onRequestConnection } from '../../plugins/deferred-checks.js';
import { exportAnswers } from './answers-export.js';
import { questionEvents } from './question-events.js';
import { addRecipients, listRecipientViews, revokeRecipientLink, sendRecipientByEmail, sendRequest } from './recipients-service.js';
import {
  closeRequest,
  createRequest,
  deleteRequest,
  listRequests,
  readRequest,
  updateRequest,
  type QuestionsDeps,
} from './requests-service.js';
import { listWaitingOn } from './waiting-on.js';

const tags = ['questions'];

/** The 409 of a stale `version` carries the request as it is now (QuestionRequestConflict). */
const conflictResponses = { 409: QuestionRequestConflictSchema, ...errorResponses } as const;

const RecipientResponseSchema = payloadOf(RecipientSchema);

const depsOf = (app: FastifyInstance): QuestionsDeps => ({
  db: app.db,
  publicUrl: app.config.publicUrl,
  mailOutbox: app.mailOutbox,
  messenger: app.recipientMessenger,
});

/**
 * Question requests (issue #10; prefix /api/v1/workspaces, protected). PRODUCT §6: OWNER, EXECUTIVE
 * and EXECUTIVEASSISTANT write (editQuestions), USERs read (viewQuestions), GUESTs are refused
 * 403; another workspace's request is 404. Registers the `question` event type on the bus.
 */
export const questionsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.events.register(questionEvents);
  const deps = depsOf(app);

  app.get('/:id/question-requests', {
    schema: {
      tags,
      summary: 'The workspace’s question requests with progress per state, filtered and sorted (cursor pagination)',
      security: bearerSecurity,
      params: WorkspaceParamsSchema,
      querystring: ListQuestionRequestsQuerySchema,
      response: { 200: ListQuestionRequestsResponseSchema, ...errorResponses },
    },
    config: { oneConnection: true },
    handler: async (request) => ({
      payload: await onRequestConnection(request, app.db, (db) =>
        listRequests(db, requireAuth(request).personId, request.params.id, request.query),
      ),
    }),
  });

  app.post('/:id/question-requests', {
    schema: {
      tags,
      summary: 'Create a DRAFT question request (OWNER, EXECUTIVE, EXECUTIVEASSISTANT)',
      security: bearerSecurity,
      params: WorkspaceParamsSchema,
      body: CreateQuestionRequestBodySchema,
      response: { 201: QuestionRequestDetailResponseSchema, ...errorResponses },
    },
    handler: async (request, reply) => {
      const detail = await createRequest(deps, requireAuth(request).personId, request.params.id, request.body);
      return reply.status(201).send({ payload: detail });
    },
  });

  app.get('/:id/question-requests/:requestId', {
    schema: {
      tags,
      summary: 'One question request with its recipients (state, times, link) and every answer',
      security: bearerSecurity,
      params: QuestionRequestParamsSchema,
      response: { 200: QuestionRequestDetailResponseSchema, ...errorResponses },
    },
    config: { oneConnection: true },
    handler: async (request) => ({
      payload: await onRequestConnection(request, deps.db, (db) =>
        readRequest({ ...deps, db }, requireAuth(request).personId, request.params.id, request.params.requestId),
      ),
    }),
  });

  app.patch('/:id/question-requests/:requestId', {
    schema: {
      tags,
      summary: 'Change a request at the version last seen; once sent only title, context, due date, reminders; 409 VERSION_CONFLICT',
      security: bearerSecurity,
      params: QuestionRequestParamsSchema,
      body: UpdateQuestionRequestBodySchema,
      response: { 200: QuestionRequestDetailResponseSchema, ...conflictResponses },
    },
    handler: async (request) => {
      const { id, requestId } = request.params;
      return { payload: await updateRequest(deps, requireAuth(request).personId, id, requestId, request.body) };
    },
  });

  app.delete('/:id/question-requests/:requestId', {
    schema: {
      tags,
      summary: 'Delete a DRAFT request at ?version=; a sent one is closed instead (409)',
      security: bearerSecurity,
      params: QuestionRequestParamsSchema,
      querystring: DeleteQuestionRequestQuerySchema,
      response: { 200: OkResponseSchema, ...conflictResponses },
    },
    handler: async (request) => {
      const { id, requestId } = request.params;
      await deleteRequest(deps, requireAuth(request).personId, id, requestId, request.query.version);
      return { payload: true as const };
    },
  });

  app.post('/:id/question-requests/:requestId/send', {
    schema: {
      tags,
      summary: 'Send a DRAFT: one recipient and link per contact, mailed for EMAIL; 402 PLAN_LIMIT when the plan is full',
      security: bearerSecurity,
      params: QuestionRequestParamsSchema,
      body: SendQuestionRequestBodySchema,
      response: { 200: QuestionRequestDetailResponseSchema, ...conflictResponses },
    },
    handler: async (request) => {
      const { id, requestId } = request.params;
      return { payload: await sendRequest(deps, requireAuth(request).personId, id, requestId, request.body.version) };
    },
  });

  app.post('/:id/question-requests/:requestId/recipients', {
    schema: {
      tags,
      summary: 'Add people to a SENT request; each is sent to at once (contacts already asked are ignored)',
      security: bearerSecurity,
      params: QuestionRequestParamsSchema,
      body: AddRecipientsBodySchema,
      response: { 200: QuestionRequestDetailResponseSchema, ...errorResponses },
    },
    handler: async (request) => {
      const { id, requestId } = request.params;
      return { payload: await addRecipients(deps, requireAuth(request).personId, id, requestId, request.body.contactIds) };
    },
  });

  app.post('/:id/question-requests/:requestId/close', {
    schema: {
      tags,
      summary: 'Close a SENT request at the version last seen: answers become read-only',
      security: bearerSecurity,
      params: QuestionRequestParamsSchema,
      body: RequestVersionBodySchema,
      response: { 200: QuestionRequestDetailResponseSchema, ...conflictResponses },
    },
    handler: async (request) => {
      const { id, requestId } = request.params;
      return { payload: await closeRequest(deps, requireAuth(request).personId, id, requestId, request.body.version) };
    },
  });

  app.post('/:id/question-requests/:requestId/recipients/:recipientId/revoke', {
    schema: {
      tags,
      summary: 'Revoke a recipient’s link: it answers 410 from now on (revoking again changes nothing)',
      security: bearerSecurity,
      params: RecipientParamsSchema,
      response: { 200: RecipientResponseSchema, ...errorResponses },
    },
    handler: async (request) => {
      const { id, requestId, recipientId } = request.params;
      return { payload: await revokeRecipientLink(deps, requireAuth(request).personId, id, requestId, recipientId) };
    },
  });

  app.post('/:id/question-requests/:requestId/recipients/:recipientId/email', {
    schema: {
      tags,
      summary: 'Send by email instead (e.g. after a Slack delivery failure): the recipient switches to EMAIL and is mailed the request',
      security: bearerSecurity,
      params: RecipientParamsSchema,
      response: { 200: RecipientResponseSchema, ...errorResponses },
    },
    handler: async (request) => {
      const { id, requestId, recipientId } = request.params;
      return { payload: await sendRecipientByEmail(deps, requireAuth(request).personId, id, requestId, recipientId) };
    },
  });

  app.get('/:id/question-requests/:requestId/recipients/:recipientId/views', {
    schema: {
      tags,
      summary: 'A recipient link’s access log, newest first: when, IP prefix (/24, /48), browser family',
      security: bearerSecurity,
      params: RecipientParamsSchema,
      querystring: ListShareLinkViewsQuerySchema,
      response: { 200: ListRecipientLinkViewsResponseSchema, ...errorResponses },
    },
    handler: async (request) => {
      const { id, requestId, recipientId } = request.params;
      return { payload: await listRecipientViews(deps, requireAuth(request).personId, id, requestId, recipientId, request.query) };
    },
  });

  app.get('/:id/question-requests/:requestId/answers.csv', {
    schema: {
      tags,
      summary: 'The answers as CSV: one row per recipient, one column per question (text/csv attachment)',
      security: bearerSecurity,
      params: QuestionRequestParamsSchema,
      response: { 200: z.string().meta({ description: 'text/csv; RFC 4180, CRLF line ends' }), ...errorResponses },
    },
    handler: async (request, reply) => {
      const { id, requestId } = request.params;
      const { fileName, csv } = await exportAnswers(deps, requireAuth(request).personId, id, requestId);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  });

  app.get('/:id/waiting-on', {
    schema: {
      tags,
      summary: 'People who owe answers to SENT requests, oldest first, with how many days overdue (cursor pagination)',
      security: bearerSecurity,
      params: WorkspaceParamsSchema,
      querystring: ListWaitingOnQuerySchema,
      response: { 200: ListWaitingOnResponseSchema, ...errorResponses },
    },
    handler: async (request) => ({
      payload: await listWaitingOn(app.db, requireAuth(request).personId, request.params.id, request.query),
    }),
  });
};
