import { createHash } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { idempotencyKeys } from '../db/schema/index.js';
import { AppError } from '../lib/errors.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: the route never stores its answer (it returns credentials). */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    idempotencyKey: string | null;
  }
}

/** Stored answers are kept this long (PRODUCT §7). */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60_000;
const METHODS = new Set(['POST', 'PATCH']);

function requestHash(request: FastifyRequest): string {
  return createHash('sha256')
    .update(JSON.stringify(request.body ?? null))
    .digest('base64url');
}

/**
 * Idempotency-Key on POST and PATCH (PRODUCT §7, Stripe's design): the first answer per key is
 * stored; a replay gets it back (header Idempotent-Replayed: true); the same key with another
 * body or route is 422; a duplicate while the first is in flight is 409. 5xx and 429 answers
 * are not kept, so a retry runs again (a 429 holds for a moment only, and its Retry-After must
 * stay true; like Stripe, which saves no result for a refused request). Keys are scoped to the signed-in person (or the client when
 * anonymous). Routes that mint credentials opt out (config.idempotent = false): storing their
 * answers would keep tokens in the clear; retrying them is harmless.
 */
async function idempotencyPlugin(app: FastifyInstance) {
  app.decorateRequest('idempotencyKey', null);

  const claimKey = async (request: FastifyRequest, reply: FastifyReply) => {
    const key = request.headers['idempotency-key'];
    if (!METHODS.has(request.method) || key === undefined) return;
    if (typeof key !== 'string' || key.length < 1 || key.length > 255) {
      throw new AppError('VALIDATION_FAILED', 'Idempotency-Key must be 1 to 255 characters.', {
        'Idempotency-Key': 'Must be 1 to 255 characters.',
      });
    }
    const principal = request.auth?.personId ?? `anonymous:${request.clientId}`;
    const scopedKey = `${principal}:${key}`;
    const hash = requestHash(request);
    await app.db
      .delete(idempotencyKeys)
      .where(and(eq(idempotencyKeys.scopedKey, scopedKey), lt(idempotencyKeys.createdAt, new Date(Date.now() - IDEMPOTENCY_TTL_MS))));
    const inserted = await app.db
      .insert(idempotencyKeys)
      .values({ scopedKey, method: request.method, path: request.url, requestHash: hash })
      .onConflictDoNothing()
      .returning({ scopedKey: idempotencyKeys.scopedKey });
    if (inserted.length === 1) {
      request.idempotencyKey = scopedKey;
      return;
    }
    const [stored] = await app.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.scopedKey, scopedKey));
    if (!stored) throw new AppError('IDEMPOTENCY_IN_FLIGHT', 'This request is already being processed. Try again shortly.');
    if (stored.requestHash !== hash || stored.method !== request.method || stored.path !== request.url) {
      throw new AppError('IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was already used for a different request.');
    }
    if (stored.responseStatus === null) {
      throw new AppError('IDEMPOTENCY_IN_FLIGHT', 'This request is already being processed. Try again shortly.');
    }
    return reply
      .status(stored.responseStatus)
      .header('idempotent-replayed', 'true')
      .type('application/json')
      .serializer((body: unknown) => JSON.stringify(body))
      .send(stored.responseBody);
  };

  const storeAnswer = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const scopedKey = request.idempotencyKey;
    if (!scopedKey) return payload;
    request.idempotencyKey = null;
    const body = typeof payload === 'string' && payload.length > 0 ? (JSON.parse(payload) as unknown) : null;
    await keepAnswer(app, scopedKey, { status: reply.statusCode, body });
    return payload;
  };

  // A request that died before answering must not block its key forever.
  const releaseUnanswered = async (request: FastifyRequest) => {
    if (request.idempotencyKey) {
      await app.db.delete(idempotencyKeys).where(eq(idempotencyKeys.scopedKey, request.idempotencyKey));
    }
  };

  // Only the routes that take a key run these hooks: a GET pays nothing for them (issue #13).
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    if (!methods.some((method) => METHODS.has(method)) || route.config?.idempotent === false) return;
    route.preHandler = [...[route.preHandler ?? []].flat(), claimKey];
    route.onSend = [...[route.onSend ?? []].flat(), storeAnswer];
    route.onResponse = [...[route.onResponse ?? []].flat(), releaseUnanswered];
  });
}

/** Stores the answer of a key for replays, or forgets the key (5xx, 429, none) so a retry runs again. */
async function keepAnswer(app: FastifyInstance, scopedKey: string, answer: { status: number; body: unknown } | null): Promise<void> {
  if (!answer || answer.status >= 500 || answer.status === 429) {
    await app.db.delete(idempotencyKeys).where(eq(idempotencyKeys.scopedKey, scopedKey));
    return;
  }
  await app.db
    .update(idempotencyKeys)
    .set({ responseStatus: answer.status, responseBody: answer.body })
    .where(eq(idempotencyKeys.scopedKey, scopedKey));
}

/**
 * Settles the Idempotency-Key of a request whose reply was hijacked (a streamed generation, issue
 * #11): Fastify then runs neither onSend nor onResponse, so without this the key would answer 409
 * "in flight" for a day. `answer` is what a replay gets as plain JSON (the streamed `result` as
 * `{ payload }`, or an error envelope with its status); null (cancelled) forgets the key, as do
 * 5xx and 429, so a retry runs again.
 */
export async function settleHijackedReply(request: FastifyRequest, answer: { status: number; body: unknown } | null): Promise<void> {
  const scopedKey = request.idempotencyKey;
  if (!scopedKey) return;
  request.idempotencyKey = null;
  await keepAnswer(request.server, scopedKey, answer);
}

export default fp(idempotencyPlugin, { name: 'idempotency' });
