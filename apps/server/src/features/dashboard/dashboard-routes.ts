import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DashboardQuerySchema, DashboardResponseSchema, WorkspaceParamsSchema } from '@tandem/contract';
import { readSnapshot } from '../../db/one-connection.js';
import { bearerSecurity, errorResponses } from '../../lib/route-schemas.js';
import { requireAuth } from '../../plugins/authenticate.js';
import { assertAllowed, loadMembership, viewerOf } from '../../permissions/membership.js';
import { todayIn } from '../../lib/calendar-days.js';
import { onRequestConnection } from '../../plugins/deferred-checks.js';
import { getDashboard } from './dashboard-repository.js';

const tags = ['dashboard'];

/** The server's calendar date in UTC, YYYY-MM-DD: the default `today` of the dashboard. */
function utcToday(): string {
  return new Date().toISOString().slice(0, 10);
}

/** The signed-in member's dashboard (PRODUCT §3 /dashboard; prefix /api/v1/workspaces, protected). */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/:id/dashboard', {
    schema: {
      tags,
      summary:
        "The caller's day: tasks due today and overdue, delegated tasks, created vs done per week, open tasks per assignee, briefs for today, awaiting acknowledgement and needing more",
      description:
        'Counts only tasks the caller may see (PRODUCT §6: USER own and assigned, GUEST assigned to them). `today` is the ' +
        "caller's local date (YYYY-MM-DD); without it, the server's UTC date. Weeks start on Monday and bucket instants in UTC. " +
        'Briefs for today are meetings on `today` in `timeZone` (default UTC); a GUEST sees READY and ACKNOWLEDGED briefs only.',
      security: bearerSecurity,
      params: WorkspaceParamsSchema,
      querystring: DashboardQuerySchema,
      response: { 200: DashboardResponseSchema, ...errorResponses },
    },
    config: { oneConnection: true },
    handler: async (request) => {
      const { personId } = requireAuth(request);
      const { timeZone } = request.query;
      // The membership and the reads (at most eight) on one connection, the reads in one snapshot
      // (issue #13: spread over the pool, each waited for a connection of its own; the counts
      // always agree with the lists).
      const dashboard = await onRequestConnection(request, app.db, async (db) => {
        const member = await loadMembership(db, request.params.id, personId);
        assertAllowed(member, 'viewTasks');
        const reader = viewerOf(member);
        const today = request.query.today ?? (timeZone ? todayIn(timeZone) : utcToday());
        return readSnapshot(db, (snapshot) => getDashboard(snapshot, reader, today, timeZone));
      });
      return { payload: dashboard };
    },
  });
};
