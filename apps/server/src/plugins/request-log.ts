import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { pathOf } from '../lib/url-path.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The errorCode the error handler answered with, for the request's log line. */
    errorCode: string | null;
  }
}

/** pino's `isLevelEnabled`, which Fastify's logger type does not declare. */
type LevelAwareLogger = { isLevelEnabled?: (level: string) => boolean };

/** Paths polled by probes every few seconds. */
const PROBE_PATHS = new Set(['/healthz', '/readyz']);

/**
 * Whether a request is for a file of the built web app (/assets/…, /sw.js, /favicon.svg, fonts):
 * any path outside /api with a file extension, the rule the web-app plugin serves them by.
 */
export function isStaticAssetPath(pathname: string): boolean {
  return !pathname.startsWith('/api/') && path.extname(pathname) !== '' && pathname !== '/index.html';
}

/** Query parameters whose values are secrets: reset and sign-in codes, tokens, passcodes. */
const SECRET_QUERY_PARAMETER = /code|token|secret|password|passcode|key|signature/i;

/**
 * A public link's id in a path: the pages /q, /b, /s and their data under /api/v1/public. Link ids
 * are stored hashed so that a leaked table holds no working link (decision 012); a log must not
 * undo that.
 */
const PUBLIC_LINK_PATH = /^(\/(?:q|b|s)\/|\/api\/v1\/public\/[a-z-]+\/)[^/?#]+/;

/**
 * `url` with the values of secret-looking query parameters and a public link's id replaced by
 * `[redacted]` (issue #14: logs never hold a code, a reset link or a working share link — the
 * reset page is `/auth/new-password?code=…`, and the server that serves the web app logs its
 * URL). The rest of the path and other parameters stay as they were.
 */
export function redactUrl(url: string): string {
  url = url.replace(PUBLIC_LINK_PATH, '$1[redacted]');
  const queryAt = url.indexOf('?');
  if (queryAt === -1) return url;
  const query = url
    .slice(queryAt + 1)
    .split('&')
    .map((pair) => {
      const equalsAt = pair.indexOf('=');
      if (equalsAt === -1) return pair;
      let name = pair.slice(0, equalsAt);
      try {
        name = decodeURIComponent(name.replaceAll('+', ' '));
      } catch {
        // A malformed escape: judge the name as written.
      }
      return SECRET_QUERY_PARAMETER.test(name) ? `${pair.slice(0, equalsAt)}=[redacted]` : pair;
    })
    .join('&');
  return `${url.slice(0, queryAt)}?${query}`;
}

/**
 * One log line per request (issue #8: the development log wrote every request over several
 * lines, static files included): `GET /api/v1/profile 200 4ms` with method, url, status,
 * responseTime (ms) and the request id (reqId), written once the answer is sent. Static assets
 * and health probes log at debug, everything else at info; a refused request carries its
 * errorCode; secret query values are redacted ({@link redactUrl}). Fastify's own two-entry
 * request logging is switched off in app.ts.
 */
async function requestLogPlugin(app: FastifyInstance) {
  app.decorateRequest('errorCode', null);
  app.addHook('onResponse', (request: FastifyRequest, reply, done) => {
    // Nothing to build when the line's level is off (issue #13): with info off (e.g.
    // LOG_LEVEL=warn) debug is off too, so not even the path is looked at. pino's loggers tell; a
    // logger that cannot (Fastify's no-op one) gets the line and drops it.
    const log = request.log as LevelAwareLogger;
    if (log.isLevelEnabled?.('info') === false) return done();
    const pathname = pathOf(request.url);
    const quiet = isStaticAssetPath(pathname) || PROBE_PATHS.has(pathname);
    if (quiet && log.isLevelEnabled?.('debug') === false) return done();
    const ms = Math.round(reply.elapsedTime);
    const url = redactUrl(request.url);
    const line = {
      method: request.method,
      url,
      statusCode: reply.statusCode,
      responseTime: ms,
      ...(request.errorCode ? { errorCode: request.errorCode } : {}),
    };
    const message = `${request.method} ${url} ${reply.statusCode} ${ms}ms`;
    if (quiet) request.log.debug(line, message);
    else request.log.info(line, message);
    done();
  });
}

export default fp(requestLogPlugin, { name: 'request-log' });
