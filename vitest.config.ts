import { defineConfig } from 'vitest/config';

/**
 * Unit and API tests. The server's API tests run once per database: PGlite always, and
 * PostgreSQL when TEST_DATABASE_URL is set (ARCHITECTURE "tests"); both use the same files.
 */
const serverTests = ['apps/server/src/**/*.test.ts'];
const postgresUrl = process.env.TEST_DATABASE_URL;

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'contract',
          include: ['packages/contract/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: { name: 'web', include: ['apps/web/src/**/*.test.{ts,tsx}'], environment: 'node' },
      },
      {
        test: {
          name: 'server:pglite',
          include: serverTests,
          environment: 'node',
          env: { TEST_DATABASE: 'pglite' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(postgresUrl
        ? [
            {
              test: {
                name: 'server:postgres',
                include: serverTests,
                environment: 'node',
                env: { TEST_DATABASE: 'postgres' },
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
    ],
  },
});
