import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ActionItemParamsSchema,
  DeleteSummaryQuerySchema,
  GenerateSummaryBodySchema,
  ListShareLinkViewsQuerySchema,
  ListSummariesQuerySchema,
  ListSummariesResponseSchema,
  ListSummaryViewsResponseSchema,
  MakeTaskBodySchema,
  OkResponseSchema,
  PublishSummaryBodySchema,
  RegeneratedSummaryResponseSchema,
  SummaryConflictSchema,
  SummaryParamsSchema,
  SummaryResponseSchema,
  SummaryVersionBodySchema,
  UpdateSummaryBodySchema,
  WorkspaceParamsSchema,
} from '@tandem/contract';
import { bearerSecurity, errorResponses } from '../../lib/route-schemas.js';
import { requireAuth } from '../../plugins/authenticate.js';
import { replyWithGeneration } from '../ai/index.js';
import {
  deleteSummary,
  generateSummary,
  listSummaries,
  listSummaryViews,
  makeTask,
  publishSummary,
  readSummary,
  regenerateSummary,
  unpublishSummary,
  updateSummary,
  type SummariesDeps,
  type SummaryActor,
} from './summaries-service.js';
import { summaryEvents } from './summary-events.js';

const tags = ['summaries'];

/** The 409s carry the summary as it is now when the version was stale (SummaryConflict). */
const conflictResponses = { 409: SummaryConflictSchema, ...errorResponses } as const;

/** DELETE's `?version=`, described for the API reference (the contract's schema carries no description). */
const DeleteQuerySchema = DeleteSummaryQuerySchema.extend({
  version: DeleteSummaryQuerySchema.shape.version.meta({ description: 'The version of the summary the caller last saw.' }),
});

const depsOf = (app: FastifyInstance): SummariesDeps => ({ db: app.db, ai: app.ai, publicUrl: app.config.publicUrl });

/** The caller as publishing acts and audits them (PRODUCT §5: both identities under impersonation). */
function actorOf(request: Parameters<typeof requireAuth>[0]): SummaryActor {
  const auth = requireAuth(request);
  return { personId: auth.personId, impersonatorId: auth.impersonatorId, ip: request.ip };
}

/**
 * Summaries (issue #11; prefix /api/v1/workspaces, protected). PRODUCT §6: OWNER, EXECUTIVE and
 * EXECUTIVEASSISTANT write (editQuestions), USERs read (viewQuestions), GUESTs are refused 403 on
 * the list and generating and 404 on a summary; another workspace's summary is 404. Generation
 * routes answer JSON, or a progress stream with `Accept: text/event-stream` (replyWithGeneration).
 * Registers the `summary` event type on the bus.
 */
