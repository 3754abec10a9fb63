import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest, preValidationHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { z } from 'zod';
import type { Database, Transaction } from '../db/client.js';
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

/** The key a request holds and which attempt holds it: what its work's transactions mark. */
interface HeldKey {
  scopedKey: string;
  attempt: number;
}

/**
 * Per keyed request, the key it holds once claimed (null before): lets every write transaction
 * the request runs mark the key committed inside itself, whichever service opened it.
 */
const heldKeys = new AsyncLocalStorage<{ held: HeldKey | null }>();

/** 409: another attempt holds the key (its lease runs), or took it over from this one. */
const inFlight = () => new AppError('IDEMPOTENCY_IN_FLIGHT', 'This request is already being processed. Try again shortly.');

/**
 * Marks the held key committed inside `tx`, with the transaction's result (from which a lost
 * answer is rebuilt). Throws 409 when a later attempt took the key over after the lease: the
 * transaction then rolls back, so the work runs once.
 */
async function markCommitted(tx: Transaction, held: HeldKey, result: unknown): Promise<void> {
  let committedResult: unknown = null;
  try {
    committedResult = result === undefined ? null : (JSON.parse(JSON.stringify(result)) as unknown);
  } catch {
    // Not JSON (a cycle, a BigInt): the key is still marked; a lost answer then cannot be rebuilt.
  }
  const marked = await tx
    .update(idempotencyKeys)
    .set({ committedAt: sql`now()`, committedResult })
    .where(and(eq(idempotencyKeys.scopedKey, held.scopedKey), eq(idempotencyKeys.attempt, held.attempt)))
    .returning({ attempt: idempotencyKeys.attempt });
  if (marked.length === 0) throw inFlight();
}

/**
 * Makes every read-write transaction on `db` opened by a request that holds an Idempotency-Key
 * mark that key committed before it commits (issue #14: "written, never answered" is then told
 * apart from "never written"). Other transactions pay one AsyncLocalStorage lookup.
 */
function markCommitsOf(db: Database): void {
  const transaction = db.transaction.bind(db);
  const marking: Database['transaction'] = (work, config) =>
    transaction(async (tx) => {
      const result = await work(tx);
      const held = heldKeys.getStore()?.held;
      if (held && config?.accessMode !== 'read only') await markCommitted(tx, held, result);
      return result;
    }, config);
  db.transaction = marking;
}

/**
 * The answer of a request whose work committed but whose answer was never stored (the server
 * died in between): `{ payload: result }` with the route's success status, when the route's
 * schema accepts it; otherwise null (the answer cannot be rebuilt).
 */
