import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

/** Formats a reader understands at a glance; zod also emits their (long) regular expression. */
const FORMATS_WITHOUT_PATTERN = new Set(['uuid', 'date', 'date-time', 'email']);

/**
 * A copy of a generated JSON schema (or whole document) without the `pattern` of every schema whose
 * `format` already says what the value is (issue #8: "format: uuid", not a 200-character regular
 * expression). Validation is unaffected: requests are checked by the zod schemas themselves.
 */
export function withoutFormatPatterns<T>(value: T): T {
  if (Array.isArray(value)) return value.map((item: unknown) => withoutFormatPatterns(item)) as T;
  if (value === null || typeof value !== 'object') return value;
  const record = value as Record<string, unknown>;
  const dropPattern = typeof record.format === 'string' && FORMATS_WITHOUT_PATTERN.has(record.format);
  return Object.fromEntries(
    Object.entries(record)
      .filter(([key]) => !(dropPattern && key === 'pattern'))
      .map(([key, child]) => [key, withoutFormatPatterns(child)]),
  ) as T;
}

/**
 * The OpenAPI document at /api/openapi.json, generated from the routes' zod schemas, and a
 * browsable reference at /api/docs (PRODUCT §4). Parameters take their descriptions from the
 * contract's `.meta({ description })`; ids, dates and instants show their format, not a pattern.
 */
async function openApiPlugin(app: FastifyInstance, options: { publicUrl: string }) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Tandem API',
        description:
          'The API of Tandem, the shared workspace of an executive and their assistants. Every call needs the X-Client-Id header; errors use the envelope { errorCode, errorDisplayMessage, errorData }.',
        version: '1.0.0',
      },
      servers: [{ url: options.publicUrl }],
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          clientId: { type: 'apiKey', in: 'header', name: 'X-Client-Id' },
        },
      },
      security: [{ clientId: [] }],
    },
    transform: (route) => {
      const transformed = jsonSchemaTransform(route);
      return { ...transformed, schema: withoutFormatPatterns(transformed.schema) };
    },
    transformObject: (document) => withoutFormatPatterns(jsonSchemaTransformObject(document)),
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    // swagger-ui sets a few inline styles; scripts stay hash-pinned.
    transformStaticCSP: (header) => header.replace("style-src 'self' https:", "style-src 'self' https: 'unsafe-inline'"),
  });
}

export default fp(openApiPlugin, { name: 'openapi' });
