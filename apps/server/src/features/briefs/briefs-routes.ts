import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BriefConflictSchema,
  BriefParamsSchema,
  BriefResponseSchema,
  BriefSectionParamsSchema,
  BriefVersionBodySchema,
  BriefVersionParamsSchema,
  BriefVersionResponseSchema,
  CreateBriefBodySchema,
  DeleteBriefQuerySchema,
  ListBriefsQuerySchema,
  ListBriefsResponseSchema,
  ListBriefVersionsQuerySchema,
  ListBriefVersionsResponseSchema,
  MarkSectionBodySchema,
  OkResponseSchema,
  RestoreBriefVersionBodySchema,
  UpdateBriefBodySchema,
  WorkspaceParamsSchema,
} from '@tandem/contract';
import { bearerSecurity, errorResponses } from '../../lib/route-schemas.js';
import { requireAuth } from '../../plugins/authenticate.js';
import { onRequestConnection } from '../../plugins/deferred-checks.js';
import { briefEvents } from './brief-events.js';
import {
  acknowledgeBrief,
  createBrief,
  deleteBrief,
  listBriefs,
  listBriefVersions,
  markBriefReady,
  markSection,
  readBrief,
  readBriefVersion,
  restoreBriefVersion,
  updateBrief,
} from './briefs-service.js';

const tags = ['briefs'];

/** The 409 of a stale `version` carries the brief as it is now (BriefConflict). */
const conflictResponses = { 409: BriefConflictSchema, ...errorResponses } as const;

/**
 * Executive briefs (issue #9; prefix /api/v1/workspaces, protected). PRODUCT §6: OWNER, EXECUTIVE
 * and EXECUTIVEASSISTANT create, edit and delete; USERs view; GUESTs view READY and ACKNOWLEDGED
 * briefs only (any other answers 404); only the EXECUTIVE acknowledges and marks sections.
 * Registers the `brief` event type on the workspace bus.
 */
