import type { FastifyInstance } from 'fastify';

/** GET v1/public/summaries/{id} (issue #11), registered in the public scope. */
export async function publicSummaryRoutes(app: FastifyInstance): Promise<void> {
  void app;
}
