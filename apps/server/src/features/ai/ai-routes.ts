import type { FastifyInstance } from 'fastify';

/**
 * The AI routes (issue #11): GET …/{id}/ai (provider and usage), POST …/{id}/questions/generate,
 * POST …/{id}/briefs/{briefId}/draft. Registered under /v1/workspaces.
 */
export async function aiRoutes(app: FastifyInstance): Promise<void> {
  void app;
}
