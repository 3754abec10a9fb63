import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client.js';
import { onOneConnection } from '../db/one-connection.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The handler runs all its statements through {@link onRequestConnection}: the checks its
     * scope's hooks make on the database (the session, the public misses) run first on that one
     * connection instead of taking one of their own (decision 042). Only for handlers that wait
     * on nothing but the database (decision 029).
     */
    oneConnection?: boolean;
  }
  interface FastifyRequest {
    /** Checks a hook deferred to the handler's connection and that have not run yet; null when none. */
    deferredChecks: DeferredCheck[] | null;
  }
}

/** A hook's check on the database: resolves to let the request through, throws (an AppError) to refuse it. */
export type DeferredCheck = (db: Database) => Promise<void>;

/**
 * For a scope's hook: runs `check` on `db` now, or — on a route with `config.oneConnection` —
 * defers it to the connection the route's handler takes (decision 042: under load, a check on
 * the pool waited in the pool's queue a second time; the floor's one connection did not).
 * @throws what `check` throws when it runs now.
 */
export async function checkNowOrOnConnection(request: FastifyRequest, db: Database, check: DeferredCheck): Promise<void> {
  if (request.routeOptions.config.oneConnection) (request.deferredChecks ??= []).push(check);
  else await check(db);
}

/** Runs the checks still deferred on `request`, in the order the hooks made them, each once. */
async function runDeferredChecks(request: FastifyRequest, db: Database): Promise<void> {
  const checks = request.deferredChecks;
  if (!checks) return;
  request.deferredChecks = null;
  for (const check of checks) await check(db);
}

/**
 * A handler's work on one pool connection ({@link onOneConnection}, decision 029), after the
 * checks its scope's hooks deferred to it: a refused check throws before `work` starts, so
 * `work` never runs for a request the hook would have refused. The route must set
 * `config.oneConnection`.
 * @throws what a check or `work` throws.
 */
export function onRequestConnection<T>(request: FastifyRequest, db: Database, work: (db: Database) => Promise<T>): Promise<T> {
  return onOneConnection(db, async (connection) => {
    await runDeferredChecks(request, connection);
    return work(connection);
  });
}

/**
 * The answer a request gets when it fails before its handler ran its deferred checks (a 400
 * from validation, a handler that threw first): the error of the first check that refuses it —
 * the 401 or 429 its hook would have answered before validation — else `error`. Called by the
 * error handler (plugins/errors.ts).
 */
export async function refusalBefore(request: FastifyRequest, error: Error): Promise<Error> {
  if (!request.deferredChecks) return error;
  try {
    await runDeferredChecks(request, request.server.db);
    return error;
  } catch (refusal) {
    return refusal instanceof Error ? refusal : error;
  }
}

/**
 * Decorates requests with their deferred checks, and makes a route with `config.oneConnection`
 * whose handler returned without running them fail (500) rather than answer unchecked data.
 */
async function deferredChecksPlugin(app: FastifyInstance): Promise<void> {
  app.decorateRequest('deferredChecks', null);
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.config?.oneConnection) return;
    const handler = route.handler;
    route.handler = async function checkedHandler(this: FastifyInstance, request, reply) {
      const result: unknown = await handler.call(this, request, reply);
      if (request.deferredChecks) {
        throw new Error(`${route.method} ${route.url} sets config.oneConnection, but its handler did not run onRequestConnection`);
      }
      return result;
    };
  });
}

export default fp(deferredChecksPlugin, { name: 'deferred-checks' });
