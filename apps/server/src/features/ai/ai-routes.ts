import {
  AiStatusResponseSchema,
  BriefParamsSchema,
  BriefSectionDraftResponseSchema,
  DraftBriefSectionBodySchema,
  GeneratedQuestionsResponseSchema,
  GenerateQuestionsBodySchema,
  WorkspaceParamsSchema,
} from '@tandem/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors.js';
import { bearerSecurity, errorResponses } from '../../lib/route-schemas.js';
import { requireAuth } from '../../plugins/authenticate.js';
import { loadMembership } from '../../permissions/membership.js';
import { draftBriefSection } from './brief-draft.js';
import { replyWithGeneration } from './generation-reply.js';
import { generateQuestions } from './question-generation.js';

const tags = ['ai'];
const streamNote =
  ' With Accept: text/event-stream the answer is Server-Sent Events (progress…, then result or error); closing the connection cancels it and it does not count.';

/**
 * The AI routes (issue #11; prefix /api/v1/workspaces, protected): GET …/{id}/ai (provider and
 * usage), POST …/{id}/questions/generate, POST …/{id}/briefs/{briefId}/draft. Generations answer
 * JSON or a stream (generation-reply.ts) and count against the plan (PRODUCT §8: 402 PLAN_LIMIT).
 */
export const aiRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, ai: app.ai };

  app.get('/:id/ai', {
    schema: {
      tags,
      summary: 'The AI provider in use and this month’s AI generations against the plan (any member but a GUEST)',
      security: bearerSecurity,
      params: WorkspaceParamsSchema,
      response: { 200: AiStatusResponseSchema, ...errorResponses },
    },
    handler: async (request) => {
      const member = await loadMembership(app.db, request.params.id, requireAuth(request).personId);
      if (member.workspaceMemberType === 'GUEST') throw new AppError('FORBIDDEN', 'Guests cannot use the AI assistant.');
      return { payload: await app.ai.status(request.params.id) };
    },
  });

  app.post('/:id/questions/generate', {
    schema: {
      tags,
      summary: `Propose questions for a goal and audience, repeats flagged (OWNER, EXECUTIVE, EXECUTIVEASSISTANT).${streamNote}`,
      security: bearerSecurity,
      params: WorkspaceParamsSchema,
      body: GenerateQuestionsBodySchema,
      response: { 200: GeneratedQuestionsResponseSchema, ...errorResponses },
    },
    handler: async (request, reply) => {
      const personId = requireAuth(request).personId;
      const answer = await replyWithGeneration(request, reply, (options) =>
        generateQuestions(deps, personId, request.params.id, request.body, options),
      );
      return answer ? reply.send(answer) : reply;
    },
  });

  app.post('/:id/briefs/:briefId/draft', {
    schema: {
      tags,
      summary: `Draft one brief section from the office’s own sources, each sentence cited (OWNER, EXECUTIVE, EXECUTIVEASSISTANT; 409 for a confidential brief).${streamNote}`,
      security: bearerSecurity,
      params: BriefParamsSchema,
      body: DraftBriefSectionBodySchema,
      response: { 200: BriefSectionDraftResponseSchema, ...errorResponses },
    },
    handler: async (request, reply) => {
      const personId = requireAuth(request).personId;
      const { id, briefId } = request.params;
      const answer = await replyWithGeneration(request, reply, (options) =>
        draftBriefSection(deps, personId, id, briefId, request.body, options),
      );
      return answer ? reply.send(answer) : reply;
    },
  });
};
