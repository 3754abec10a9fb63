import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BriefParamsSchema,
  CreateShareLinkBodySchema,
  ListShareLinksResponseSchema,
  ListShareLinkViewsQuerySchema,
  ListShareLinkViewsResponseSchema,
  ShareLinkParamsSchema,
  ShareLinkResponseSchema,
} from '@tandem/contract';
import { bearerSecurity, errorResponses } from '../../lib/route-schemas.js';
import { requireAuth } from '../../plugins/authenticate.js';
import { createShareLink, listShareLinks, listShareLinkViews, revokeShareLink, type ShareActor } from './share-links-service.js';

const tags = ['briefs'];

/** The caller as sharing acts and audits them (PRODUCT §5: both identities under impersonation). */
function actorOf(request: Parameters<typeof requireAuth>[0]): ShareActor {
  const auth = requireAuth(request);
  return { personId: auth.personId, impersonatorId: auth.impersonatorId, ip: request.ip };
}

/**
 * Share link calls of a brief (issue #9; decision 012; prefix /api/v1/workspaces, protected):
 * OWNER, EXECUTIVE and EXECUTIVEASSISTANT only (PRODUCT §6 "share"); a USER is refused 403, a brief
 * the caller may not see answers 404.
 */
export const shareLinksRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/:id/briefs/:briefId/share-links', {
    schema: {
      tags,
      summary: 'The brief’s share links, newest first, revoked ones included, with their view counts (editors)',
      security: bearerSecurity,
      params: BriefParamsSchema,
      response: { 200: ListShareLinksResponseSchema, ...errorResponses },
    },
    handler: async (request) => ({
      payload: { items: await listShareLinks(app.db, requireAuth(request).personId, request.params.id, request.params.briefId) },
    }),
  });

  app.post('/:id/briefs/:briefId/share-links', {
    schema: {
      tags,
      summary:
        'Share the brief by link: label, expiry (default meeting + 7 days), optional passcode (editors); 409 when confidential or links are off',
      security: bearerSecurity,
      params: BriefParamsSchema,
      body: CreateShareLinkBodySchema,
      response: { 201: ShareLinkResponseSchema, ...errorResponses },
    },
    handler: async (request, reply) => {
      const link = await createShareLink(app.db, actorOf(request), request.params.id, request.params.briefId, request.body);
      return reply.status(201).send({ payload: link });
    },
  });

  app.post('/:id/briefs/:briefId/share-links/:linkId/revoke', {
    schema: {
      tags,
      summary: 'Revoke a share link: it answers 410 from now on (editors; revoking again changes nothing)',
      security: bearerSecurity,
      params: ShareLinkParamsSchema,
      response: { 200: ShareLinkResponseSchema, ...errorResponses },
    },
    handler: async (request) => ({
      payload: await revokeShareLink(app.db, actorOf(request), request.params.id, request.params.briefId, request.params.linkId),
    }),
  });

  app.get('/:id/briefs/:briefId/share-links/:linkId/views', {
    schema: {
      tags,
      summary: 'A share link’s access log, newest first: when, IP prefix (/24, /48), browser family (editors)',
      security: bearerSecurity,
      params: ShareLinkParamsSchema,
      querystring: ListShareLinkViewsQuerySchema,
      response: { 200: ListShareLinkViewsResponseSchema, ...errorResponses },
    },
    handler: async (request) => {
      const { id, briefId, linkId } = request.params;
      return { payload: await listShareLinkViews(app.db, requireAuth(request).personId, id, briefId, linkId, request.query) };
    },
  });
};
