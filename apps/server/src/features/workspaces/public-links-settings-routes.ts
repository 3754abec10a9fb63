import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PublicLinkSettingsResponseSchema, UpdatePublicLinkSettingsBodySchema, WorkspaceParamsSchema } from '@tandem/contract';
import { bearerSecurity, errorResponses } from '../../lib/route-schemas.js';
import { assertAllowed, loadMembership } from '../../permissions/membership.js';
import { requireAuth } from '../../plugins/authenticate.js';
import { getPublicLinksEnabled, setPublicLinksEnabled } from '../../public/public-links.js';
import { recordAuditEvent } from '../audit/index.js';
import { actorOf } from './workspaces-routes.js';

const tags = ['workspaces'];

/**
 * The workspace's public-link kill switch (PRODUCT §2 PublicLink; contract public-links.ts; issue
 * #9; prefix /api/v1/workspaces, protected). Any member may read it (the share dialog shows it);
 * OWNER and EXECUTIVE change it (managePublicLinks), audited as PUBLIC_LINKS_TOGGLED. While off,
 * every share and answer link of the workspace answers 410 and none can be made.
 */
export const publicLinkSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/:id/public-links', {
    schema: {
      tags,
      summary: 'Whether the workspace’s public links are on (any member)',
      security: bearerSecurity,
      params: WorkspaceParamsSchema,
      response: { 200: PublicLinkSettingsResponseSchema, ...errorResponses },
    },
    handler: async (request) => {
      await loadMembership(app.db, request.params.id, requireAuth(request).personId);
      return { payload: { enabled: (await getPublicLinksEnabled(app.db, request.params.id))! } };
    },
  });

  app.put('/:id/public-links', {
    schema: {
      tags,
      summary: 'Turn every public link of the workspace off, or back on (OWNER, EXECUTIVE; audited)',
      security: bearerSecurity,
      params: WorkspaceParamsSchema,
      body: UpdatePublicLinkSettingsBodySchema,
      response: { 200: PublicLinkSettingsResponseSchema, ...errorResponses },
    },
    handler: async (request) => {
      const actor = actorOf(request);
      const workspaceId = request.params.id;
      const { enabled } = request.body;
      await app.db.transaction(async (tx) => {
        assertAllowed(await loadMembership(tx, workspaceId, actor.personId), 'managePublicLinks');
        if (!(await setPublicLinksEnabled(tx, workspaceId, enabled))) return;
        await recordAuditEvent(tx, {
          action: 'PUBLIC_LINKS_TOGGLED',
          actorPersonId: actor.personId,
          impersonatorPersonId: actor.impersonatorId,
          workspaceId,
          target: enabled ? 'on' : 'off',
          ip: actor.ip,
        });
      });
      return { payload: { enabled } };
    },
  });
};