export const summariesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.events.register(summaryEvents);
  const deps = depsOf(app);

  app.get('/:id/summaries', {
    schema: {
      tags,
      summary: 'The workspace’s summaries, newest change first, by status and title words (cursor pagination)',
      security: bearerSecurity,
      params: WorkspaceParamsSchema,
      querystring: ListSummariesQuerySchema,
      response: { 200: ListSummariesResponseSchema, ...errorResponses },
    },
    handler: async (request) => ({
      payload: await listSummaries(deps, requireAuth(request).personId, request.params.id, request.query),
    }),
  });

  app.post('/:id/summaries/generate', {
    schema: {
      tags,
      summary: 'Generate a DRAFT summary of a scope (one AI generation; 402 PLAN_LIMIT; 409 for a confidential request)',
      security: bearerSecurity,
      params: WorkspaceParamsSchema,
      body: GenerateSummaryBodySchema,
      response: { 201: SummaryResponseSchema, ...errorResponses },
    },
    handler: async (request, reply) => {
      const personId = requireAuth(request).personId;
      const result = await replyWithGeneration(
        request,
        reply,
        (options) => generateSummary(deps, personId, request.params.id, request.body, options),
        201,
      );
      if (result) return reply.status(201).send(result);
      return reply;
    },
  });

  app.get('/:id/summaries/:summaryId', {
    schema: {
      tags,
      summary: 'One summary with coverage, word figures, publishing issues, freshness and its public link',
      security: bearerSecurity,
      params: SummaryParamsSchema,
      response: { 200: SummaryResponseSchema, ...errorResponses },
    },
    handler: async (request) => ({
      payload: await readSummary(deps, requireAuth(request).personId, request.params.id, request.params.summaryId),
    }),
  });

  app.put('/:id/summaries/:summaryId', {
    schema: {
      tags,
      summary: 'Save the reviewed content at `version` (checked citations and verbatim quotes); 409 VERSION_CONFLICT',
      security: bearerSecurity,
      params: SummaryParamsSchema,
      body: UpdateSummaryBodySchema,
      response: { 200: SummaryResponseSchema, ...conflictResponses },
    },
    handler: async (request) => ({
      payload: await updateSummary(deps, requireAuth(request).personId, request.params.id, request.params.summaryId, request.body),
    }),
  });

  app.delete('/:id/summaries/:summaryId', {
    schema: {
      tags,
      summary: 'Delete a summary at ?version= and revoke its public link',
      security: bearerSecurity,
      params: SummaryParamsSchema,
      querystring: DeleteQuerySchema,
      response: { 200: OkResponseSchema, ...conflictResponses },
    },
    handler: async (request) => {
      await deleteSummary(deps, actorOf(request), request.params.id, request.params.summaryId, request.query.version);
      return { payload: true as const };
    },
  });

  app.post('/:id/summaries/:summaryId/update', {
    schema: {
      tags,
      summary: 'Regenerate over the same scope with the answers as they are now (one AI generation); answers the version before too',
      security: bearerSecurity,
      params: SummaryParamsSchema,
      body: SummaryVersionBodySchema,
      response: { 200: RegeneratedSummaryResponseSchema, ...conflictResponses },
    },
    handler: async (request, reply) => {
      const personId = requireAuth(request).personId;
      const { id, summaryId } = request.params;
      const result = await replyWithGeneration(request, reply, (options) =>
        regenerateSummary(deps, personId, id, summaryId, request.body.version, options),
      );
      if (result) return reply.send(result);
      return reply;
    },
  });

  app.post('/:id/summaries/:summaryId/publish', {
    schema: {
      tags,
      summary: 'Publish to /s/{id} with redactions applied; 400 per issue, 409 when confidential or public links are off',
      security: bearerSecurity,
      params: SummaryParamsSchema,
      body: PublishSummaryBodySchema,
      response: { 200: SummaryResponseSchema, ...conflictResponses },
    },
    handler: async (request) => ({
      payload: await publishSummary(deps, actorOf(request), request.params.id, request.params.summaryId, request.body),
    }),
  });

  app.post('/:id/summaries/:summaryId/unpublish', {
    schema: {
      tags,
      summary: 'Revoke the public link (410 from then on); the summary is a DRAFT again',
      security: bearerSecurity,
      params: SummaryParamsSchema,
      body: SummaryVersionBodySchema,
      response: { 200: SummaryResponseSchema, ...conflictResponses },
    },
    handler: async (request) => ({
      payload: await unpublishSummary(deps, actorOf(request), request.params.id, request.params.summaryId, request.body.version),
    }),
  });

  app.get('/:id/summaries/:summaryId/views', {
    schema: {
      tags,
      summary: 'The public link’s access log, newest first (cursor pagination)',
      security: bearerSecurity,
      params: SummaryParamsSchema,
      querystring: ListShareLinkViewsQuerySchema,
      response: { 200: ListSummaryViewsResponseSchema, ...errorResponses },
    },
    handler: async (request) => ({
      payload: await listSummaryViews(deps, requireAuth(request).personId, request.params.id, request.params.summaryId, request.query),
    }),
  });

  app.post('/:id/summaries/:summaryId/action-items/:actionItemId/task', {
    schema: {
      tags,
      summary: 'Make an action item a task linked to the summary and its first cited answer (once; 409 after)',
      security: bearerSecurity,
      params: ActionItemParamsSchema,
      body: MakeTaskBodySchema,
      response: { 200: SummaryResponseSchema, ...conflictResponses },
    },
    handler: async (request) => {
      const { id, summaryId, actionItemId } = request.params;
      return { payload: await makeTask(deps, requireAuth(request).personId, id, summaryId, actionItemId, request.body) };
    },
  });
};
