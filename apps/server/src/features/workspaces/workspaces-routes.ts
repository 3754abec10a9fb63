import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CreateWorkspaceBodySchema,
  ListAuditEventsQuerySchema,
  ListAuditEventsResponseSchema,
  ListWorkspacesQuerySchema,
  ListWorkspacesResponseSchema,
  OkResponseSchema,
  SubscriptionResponseSchema,
  UpdateSubscriptionBodySchema,
  UpdateWorkspaceBodySchema,
  WorkspaceParamsSchema,
  WorkspaceSummaryResponseSchema,
} from '@tandem/contract';
import { notFound } from '../../lib/errors.js';
import { bearerSecurity, errorResponses } from '../../lib/route-schemas.js';
import { requireAuth } from '../../plugins/authenticate.js';
import { findAuditEvents } from '../audit/index.js';
import { leaveWorkspace, type Actor } from './members-service.js';
import { decodeIdCursor, toPage } from '../../lib/cursor.js';
import { assertAllowed, loadMembership } from '../../permissions/membership.js';
import { findWorkspaceSummaries, getSubscription } from './workspaces-repository.js';
import { changePlan, createWorkspace, renameWorkspace } from './workspaces-service.js';

const tags = ['workspaces'];

/** The acting person of a protected request, for permission checks and the audit trail. */
export function actorOf(request: Parameters<typeof requireAuth>[0]): Actor {
  const auth = requireAuth(request);
  return { personId: auth.personId, impersonatorId: auth.impersonatorId, ip: request.ip };
}

/** Workspace calls (prefix /api/v1/workspaces, protected); permissions per PRODUCT §6. */
export const workspacesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/', {
    schema: {
      tags,
      summary: "The caller's workspaces with their own type and memberId",
      security: bearerSecurity,
      querystring: ListWorkspacesQuerySchema,
      response: { 200: ListWorkspacesResponseSchema, ...errorResponses },
    },
    handler: async (request) => {
      const { personId } = requireAuth(request);
      const { limit, cursor } = request.query;
      const rows = await findWorkspaceSummaries(app.db, personId, {
        limit: limit + 1,
        afterMemberId: decodeIdCursor(cursor, 'workspaces'),
      });
      return { payload: toPage(rows, limit, 'workspaces', (row) => row.memberId) };
    },
  });

  app.post('/', {
    schema: {
      tags,
      summary: 'Create a workspace on the FREE plan; the caller becomes its OWNER',
      security: bearerSecurity,
      body: CreateWorkspaceBodySchema,
      response: { 201: WorkspaceSummaryResponseSchema, ...errorResponses },
    },
    handler: async (request, reply) => {
      const workspace = await createWorkspace(app.db, actorOf(request), request.body.name);
      return reply.status(201).send({ payload: workspace });
    },
  });

  app.patch('/:id', {
    schema: {
      tags,
      summary: 'Rename the workspace (OWNER, EXECUTIVE)',
      security: bearerSecurity,
      params: WorkspaceParamsSchema,
      body: UpdateWorkspaceBodySchema,
      response: { 200: WorkspaceSummaryResponseSchema, ...errorResponses },
    },
    handler: async (request) => ({ payload: await renameWorkspace(app.db, actorOf(request), request.params.id, request.body.name) }),
  });

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
      assertAllowed(await loadMembership(app.db, request.params.id, personId), 'viewSubscription');
      const subscription = await getSubscription(app.db, request.params.id);
      if (!subscription) throw notFound('That workspace');
      return { payload: subscription };
    },
  });

  app.patch('/:id/subscription', {
    schema: {
      tags,
      summary: 'Change the plan directly (self-hosted; OWNER, EXECUTIVE); 402 PLAN_LIMIT when usage exceeds it',
      security: bearerSecurity,
      params: WorkspaceParamsSchema,
      body: UpdateSubscriptionBodySchema,
      response: { 200: SubscriptionResponseSchema, ...errorResponses },
    },
    handler: async (request) => ({
      payload: await changePlan(app.db, actorOf(request), request.params.id, request.body.subscriptionType),
    }),
  });

  app.get('/:id/audit-events', {
    schema: {
      tags,
      summary: "The workspace's audit trail, newest first (OWNER, EXECUTIVE)",
      security: bearerSecurity,
      params: WorkspaceParamsSchema,
      querystring: ListAuditEventsQuerySchema,
      response: { 200: ListAuditEventsResponseSchema, ...errorResponses },
    },
    handler: async (request) => {
      const { personId } = requireAuth(request);
      assertAllowed(await loadMembership(app.db, request.params.id, personId), 'listAudit');
      const { limit, cursor } = request.query;
      const rows = await findAuditEvents(app.db, request.params.id, { limit: limit + 1, beforeId: decodeIdCursor(cursor, 'audit') });
      return { payload: toPage(rows, limit, 'audit') };
    },
  });

  app.post('/:id/leave', {
    schema: {
      tags,
      summary: 'End the caller’s own membership; the last owner or executive cannot leave',
      security: bearerSecurity,
      params: WorkspaceParamsSchema,
      response: { 200: OkResponseSchema, ...errorResponses },
    },
    handler: async (request) => {
      await leaveWorkspace(app.db, actorOf(request), request.params.id);
      return { payload: true as const };
    },
  });
};
