import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorEnvelope } from '@tandem/contract';
import { isDatabaseUnavailable } from '../lib/db-errors.js';
import { AppError } from '../lib/errors.js';
import { refusalBefore } from './deferred-checks.js';

/** Seconds a client is told to wait (Retry-After) while the database is unreachable (issue #14). */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

function fieldName(instancePath: string, context: string | undefined): string {
  const field = instancePath.replace(/^\//, '').replaceAll('/', '.');
  return field || context || 'body';
}

/**
 * The one error handler (STYLE §5): AppError → its envelope and status; schema validation →
 * 400 VALIDATION_FAILED with errorData per field; unparsable JSON → 400 MALFORMED_REQUEST;
 * a database that cannot be reached (restarting, connections terminated, pool timeout:
 * lib/db-errors.ts) → 503 UNAVAILABLE with Retry-After, logged as a warning (issue #14); anything
 * else ≥ 500 is logged with its request and answered without internals. A request that failed
 * before its handler ran the checks its hooks deferred (plugins/deferred-checks.ts) answers what
 * they refuse first: the 401 of a dead session or the 429 of the public misses comes before a 400.
 */
async function errorsPlugin(app: FastifyInstance) {
  app.setErrorHandler(async (failure: FastifyError, request, reply) => {
    const error = (await refusalBefore(request, failure)) as FastifyError;
    let status: number;
    let envelope: ErrorEnvelope;
    if (error instanceof AppError) {
      status = error.statusCode;
      envelope = { errorCode: error.errorCode, errorDisplayMessage: error.errorDisplayMessage, errorData: error.errorData };
      if (error.current !== undefined) envelope.current = error.current;
      if (error.headers) reply.headers(error.headers);
    } else if (hasZodFastifySchemaValidationErrors(error)) {
      const errorData: Record<string, string> = {};
      for (const issue of error.validation) {
        const field = fieldName(issue.instancePath, error.validationContext ?? undefined);
        errorData[field] ??= issue.message ?? 'This value is not valid.';
      }
      const messages = Object.values(errorData);
      status = 400;
      envelope = {
        errorCode: 'VALIDATION_FAILED',
        errorDisplayMessage: messages.length === 1 ? (messages[0] ?? '') : 'Some fields need attention.',
        errorData,
      };
    } else if (error.statusCode === 429) {
      status = 429;
      envelope = { errorCode: 'TOO_MANY_REQUESTS', errorDisplayMessage: 'Too many requests. Please wait a moment and try again.' };
    } else if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
      status = 400;
      const isJson = error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError;
      envelope = {
        errorCode: 'MALFORMED_REQUEST',
        errorDisplayMessage: isJson ? 'The request body is not valid JSON.' : error.message,
      };
      if (error.statusCode === 413 || error.statusCode === 415) status = error.statusCode;
    } else if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      status = 503;
      envelope = {
        errorCode: 'UNAVAILABLE',
        errorDisplayMessage: 'Tandem is briefly unavailable. Please try again in a few seconds.',
      };
      reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
    } else {
      request.log.error({ err: error }, 'request failed');
      status = 500;
      envelope = { errorCode: 'INTERNAL', errorDisplayMessage: 'Something went wrong on our side. Please try again.' };
    }
    // The request's one log line (plugins/request-log.ts) names the code.
    request.errorCode = envelope.errorCode;
    return reply.status(status).type('application/json').send(envelope);
  });
}

/**
 * Fastify's `frameworkErrors` (app.ts): a URL whose path is not valid percent-encoding
 * (`/tasks/%FF`, FST_ERR_BAD_URL) or a failed route constraint is refused before routing, where
 * the error handler above never sees it. Answers the same envelope: 400 MALFORMED_REQUEST
 * (issue #14: bad input gets a clear error in the API's own shape, not Fastify's).
 */
export function frameworkErrors(_error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const envelope: ErrorEnvelope = { errorCode: 'MALFORMED_REQUEST', errorDisplayMessage: 'The address of this request is not valid.' };
  request.errorCode = envelope.errorCode;
  // No hook runs for these answers: the headers of PRODUCT §5 are set here.
  void reply
    .headers({ ...request.server.securityHeaders, 'cache-control': 'no-store' })
    .status(400)
    .type('application/json')
    .send(envelope);
}

export default fp(errorsPlugin, { name: 'errors' });
