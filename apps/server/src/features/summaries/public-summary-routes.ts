import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PublicSummaryParamsSchema, PublicSummaryResponseSchema } from '@tandem/contract';
import { errorResponses } from '../../lib/route-schemas.js';
import { readPublicSummary } from './summaries-service.js';

/**
 * GET v1/public/summaries/{id} (/s/{id}; issue #11; decision 012), registered in the public scope
 * (no authentication; noindex, no-referrer; the miss limiter). Answers the copy taken at publishing
 * (contract PublicSummary, redactions applied); 400 malformed id, 404 unknown, 410 no longer
 * active (revoked, expired, links off, unpublished, deleted).
 */
export const publicSummaryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/summaries/:id', {
    schema: {
      tags: ['public'],
      summary: 'A published summary as /s/{id} shows it',
      params: PublicSummaryParamsSchema,
      response: { 200: PublicSummaryResponseSchema, ...errorResponses },
    },
    handler: async (request) => ({
      payload: await readPublicSummary(app.db, { publicId: request.params.id, ip: request.ip, userAgent: request.headers['user-agent'] }),
    }),
  });
};
