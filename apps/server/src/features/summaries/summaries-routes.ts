import type { FastifyInstance } from 'fastify';

/** The summaries routes (issue #11), registered under /v1/workspaces. */
export async function summariesRoutes(app: FastifyInstance): Promise<void> {
  void app;
}
