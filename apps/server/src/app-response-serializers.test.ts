import { describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import { buildApp } from './app.js';
import { openDatabase } from './db/client.js';
import type * as ResponseSerializer from './lib/response-serializer.js';
import { compileResponseSchema } from './lib/response-serializer.js';
import { testConfig } from './test/test-app.js';

/** Every response schema Fastify hands the serializer compiler while the app is built. */
const declared = vi.hoisted(() => [] as { method: string; url: string; httpStatus?: string; schema: unknown }[]);

vi.mock('./lib/response-serializer.js', async (importOriginal) => {
  const actual = await importOriginal<typeof ResponseSerializer>();
  return {
    ...actual,
    createSerializerCompiler: () => {
      const compiler = actual.createSerializerCompiler();
      return (route: Parameters<typeof compiler>[0]) => {
        declared.push(route);
        return compiler(route);
      };
    },
  };
});

describe('response serializers of the whole app (issue #13)', () => {
  // Compilation is lazy (on a route's first answer); this compiles them all now, so a schema
  // fast-json-stringify cannot read fails here and not on a user's first call.
  it("compiles every route's response schemas", async () => {
    const database = await openDatabase({ dataDir: 'memory://' });
    try {
      const app = await buildApp({ config: testConfig(), database, logger: false });
      await app.ready();
      await app.close();
    } finally {
      await database.close();
    }
    expect(declared.length).toBeGreaterThan(200);
    expect(declared.some((route) => route.url === '/api/v1/workspaces/:id/tasks' && route.httpStatus === '200')).toBe(true);
    for (const route of declared) {
      expect(() => compileResponseSchema(route.schema as z.ZodType), `${route.method} ${route.url} ${route.httpStatus}`).not.toThrow();
    }
  });
});
