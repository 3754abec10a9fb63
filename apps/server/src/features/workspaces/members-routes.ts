import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  InviteMemberBodySchema,
  ListMembersQuerySchema,
  ListMembersResponseSchema,
  MemberParamsSchema,
  MemberResponseSchema,
  OkResponseSchema,
  UpdateMemberBodySchema,
  WorkspaceParamsSchema,
} from '@tandem/contract';
import { bearerSecurity, errorResponses } from '../../lib/route-schemas.js';
import { requireAuth } from '../../plugins/authenticate.js';
import { findMembers } from './members-repository.js';
import { changeMemberType, inviteMember, removeMember, resendInvitation } from './members-service.js';
import { decodeIdCursor, toPage } from '../../lib/cursor.js';
import { assertAllowed, loadMembership } from '../../permissions/membership.js';
import { actorOf } from './workspaces-routes.js';

const tags = ['members'];

/** Member calls (seed §7; prefix /api/v1/workspaces, protected); permissions per PRODUCT §6. */
export const membersRoutes: FastifyPluginAsyncZod = async (app) => {
  const publicUrl = app.config.publicUrl;

  app.get('/:id/members', {
    schema: {
      tags,
      summary: 'The members, INVITED and ACTIVE, oldest first (any member)',
      security: bearerSecurity,
      params: WorkspaceParamsSchema,
      querystring: ListMembersQuerySchema,
      response: { 200: ListMembersResponseSchema, ...errorResponses },
    },
    handler: async (request) => {
      const { personId } = requireAuth(request);
      assertAllowed(await loadMembership(app.db, request.params.id, personId), 'viewMembers');
      const { limit, cursor } = request.query;
      const rows = await findMembers(app.db, request.params.id, { limit: limit + 1, afterMemberId: decodeIdCursor(cursor, 'members') });
      return { payload: toPage(rows, limit, 'members') };
    },
  });

  app.post('/:id/members', {
    schema: {
      tags,
      summary: 'Invite a person by email (OWNER, EXECUTIVE: any type; EXECUTIVEASSISTANT: USER, GUEST); 402 PLAN_LIMIT when full',
      security: bearerSecurity,
      params: WorkspaceParamsSchema,
      body: InviteMemberBodySchema,
      response: { 201: MemberResponseSchema, ...errorResponses },
    },
    handler: async (request, reply) => {
      const { member } = await inviteMember(app.db, actorOf(request), request.params.id, request.body, {
        publicUrl,
        mailOutbox: app.mailOutbox,
      });
      return reply.status(201).send({ payload: member });
    },
  });

  app.patch('/:id/members/:memberId', {
    schema: {
      tags,
      summary: "Change a member's type (OWNER, EXECUTIVE); one EXECUTIVE per workspace",
      security: bearerSecurity,
      params: MemberParamsSchema,
      body: UpdateMemberBodySchema,
      response: { 200: MemberResponseSchema, ...errorResponses },
    },
    handler: async (request) => ({
      payload: await changeMemberType(
        app.db,
        actorOf(request),
        request.params.id,
        request.params.memberId,
        request.body.workspaceMemberType,
      ),
    }),
  });

  app.delete('/:id/members/:memberId', {
    schema: {
      tags,
      summary: 'Remove a member or withdraw an invitation (OWNER, EXECUTIVE)',
      security: bearerSecurity,
      params: MemberParamsSchema,
      response: { 200: OkResponseSchema, ...errorResponses },
    },
    handler: async (request) => {
      await removeMember(app.db, actorOf(request), request.params.id, request.params.memberId);
      return { payload: true as const };
    },
  });

  app.post('/:id/members/:memberId/resend-invitation', {
    schema: {
      tags,
      summary: 'Mail a pending invitation again (at most once a minute)',
      security: bearerSecurity,
      params: MemberParamsSchema,
      response: { 200: MemberResponseSchema, ...errorResponses },
    },
    handler: async (request) => {
      const { member } = await resendInvitation(app.db, actorOf(request), request.params.id, request.params.memberId, {
        publicUrl,
        mailOutbox: app.mailOutbox,
      });
      return { payload: member };
    },
  });
};