export const briefsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.events.register(briefEvents);

  app.get('/:id/briefs', {
    schema: {
      tags,
      summary: 'The briefs the caller may see, filtered and sorted (cursor pagination)',
      security: bearerSecurity,
      params: WorkspaceParamsSchema,
      querystring: ListBriefsQuerySchema,
      response: { 200: ListBriefsResponseSchema, ...errorResponses },
    },
    config: { oneConnection: true },
    handler: async (request) => ({
      payload: await onRequestConnection(request, app.db, (db) =>
        listBriefs(db, requireAuth(request).personId, request.params.id, request.query),
      ),
    }),
  });

  app.post('/:id/briefs', {
    schema: {
      tags,
      summary: 'Create a brief, blank or from a template (OWNER, EXECUTIVE, EXECUTIVEASSISTANT)',
      security: bearerSecurity,
      params: WorkspaceParamsSchema,
      body: CreateBriefBodySchema,
      response: { 201: BriefResponseSchema, ...errorResponses },
    },
    handler: async (request, reply) => {
      const brief = await createBrief(app.db, requireAuth(request).personId, request.params.id, request.body);
      return reply.status(201).send({ payload: brief });
    },
  });

  app.get('/:id/briefs/:briefId', {
    schema: {
      tags,
      summary: 'One brief the caller may see, with its sections and their marks',
      security: bearerSecurity,
      params: BriefParamsSchema,
      response: { 200: BriefResponseSchema, ...errorResponses },
    },
    config: { oneConnection: true },
    handler: async (request) => ({
      payload: await onRequestConnection(request, app.db, (db) =>
        readBrief(db, requireAuth(request).personId, request.params.id, request.params.briefId),
      ),
    }),
  });

  app.patch('/:id/briefs/:briefId', {
    schema: {
      tags,
      summary: 'Change a brief at the version the caller last saw; 409 VERSION_CONFLICT with `current`',
      security: bearerSecurity,
      params: BriefParamsSchema,
      body: UpdateBriefBodySchema,
      response: { 200: BriefResponseSchema, ...conflictResponses },
    },
    handler: async (request) => ({
      payload: await updateBrief(app.db, requireAuth(request).personId, request.params.id, request.params.briefId, request.body),
    }),
  });

  app.delete('/:id/briefs/:briefId', {
    schema: {
      tags,
      summary: 'Delete a brief at ?version= (OWNER, EXECUTIVE, EXECUTIVEASSISTANT); 409 VERSION_CONFLICT with `current`',
      security: bearerSecurity,
      params: BriefParamsSchema,
      querystring: DeleteBriefQuerySchema,
      response: { 200: OkResponseSchema, ...conflictResponses },
    },
    handler: async (request) => {
      await deleteBrief(app.db, requireAuth(request).personId, request.params.id, request.params.briefId, request.query.version);
      return { payload: true as const };
    },
  });

  app.post('/:id/briefs/:briefId/ready', {
    schema: {
      tags,
      summary: 'Mark a DRAFT brief ready for the executive; 409 CONFLICT when it is not a draft',
      security: bearerSecurity,
      params: BriefParamsSchema,
      body: BriefVersionBodySchema,
      response: { 200: BriefResponseSchema, ...conflictResponses },
    },
    handler: async (request) => ({
      payload: await markBriefReady(app.db, requireAuth(request).personId, request.params.id, request.params.briefId, request.body.version),
    }),
  });

  app.post('/:id/briefs/:briefId/acknowledge', {
    schema: {
      tags,
      summary: 'The executive acknowledges a READY brief; 409 CONFLICT when it is not ready',
      security: bearerSecurity,
      params: BriefParamsSchema,
      body: BriefVersionBodySchema,
      response: { 200: BriefResponseSchema, ...conflictResponses },
    },
    handler: async (request) => ({
      payload: await acknowledgeBrief(
        app.db,
        requireAuth(request).personId,
        request.params.id,
        request.params.briefId,
        request.body.version,
      ),
    }),
  });

  app.put('/:id/briefs/:briefId/sections/:sectionId/mark', {
    schema: {
      tags,
      summary: "The executive's mark of one section (READ, DECIDED, NEED_MORE with an optional note), or null to clear it",
      security: bearerSecurity,
      params: BriefSectionParamsSchema,
      body: MarkSectionBodySchema,
      response: { 200: BriefResponseSchema, ...errorResponses },
    },
    handler: async (request) => {
      const { id, briefId, sectionId } = request.params;
      return { payload: await markSection(app.db, requireAuth(request).personId, id, briefId, sectionId, request.body) };
    },
  });

  app.get('/:id/briefs/:briefId/versions', {
    schema: {
      tags,
      summary: "A brief's history: every save that changed content, newest first (cursor pagination)",
      security: bearerSecurity,
      params: BriefParamsSchema,
      querystring: ListBriefVersionsQuerySchema,
      response: { 200: ListBriefVersionsResponseSchema, ...errorResponses },
    },
    handler: async (request) => ({
      payload: await listBriefVersions(app.db, requireAuth(request).personId, request.params.id, request.params.briefId, request.query),
    }),
  });

  app.get('/:id/briefs/:briefId/versions/:version', {
    schema: {
      tags,
      summary: 'One version of a brief with its content',
      security: bearerSecurity,
      params: BriefVersionParamsSchema,
      response: { 200: BriefVersionResponseSchema, ...errorResponses },
    },
    handler: async (request) => {
      const { id, briefId, version } = request.params;
      return { payload: await readBriefVersion(app.db, requireAuth(request).personId, id, briefId, version) };
    },
  });

  app.post('/:id/briefs/:briefId/versions/:version/restore', {
    schema: {
      tags,
      summary: 'Restore an older version as a new one, at the current version the caller saw; 409 VERSION_CONFLICT with `current`',
      security: bearerSecurity,
      params: BriefVersionParamsSchema,
      body: RestoreBriefVersionBodySchema,
      response: { 200: BriefResponseSchema, ...conflictResponses },
    },
    handler: async (request) => {
      const { id, briefId, version } = request.params;
      return {
        payload: await restoreBriefVersion(app.db, requireAuth(request).personId, id, briefId, version, request.body.version),
      };
    },
  });
};
