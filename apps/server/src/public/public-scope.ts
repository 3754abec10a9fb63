import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, tooManyRequests } from '../lib/errors.js';
import { checkAttempts, takeAttempt, throttleKeys, throttlePolicies } from '../lib/throttle.js';
import { checkNowOrOnConnection } from '../plugins/deferred-checks.js';

/** What a revoked or expired link answers (PRODUCT §3: HTTP 410, "This link is no longer active"). */
export const LINK_INACTIVE_MESSAGE = 'This link is no longer active';

/** 410 GONE for a revoked or expired public link (PRODUCT §3, §5). */
export const linkInactive = () => new AppError('GONE', LINK_INACTIVE_MESSAGE);

/** Statuses that count as a miss: an id that names nothing (404) or is malformed (400). */
const MISS_STATUSES = new Set([400, 404]);

/** The headers every public answer carries (PRODUCT §5): not indexed, no referrer leaks the link. */
function setPublicHeaders(reply: FastifyReply): void {
  reply.header('x-robots-tag', 'noindex, nofollow');
  reply.header('referrer-policy', 'no-referrer');
}

/**
 * The `/api/v1/public` scope (ARCHITECTURE "public links", PRODUCT §4, §5): no authentication;
 * every answer sends `X-Robots-Tag: noindex` and `Referrer-Policy: no-referrer`; an IP with more
 * than 60 misses (404 or 400) in a minute gets 429 with Retry-After on every public call until
 * the minute is over — counted in the database, so exact across server processes. A feature
 * registers its public routes by passing their plugin in `routes` (e.g. briefs' GET
 * /briefs/{id}); a route answers a revoked or expired link with {@link linkInactive}.
 */
export async function publicScope(app: FastifyInstance, options: { routes: FastifyPluginAsync[] }): Promise<void> {
  app.addHook('onRequest', async (request: FastifyRequest, reply) => {
    setPublicHeaders(reply);
    const key = throttleKeys.publicMisses(request.ip);
    // On the handler's connection for a route with config.oneConnection (decision 042).
    await checkNowOrOnConnection(request, app.db, async (db) => {
      const verdict = await checkAttempts(db, key, throttlePolicies.publicMissesPerIp);
      if (!verdict.allowed)
        throw tooManyRequests('Too many attempts to open links that do not exist. Try again in a minute.', verdict.retryAfterMs);
    });
  });
  app.addHook('onSend', async (request, reply, payload) => {
    setPublicHeaders(reply);
    if (MISS_STATUSES.has(reply.statusCode)) {
      await app.db.transaction((tx) =>
        takeAttempt(tx, throttleKeys.publicMisses(request.ip), throttlePolicies.publicMissesPerIp, { force: true }),
      );
    }
    return payload;
  });
  for (const routes of options.routes) await app.register(routes);
}

/** Paths of the web app's public pages (seed §2: /b/{id}, /q/{shortUrl}, /s/{id}). */
const PUBLIC_PAGE_PATTERN = /^\/(b|q|s)\//;

/**
 * Sends `X-Robots-Tag: noindex` with the HTML of the public pages too, so a shared link is never
 * indexed even by a crawler that ignores the page's meta tag (PRODUCT §3 "noindex").
 */
async function publicPagesHeadersPlugin(app: FastifyInstance): Promise<void> {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (PUBLIC_PAGE_PATTERN.test(request.url)) setPublicHeaders(reply);
    done(null, payload);
  });
}

export const publicPagesHeaders = fp(publicPagesHeadersPlugin, { name: 'public-pages-headers' });
