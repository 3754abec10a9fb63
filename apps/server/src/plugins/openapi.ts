import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

/**
 * The OpenAPI document at /api/openapi.json, generated from the routes' zod schemas, and a
 * browsable reference at /api/docs (PRODUCT §4).
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
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
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
