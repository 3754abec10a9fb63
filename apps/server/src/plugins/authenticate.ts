import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors.js';
import type { VerifiedAccess } from '../lib/access-tokens.js';
import { checkNowOrOnConnection } from './deferred-checks.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set on protected routes by the authenticate hook. */
    auth: VerifiedAccess | null;
  }
}

const unauthenticated = () => new AppError('UNAUTHENTICATED', 'Your session has expired. Please sign in again.');

/**
 * The onRequest hook of every protected scope (STYLE §3): a valid `Authorization: Bearer` access
 * token whose session is still live, else 401 (which makes the web client refresh once, seed §4).
 * Tokens are taken from the header only, never from the URL (the event stream included). The
 * token is verified here; whether its session is live is asked on the handler's connection on a
 * route with `config.oneConnection` (decision 042), else here.
 */
export async function authenticate(this: FastifyInstance, request: FastifyRequest): Promise<void> {
  const header = request.headers.authorization;
  const token = header?.match(/^Bearer (\S+)$/i)?.[1];
  if (!token) throw unauthenticated();
  const claims = await this.accessTokens.verify(token);
  if (!claims) throw unauthenticated();
  const { sessions } = this;
  await checkNowOrOnConnection(request, this.db, async (db) => {
    if (!(await sessions.isLive(db, claims.sessionId))) throw unauthenticated();
  });
  request.auth = claims;
}

/** The authenticated claims of a protected route (a programming error elsewhere). */
export function requireAuth(request: FastifyRequest): VerifiedAccess {
  if (!request.auth) throw unauthenticated();
  return request.auth;
}
