import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SubscriptionResponseSchema, WorkspaceParamsSchema } from '@tandem/contract';
import { notFound } from '../../lib/errors.js';
import { bearerSecurity, errorResponses } from '../../lib/route-schemas.js';
import { requireAuth } from '../../plugins/authenticate.js';
import { getSubscription, isActiveMember } from './workspaces-repository.js';

const tags = ['workspaces'];

/** Workspace calls (prefix /api/v1/workspaces, protected). */
export const workspacesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/:id/subscription', {
    schema: {
      tags,
      summary: "The workspace's plan, status, limits and usage (any member)",
      security: bearerSecurity,
      params: WorkspaceParamsSchema,
      response: { 200: SubscriptionResponseSchema, ...errorResponses },
    },
    handler: async (request) => {
      const { personId } = requireAuth(request);
      if (!(await isActiveMember(app.db, request.params.id, personId))) throw notFound('That workspace');
      const subscription = await getSubscription(app.db, request.params.id);
      if (!subscription) throw notFound('That workspace');
      return { payload: subscription };
    },
  });
};
