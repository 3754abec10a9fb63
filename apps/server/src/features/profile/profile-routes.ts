import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ProfileResponseSchema, ProfileUpdateBodySchema, type Profile } from '@tandem/contract';
import type { Queryable } from '../../db/client.js';
import { inOrder } from '../../db/one-connection.js';
import { people } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { bearerSecurity, errorResponses } from '../../lib/route-schemas.js';
import { requireAuth } from '../../plugins/authenticate.js';
import { onRequestConnection } from '../../plugins/deferred-checks.js';
import type { AccessClaims } from '../../lib/access-tokens.js';
import { getPersonById } from '../auth/index.js';
import { findWorkspacesOfPerson } from '../workspaces/index.js';

const tags = ['profile'];

/** The current user (seed §3) with their workspaces and, under impersonation, the admin. */
export async function getProfile(db: Queryable, auth: AccessClaims): Promise<Profile> {
  // Independent reads, issued together on the request's one connection (inOrder, decision 038).
  const [person, impersonator, workspaces] = await inOrder(
    getPersonById(db, auth.personId),
    auth.impersonatorId ? getPersonById(db, auth.impersonatorId) : Promise.resolve(undefined),
    findWorkspacesOfPerson(db, auth.personId),
  );
  if (!person) throw new AppError('UNAUTHENTICATED', 'Your session has expired. Please sign in again.');
  return {
    id: person.id,
    firstName: person.firstName,
    lastName: person.lastName,
    email: person.email,
    status: person.status,
    themePreference: person.themePreference,
    workspaces,
    impersonator: impersonator ? { id: impersonator.id, firstName: impersonator.firstName, lastName: impersonator.lastName } : null,
  };
}

/** GET and PATCH v1/profile (prefix /api/v1, protected). */
export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/profile', {
    schema: {
      tags,
      summary: 'The signed-in user with their workspaces and members',
      security: bearerSecurity,
      response: { 200: ProfileResponseSchema, ...errorResponses },
    },
    config: { oneConnection: true },
    handler: async (request) => ({ payload: await onRequestConnection(request, app.db, (db) => getProfile(db, requireAuth(request))) }),
  });

  app.patch('/profile', {
    schema: {
      tags,
      summary: "Change the signed-in user's names or theme",
      security: bearerSecurity,
      body: ProfileUpdateBodySchema,
      response: { 200: ProfileResponseSchema, ...errorResponses },
    },
    handler: async (request) => {
      const auth = requireAuth(request);
      if (Object.keys(request.body).length > 0) {
        await app.db.update(people).set(request.body).where(eq(people.id, auth.personId));
      }
      return { payload: await getProfile(app.db, auth) };
    },
  });
};
