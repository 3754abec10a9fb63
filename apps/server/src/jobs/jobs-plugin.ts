import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Jobs } from './jobs.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The durable job queue (ARCHITECTURE "background work"); see Jobs for the order of use. */
    jobs: Jobs;
  }
}

/**
 * Decorates `app.jobs` with `jobs` (built by the app so features can register their queues
 * while it is assembled), starts it when the app is ready — after every registration — and stops
 * it on close: no new jobs, running ones finish (bounded), then the caller closes the database
 * (server.ts closes the app before the database).
 */
async function jobsPlugin(app: FastifyInstance, options: { jobs: Jobs }) {
  app.decorate('jobs', options.jobs);
  app.addHook('onReady', async () => options.jobs.start());
  app.addHook('onClose', async () => options.jobs.stop());
}

export default fp(jobsPlugin, { name: 'jobs' });