function rebuiltAnswer(request: FastifyRequest, committedResult: unknown): { status: number; body: unknown } | null {
  const responses = (request.routeOptions.schema?.response ?? {}) as Record<string, z.ZodType | undefined>;
  const status = Object.keys(responses)
    .map(Number)
    .filter((code) => code >= 200 && code < 300)
    .sort((a, b) => a - b)[0];
  const schema = status === undefined ? undefined : responses[status];
  if (status === undefined || !schema || typeof schema.safeParse !== 'function' || committedResult === null) return null;
  const body = { payload: committedResult };
  return schema.safeParse(body).success ? { status, body } : null;
}

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
 * stay true; like Stripe, which saves no result for a refused request) — unless the work had
 * committed. Keys are scoped to the signed-in person (or the client when anonymous). Routes that
 * mint credentials opt out (config.idempotent = false): storing their answers would keep tokens
 * in the clear; retrying them is harmless.
 *
 * A key is held by one attempt for `leaseSeconds` (issue #14). A replay of a key still
 * unanswered after its lease (the server died mid-request) either gets the answer rebuilt from
 * what the work's transaction committed (see markCommitsOf, rebuiltAnswer), or — when nothing
 * committed — takes the key over and runs the work once.
 */
async function idempotencyPlugin(app: FastifyInstance, options: { leaseSeconds: number }) {
  app.decorateRequest('idempotencyKey', null);
  markCommitsOf(app.db);

  const replay = (reply: FastifyReply, answer: { status: number; body: unknown }) =>
    reply
      .status(answer.status)
      .header('idempotent-replayed', 'true')
      .type('application/json')
      .serializer((body: unknown) => JSON.stringify(body))
      .send(answer.body);

  /** Takes over a key whose attempt died unanswered and uncommitted; false if another replay did first. */
  const takeOver = async (request: FastifyRequest, scopedKey: string, attempt: number): Promise<boolean> => {
    const [taken] = await app.db
      .update(idempotencyKeys)
      .set({ attempt: attempt + 1, claimedAt: sql`now()` })
      .where(
        and(
          eq(idempotencyKeys.scopedKey, scopedKey),
          eq(idempotencyKeys.attempt, attempt),
          isNull(idempotencyKeys.responseStatus),
          isNull(idempotencyKeys.committedAt),
        ),
      )
      .returning({ attempt: idempotencyKeys.attempt });
    if (!taken) return false;
    hold(request, scopedKey, taken.attempt);
    return true;
  };

  const hold = (request: FastifyRequest, scopedKey: string, attempt: number) => {
    request.idempotencyKey = scopedKey;
    const store = heldKeys.getStore();
    if (store) store.held = { scopedKey, attempt };
  };

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
      .returning({ attempt: idempotencyKeys.attempt });
    if (inserted[0]) {
      hold(request, scopedKey, inserted[0].attempt);
      return;
    }
    const [stored] = await app.db
      .select({
        method: idempotencyKeys.method,
        path: idempotencyKeys.path,
        requestHash: idempotencyKeys.requestHash,
        responseStatus: idempotencyKeys.responseStatus,
        responseBody: idempotencyKeys.responseBody,
        attempt: idempotencyKeys.attempt,
        committedAt: idempotencyKeys.committedAt,
        committedResult: idempotencyKeys.committedResult,
        leaseOver: sql<boolean>`${idempotencyKeys.claimedAt} <= now() - make_interval(secs => ${options.leaseSeconds})`,
      })
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.scopedKey, scopedKey));
    if (!stored) throw inFlight();
    if (stored.requestHash !== hash || stored.method !== request.method || stored.path !== request.url) {
      throw new AppError('IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was already used for a different request.');
    }
    if (stored.responseStatus !== null) return replay(reply, { status: stored.responseStatus, body: stored.responseBody });
    if (!stored.leaseOver) throw inFlight();
    if (stored.committedAt === null) {
      if (await takeOver(request, scopedKey, stored.attempt)) return;
      throw inFlight();
    }
    // The work committed, its answer was lost with the attempt that did it.
    const answer = rebuiltAnswer(request, stored.committedResult);
    if (!answer) {
      throw new AppError('IDEMPOTENCY_IN_FLIGHT', 'This request was carried out, but its answer was lost. Reload to see the result.');
    }
    await keepAnswer(app, scopedKey, answer);
    return replay(reply, answer);
  };

  const storeAnswer = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const scopedKey = request.idempotencyKey;
    if (!scopedKey) return payload;
    request.idempotencyKey = null;
    const body = typeof payload === 'string' && payload.length > 0 ? (JSON.parse(payload) as unknown) : null;
    try {
      await keepAnswer(app, scopedKey, { status: reply.statusCode, body });
    } catch (error) {
      // The answer still goes out (a 503 while the database is down must not turn into a 500);
      // the key stays held until its lease ends, and a replay then rebuilds or reruns (issue #14).
      request.log.warn({ err: error }, 'idempotency: the answer could not be stored');
    }
    return payload;
  };

  // A request that died before answering must not block its key forever (a committed one keeps
  // it: a replay rebuilds the answer).
  const releaseUnanswered = async (request: FastifyRequest) => {
    if (!request.idempotencyKey) return;
    await forgetKey(app, request.idempotencyKey).catch((error: unknown) => {
      request.log.warn({ err: error }, 'idempotency: an unanswered key could not be released before its lease ends');
    });
  };

  // The request runs inside its own store, where claimKey puts the key its transactions mark.
  // preValidation, not onRequest: the body is parsed in the socket's async context, which would
  // lose a store entered before it.
  const enterStore: preValidationHookHandler = (_request, _reply, done) => heldKeys.run({ held: null }, done);

  // Only the routes that take a key run these hooks: a GET pays nothing for them (issue #13).
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    if (!methods.some((method) => METHODS.has(method)) || route.config?.idempotent === false) return;
    route.preValidation = [...[route.preValidation ?? []].flat(), enterStore];
    route.preHandler = [...[route.preHandler ?? []].flat(), claimKey];
    route.onSend = [...[route.onSend ?? []].flat(), storeAnswer];
    route.onResponse = [...[route.onResponse ?? []].flat(), releaseUnanswered];
  });
}

/**
 * Forgets a key so a retry runs the work again. Only while its work has not committed, unless
 * `evenIfCommitted` (the route undid its work itself, e.g. a cancelled generation).
 */
async function forgetKey(app: FastifyInstance, scopedKey: string, evenIfCommitted = false): Promise<void> {
  const key = eq(idempotencyKeys.scopedKey, scopedKey);
  await app.db.delete(idempotencyKeys).where(evenIfCommitted ? key : and(key, isNull(idempotencyKeys.committedAt)));
}

/**
 * Stores the answer of a key for replays, or forgets the key (5xx, 429, none) so a retry runs
 * again — unless its work committed: then the key stays unanswered and a replay after the lease
 * gets the answer rebuilt from the committed result (or a 409 saying it was carried out).
 */
async function keepAnswer(
  app: FastifyInstance,
  scopedKey: string,
  answer: { status: number; body: unknown } | null,
  evenIfCommitted = false,
): Promise<void> {
  if (!answer || answer.status >= 500 || answer.status === 429) {
    await forgetKey(app, scopedKey, evenIfCommitted);
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
 * "in flight" until its lease ends. `answer` is what a replay gets as plain JSON (the streamed `result` as
 * `{ payload }`, or an error envelope with its status); null (cancelled) forgets the key, as do
 * 5xx and 429, so a retry runs again.
 */
export async function settleHijackedReply(request: FastifyRequest, answer: { status: number; body: unknown } | null): Promise<void> {
  const scopedKey = request.idempotencyKey;
  if (!scopedKey) return;
  request.idempotencyKey = null;
  // The streamed route settles for itself: a cancelled or failed generation has released what its
  // first transaction reserved, so its key goes even though that transaction committed.
  await keepAnswer(request.server, scopedKey, answer, true);
}

export default fp(idempotencyPlugin, { name: 'idempotency' });
