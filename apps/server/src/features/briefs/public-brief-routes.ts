import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PublicBriefParamsSchema, PublicBriefResponseSchema, UnlockPublicBriefBodySchema } from '@tandem/contract';
import { errorResponses } from '../../lib/route-schemas.js';
import { readPublicBrief } from './share-links-service.js';

const tags = ['public'];

/**
 * The public brief page's data (/b/{id}; issue #9; decision 012), registered in the
 * /api/v1/public scope (no authentication; noindex, no-referrer; the miss limiter). Answers only
 * what the page shows (contract PublicBrief); 400 malformed id, 404 unknown, 410 no longer active,
 * 401 PASSCODE_REQUIRED / PASSCODE_INVALID, 429 after 10 wrong passcodes.
 */
export const publicBriefRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/briefs/:id', {
    schema: {
      tags,
      summary: 'A shared brief as /b/{id} shows it; 401 PASSCODE_REQUIRED when the link has a passcode',
      params: PublicBriefParamsSchema,
      response: { 200: PublicBriefResponseSchema, ...errorResponses },
    },
    handler: async (request) => ({
      payload: await readPublicBrief(app.db, {
        publicId: request.params.id,
        passcode: undefined,
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      }),
    }),
  });

  app.post('/briefs/:id/unlock', {
    schema: {
      tags,
      summary: 'A shared brief behind a passcode; 401 PASSCODE_INVALID, 429 after 10 wrong passcodes in a row',
      params: PublicBriefParamsSchema,
      body: UnlockPublicBriefBodySchema,
      response: { 200: PublicBriefResponseSchema, ...errorResponses },
    },
    handler: async (request) => ({
      payload: await readPublicBrief(app.db, {
        publicId: request.params.id,
        passcode: request.body.passcode,
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      }),
    }),
  });
};
