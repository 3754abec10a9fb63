import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ListActivityQuerySchema,
  ListActivityResponseSchema,
  MarkActivityReadBodySchema,
  MarkActivityReadResponseSchema,
  WorkspaceParamsSchema,
} from '@tandem/contract';
import type { Queryable } from '../../db/client.js';
import { bearerSecurity, errorResponses } from '../../lib/route-schemas.js';
import { assertAllowed, loadMembership, viewerOf } from '../../permissions/membership.js';
import type { Viewer } from '../../permissions/visibility.js';
import { requireAuth } from '../../plugins/authenticate.js';
import { onRequestConnection } from '../../plugins/deferred-checks.js';
import { activityEvents } from './activity-events.js';
import { findActivity, markActivityRead } from './activity-repository.js';
import { registerOverdueJob } from './overdue.js';

const tags = ['activity'];

/** The caller's active membership (404 otherwise, PRODUCT §6) as a feed viewer. */
async function loadViewer(db: Queryable, request: FastifyRequest, workspaceId: string): Promise<Viewer> {
  const { personId } = requireAuth(request);
  const member = await loadMembership(db, workspaceId, personId);
  assertAllowed(member, 'viewActivity');
  return viewerOf(member);
}

/**
 * Activity feed and read mark of a workspace (prefix /api/v1/workspaces, protected); registers the
 * `activity` event type on the workspace bus (live stream: events/events-routes.ts) and the hourly
 * overdue sweep on the job queue (TASK_OVERDUE, issue #8).
 */
export const activityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.events.register(activityEvents);
  registerOverdueJob(app.jobs, app.db, app.log);

  app.get('/:id/activity', {
    schema: {
      tags,
      summary: "The workspace's activity the caller may see, newest first (cursor pagination)",
      security: bearerSecurity,
      params: WorkspaceParamsSchema,
      querystring: ListActivityQuerySchema,
      response: { 200: ListActivityResponseSchema, ...errorResponses },
    },
    config: { oneConnection: true },
    handler: async (request) => {
      const payload = await onRequestConnection(request, app.db, async (db) =>
        findActivity(db, await loadViewer(db, request, request.params.id), request.query),
      );
      return { payload };
    },
  });

  app.post('/:id/activity/read', {
    schema: {
      tags,
      summary: "Move the caller's read mark: hasNewActivityItems becomes false until newer activity by others",
      security: bearerSecurity,
      params: WorkspaceParamsSchema,
      body: MarkActivityReadBodySchema,
      response: { 200: MarkActivityReadResponseSchema, ...errorResponses },
    },
    handler: async (request) => {
      const viewer = await loadViewer(app.db, request, request.params.id);
      const readAt = await markActivityRead(app.db, viewer.memberId, request.body?.until);
      return { payload: { readAt: readAt.toISOString() } };
    },
  });
};
