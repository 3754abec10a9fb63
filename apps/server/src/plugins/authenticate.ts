import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors.js';
import type { VerifiedAccess } from '../features/auth/access-tokens.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set on protected routes by the authenticate hook. */
    auth: VerifiedAccess | null;
  }
  interface FastifyContextConfig {
    /**
     * true: the route also takes `access_token` and `client_id` as query parameters, because
     * EventSource cannot send headers (the Server-Sent Events route only).
     */
    credentialsInQuery?: boolean;
  }
}

/** A query parameter of a route that takes credentials there, else undefined. */
export function queryCredential(request: FastifyRequest, name: 'access_token' | 'client_id'): string | undefined {
  if (request.routeOptions.config.credentialsInQuery !== true) return undefined;
  const value = (request.query as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value : undefined;
}

const unauthenticated = () => new AppError('UNAUTHENTICATED', 'Your session has expired. Please sign in again.');

/**
 * The onRequest hook of every protected scope (STYLE §3): a valid Bearer access token (or
 * `?access_token=` on a `credentialsInQuery` route) whose session is still live, else 401 (which
 * makes the web client refresh once, seed §4).
 */
export async function authenticate(this: FastifyInstance, request: FastifyRequest): Promise<void> {
  const header = request.headers.authorization;
  const token = header?.match(/^Bearer (\S+)$/i)?.[1] ?? (header === undefined ? queryCredential(request, 'access_token') : undefined);
  if (!token) throw unauthenticated();
  const claims = await this.accessTokens.verify(token);
  if (!claims || !(await this.sessions.isLive(this.db, claims.sessionId))) throw unauthenticated();
  request.auth = claims;
}

/** The authenticated claims of a protected route (a programming error elsewhere). */
export function requireAuth(request: FastifyRequest): VerifiedAccess {
  if (!request.auth) throw unauthenticated();
  return request.auth;
}
