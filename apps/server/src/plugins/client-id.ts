import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors.js';
import { pathOf } from '../lib/url-path.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's X-Client-Id, checked against CLIENT_IDS (seed §7, PRODUCT §4). */
    clientId: string;
  }
}

/**
 * Paths called without X-Client-Id: the API reference and its document, which a browser opens
 * directly, and Slack's events endpoint (signed by Slack instead; issue #12).
 */
const openPaths = ['/api/docs', '/api/openapi.json', '/api/slack/events'];

/** Whether a request's path (no query string) is one of {@link openPaths} or under one. */
function isOpenPath(path: string): boolean {
  return openPaths.some((open) => path.startsWith(open) && (path.length === open.length || path[open.length] === '/'));
}

/**
 * Requires a configured X-Client-Id header on every /api call; unknown or missing → 400
 * INVALID_CLIENT (PRODUCT §4).
 */
async function clientIdPlugin(app: FastifyInstance, options: { clientIds: string[] }) {
  const allowed = new Set(options.clientIds);
  app.decorateRequest('clientId', '');
  // A callback hook: no promise per request, and no string built per request to compare the path
  // (issue #13: the check showed in every request's profile).
  app.addHook('onRequest', (request, _reply, done) => {
    const path = pathOf(request.url);
    if (!path.startsWith('/api/') || isOpenPath(path)) return done();
    const header = request.headers['x-client-id'];
    if (typeof header !== 'string' || !allowed.has(header)) {
      return done(new AppError('INVALID_CLIENT', 'This client is not recognised. Send a known X-Client-Id header.'));
    }
    request.clientId = header;
    done();
  });
}

/** A body's client_id must name the same configured client as the header. */
export function assertSameClient(headerClientId: string, bodyClientId: string): void {
  if (bodyClientId !== headerClientId) {
    throw new AppError('INVALID_CLIENT', 'The client id in the body does not match X-Client-Id.', {
      client_id: 'Must equal the X-Client-Id header.',
    });
  }
}

export default fp(clientIdPlugin, { name: 'client-id' });
