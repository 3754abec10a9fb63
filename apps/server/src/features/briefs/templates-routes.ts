import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BriefTemplateParamsSchema,
  BriefTemplateResponseSchema,
  CreateBriefTemplateBodySchema,
  ListBriefTemplatesResponseSchema,
  OkResponseSchema,
  UpdateBriefTemplateBodySchema,
  WorkspaceParamsSchema,
} from '@tandem/contract';
import { bearerSecurity, errorResponses } from '../../lib/route-schemas.js';
import { requireAuth } from '../../plugins/authenticate.js';
import { createTemplate, deleteTemplate, duplicateTemplate, listTemplates, readTemplate, updateTemplate } from './templates-service.js';

const tags = ['briefs'];

/**
 * Brief template calls (PRODUCT §2 BriefTemplate, §4 `brief-templates`; issue #9; prefix
 * /api/v1/workspaces, protected). Reading: everyone who may see briefs; writing: OWNER, EXECUTIVE,
 * EXECUTIVEASSISTANT (PRODUCT §6). Built-ins are read-only (403 on change) and can be duplicated;
 * another workspace's template answers 404.
 */
export const briefTemplatesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/:id/brief-templates', {
    schema: {
      tags,
      summary: 'The built-in templates, then the workspace’s own by name',
      security: bearerSecurity,
      params: WorkspaceParamsSchema,
      response: { 200: ListBriefTemplatesResponseSchema, ...errorResponses },
    },
    handler: async (request) => ({
      payload: { items: await listTemplates(app.db, requireAuth(request).personId, request.params.id) },
    }),
  });

  app.post('/:id/brief-templates', {
    schema: {
      tags,
      summary: 'Create a workspace template (OWNER, EXECUTIVE, EXECUTIVEASSISTANT)',
      security: bearerSecurity,
      params: WorkspaceParamsSchema,
      body: CreateBriefTemplateBodySchema,
      response: { 201: BriefTemplateResponseSchema, ...errorResponses },
    },
    handler: async (request, reply) => {
      const template = await createTemplate(app.db, requireAuth(request).personId, request.params.id, request.body);
      return reply.status(201).send({ payload: template });
    },
  });

  app.get('/:id/brief-templates/:templateId', {
    schema: {
      tags,
      summary: 'One template: a built-in or the workspace’s own',
      security: bearerSecurity,
      params: BriefTemplateParamsSchema,
      response: { 200: BriefTemplateResponseSchema, ...errorResponses },
    },
    handler: async (request) => ({
      payload: await readTemplate(app.db, requireAuth(request).personId, request.params.id, request.params.templateId),
    }),
  });

  app.patch('/:id/brief-templates/:templateId', {
    schema: {
      tags,
      summary: 'Change a workspace template (editors); built-ins are read-only (403)',
      security: bearerSecurity,
      params: BriefTemplateParamsSchema,
      body: UpdateBriefTemplateBodySchema,
      response: { 200: BriefTemplateResponseSchema, ...errorResponses },
    },
    handler: async (request) => ({
      payload: await updateTemplate(app.db, requireAuth(request).personId, request.params.id, request.params.templateId, request.body),
    }),
  });

  app.post('/:id/brief-templates/:templateId/duplicate', {
    schema: {
      tags,
      summary: 'Copy a template (built-in or own) into a new workspace template named "Copy of …" (editors)',
      security: bearerSecurity,
      params: BriefTemplateParamsSchema,
      response: { 201: BriefTemplateResponseSchema, ...errorResponses },
    },
    handler: async (request, reply) => {
      const template = await duplicateTemplate(app.db, requireAuth(request).personId, request.params.id, request.params.templateId);
      return reply.status(201).send({ payload: template });
    },
  });

  app.delete('/:id/brief-templates/:templateId', {
    schema: {
      tags,
      summary: 'Delete a workspace template (editors); briefs made from it keep its id; built-ins are read-only (403)',
      security: bearerSecurity,
      params: BriefTemplateParamsSchema,
      response: { 200: OkResponseSchema, ...errorResponses },
    },
    handler: async (request) => {
      await deleteTemplate(app.db, requireAuth(request).personId, request.params.id, request.params.templateId);
      return { payload: true as const };
    },
  });
};
