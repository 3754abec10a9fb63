import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors.js';

/** What a body that is not UTF-8 answers (issue #14: refused, never stored with U+FFFD). */
export const INVALID_UTF8_MESSAGE = 'The request body is not valid UTF-8 text.';

/**
 * The JSON body parser (issue #14, "bodies that are not valid UTF-8 are refused with 400"):
 * Fastify's own parser decodes with replacement characters, so a task POST with invalid bytes
 * was stored with U+FFFD. This one reads the body as bytes, decodes it with a fatal UTF-8
 * decoder — invalid bytes → 400 MALFORMED_REQUEST, nothing runs — and then hands the text to
 * Fastify's default JSON parser, which keeps its prototype-poisoning protection (`__proto__` and
 * `constructor.prototype` refused) and its error codes (plugins/errors.ts maps them). The body
 * limit stays Fastify's (the server's, or a route's own `bodyLimit`).
 */
async function jsonBodyPlugin(app: FastifyInstance): Promise<void> {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body: Buffer, done) => {
    let text: string;
    try {
      text = decoder.decode(body);
    } catch {
      done(new AppError('MALFORMED_REQUEST', INVALID_UTF8_MESSAGE, { body: INVALID_UTF8_MESSAGE }), undefined);
      return;
    }
    parseJson(request, text, done);
  });
}

export default fp(jsonBodyPlugin, { name: 'json-body' });
