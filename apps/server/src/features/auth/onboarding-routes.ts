import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OkResponseSchema, OnboardingResponseSchema, WelcomeParamsSchema } from '@tandem/contract';
import { bearerSecurity, errorResponses } from '../../lib/route-schemas.js';
import { requireAuth } from '../../plugins/authenticate.js';
import { getOnboarding, markFirstRunAnswered, markWelcomeSeen } from './onboarding-service.js';

const tags = ['onboarding'];

/**
 * The first signed-in landing's questions and welcomes (issue #8; prefix /api/v1, protected).
 * Kept beside the profile rather than in it, so the seed's profile shape (seed §3) stays as it
 * is and the web reads it once per landing. While a platform admin views as the person
 * (PRODUCT §5) the marks are not written: the person still gets their own welcome and question.
 */
export const onboardingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/onboarding', {
    schema: {
      tags,
      summary: 'What the first landing still has to ask or say: the first-run question and the welcomes into new workspaces',
      security: bearerSecurity,
      response: { 200: OnboardingResponseSchema, ...errorResponses },
    },
    handler: async (request) => ({ payload: await getOnboarding(app.db, requireAuth(request).personId) }),
  });

  app.post('/onboarding/first-run', {
    schema: {
      tags,
      summary: 'Record that the first-run question ("the executive or an assistant?") was answered',
      security: bearerSecurity,
      response: { 200: OkResponseSchema, ...errorResponses },
    },
    handler: async (request) => {
      const auth = requireAuth(request);
      if (!auth.impersonatorId) await markFirstRunAnswered(app.db, auth.personId);
      return { payload: true as const };
    },
  });

  app.post('/onboarding/welcomes/:memberId/seen', {
    schema: {
      tags,
      summary: 'Record that the welcome into a newly joined workspace was shown (it is shown once)',
      security: bearerSecurity,
      params: WelcomeParamsSchema,
      response: { 200: OkResponseSchema, ...errorResponses },
    },
    handler: async (request) => {
      const auth = requireAuth(request);
      if (!auth.impersonatorId) await markWelcomeSeen(app.db, auth.personId, request.params.memberId);
      return { payload: true as const };
    },
  });
};
