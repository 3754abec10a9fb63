import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyRequest {
    /** The errorCode the error handler answered with, for the request's log line. */
    errorCode: string | null;
  }
}

/** Paths polled by probes every few seconds. */
const PROBE_PATHS = new Set(['/healthz', '/readyz']);

/**
 * Whether a request is for a file of the built web app (/assets/…, /sw.js, /favicon.svg, fonts):
 * any path outside /api with a file extension, the rule the web-app plugin serves them by.
 */
export function isStaticAssetPath(pathname: string): boolean {
  return !pathname.startsWith('/api/') && path.extname(pathname) !== '' && pathname !== '/index.html';
}

/**
 * One log line per request (issue #8: the development log wrote every request over several
 * lines, static files included): `GET /api/v1/profile 200 4ms` with method, url, status,
 * responseTime (ms) and the request id (reqId), written once the answer is sent. Static assets
 * and health probes log at debug, everything else at info; a refused request carries its
 * errorCode. Fastify's own two-entry request logging is switched off in app.ts.
 */
async function requestLogPlugin(app: FastifyInstance) {
  app.decorateRequest('errorCode', null);
  app.addHook('onResponse', (request: FastifyRequest, reply, done) => {
    const pathname = request.url.split('?')[0]!;
    const quiet = isStaticAssetPath(pathname) || PROBE_PATHS.has(pathname);
    const ms = Math.round(reply.elapsedTime);
    const line = {
      method: request.method,
      url: request.url,
      statusCode: reply.statusCode,
      responseTime: ms,
      ...(request.errorCode ? { errorCode: request.errorCode } : {}),
    };
    const message = `${request.method} ${request.url} ${reply.statusCode} ${ms}ms`;
    if (quiet) request.log.debug(line, message);
    else request.log.info(line, message);
    done();
  });
}

export default fp(requestLogPlugin, { name: 'request-log' });
