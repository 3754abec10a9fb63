import { availableParallelism } from 'node:os';
import { fileURLToPath, URL } from 'node:url';
import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

/**
 * Unit and API tests. The server's API tests run once per database: PGlite always, and
 * PostgreSQL when TEST_DATABASE_URL is set (ARCHITECTURE "tests"); both use the same files, except
 * the tests of PGlite's own driver code, which run on PGlite only (pgliteOnlyServerTests).
 */
const serverTests = ['apps/server/src/**/*.test.ts'];
const securityTests = ['test/security/**/*.test.ts'];
const postgresUrl = process.env.TEST_DATABASE_URL;
/**
 * Migrates one template database per run, which openTestDatabase() copies for each test file
 * instead of migrating again (decision 024): for the projects that call it.
 */
const globalSetup = ['apps/server/src/test/global-setup.ts'];
/**
 * Server and security test files share one module graph per worker (`isolate: false`): each file
 * still opens a database and builds an app of its own, but the app's modules are imported once
 * instead of once per file, which halved the server project's time (issue #13: 374 s → 182 s on
 * PGlite). Files that replace a module with `vi.mock` need a graph of their own: they run
 * isolated, in a project of their own per database.
 */
const moduleMockingServerTests = [
  'apps/server/src/app-response-serializers.test.ts',
  'apps/server/src/features/slack/slack-events.test.ts',
];

/**
 * Server test files about PGlite's own driver code (db/client.ts's PGlite side, its parsers and
 * its prepared statements) and the embedded installation's first start: each opens PGlite itself
 * and never reads TEST_DATABASE, so the PostgreSQL project would only run them a second time, the
 * same way (about a minute of a worker's time; issue #13: `npm test` ≤ 20 minutes).
 */
const pgliteOnlyServerTests = [
  'apps/server/src/db/pglite-client.test.ts',
  'apps/server/src/db/pglite-parsers.test.ts',
  'apps/server/src/db/pglite-prepared.test.ts',
  'apps/server/src/db/pglite-template.test.ts',
  // The demo's first start: the demo is seeded on an embedded database only.
  'apps/server/src/server-start.test.ts',
];

/**
 * Assertion messages name the whole actual value, not `[ …(2) ]`: `npm test` repeats each failure's
 * message in its closing lines, and CI shows only the output's tail (scripts/test.mjs).
 */
const wholeValues = { truncateThreshold: 0 };

/** The server's API tests on `database`: most sharing modules, the module-mocking ones isolated. */
function serverProjects(database: 'pglite' | 'postgres'): TestProjectInlineConfiguration[] {
  const common = {
    environment: 'node',
    env: { TEST_DATABASE: database },
    globalSetup,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    chaiConfig: wholeValues,
  } as const;
  return [
    {
      test: {
        ...common,
        name: `server:${database}`,
        include: serverTests,
        exclude: [...configDefaults.exclude, ...moduleMockingServerTests, ...(database === 'postgres' ? pgliteOnlyServerTests : [])],
        isolate: false,
      },
    },
    { test: { ...common, name: `server:${database}:mocks`, include: moduleMockingServerTests } },
  ];
}

/** The web app's `@/` alias (apps/web/vite.config.ts), for tests that import through it. */
const webAlias = { '@': fileURLToPath(new URL('./apps/web/src', import.meta.url)) };

export default defineConfig({
  test: {
    /**
     * One worker more than the cores (vitest's default is one fewer: a single worker on this
     * 2-core machine). The test files spend much of their time waiting on a database (PostgreSQL
     * in its own processes, a fresh copy per file) or on a fault to pass, so a third worker fills
     * that time: the whole vitest run with PostgreSQL went from 640–745 s to 392 s, the machine
     * 87 % busy (issue #13: `npm test` ≤ 20 minutes).
     */
    maxWorkers: availableParallelism() + 1,
    projects: [
      {
        test: {
          name: 'contract',
          chaiConfig: wholeValues,
          include: ['packages/contract/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        resolve: { alias: webAlias },
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.ts', 'apps/web/build/**/*.test.ts'],
          environment: 'node',
          chaiConfig: wholeValues,
        },
      },
      {
        // Component tests: React Testing Library in happy-dom; a console.error or React warning
        // fails the test (STYLE habit 9, apps/web/src/lib/testing/setup-tests.ts).
        resolve: { alias: webAlias },
        test: {
          name: 'web:dom',
          chaiConfig: wholeValues,
          include: ['apps/web/src/**/*.test.tsx'],
          environment: 'happy-dom',
          setupFiles: ['apps/web/src/lib/testing/setup-tests.ts'],
          // A test types and clicks through whole screens; on a loaded 2-core CI machine that can
          // pass 5 s (the brief editor's did), so the limit is one that only a hang reaches.
          testTimeout: 20_000,
        },
      },
      ...serverProjects('pglite'),
      {
        // Attacks refused (issue #14), through the real app on PGlite and, below, on PostgreSQL.
        test: {
          name: 'security:pglite',
          chaiConfig: wholeValues,
          include: securityTests,
          isolate: false,
          environment: 'node',
          env: { TEST_DATABASE: 'pglite' },
          globalSetup,
          testTimeout: 120_000,
          hookTimeout: 60_000,
        },
      },
      ...(postgresUrl
        ? [
            {
              test: {
                name: 'security:postgres',
                chaiConfig: wholeValues,
                include: securityTests,
                isolate: false,
                environment: 'node',
                env: { TEST_DATABASE: 'postgres' },
                globalSetup,
                testTimeout: 120_000,
                hookTimeout: 60_000,
              },
            },
            {
              // Faults survived (issue #14): each file starts a throw-away PostgreSQL cluster of
              // its own (initdb, pg_ctl), so they run only where PostgreSQL's binaries are, i.e.
              // when TEST_DATABASE_URL is set — and then they fail, never skip.
              test: {
                name: 'reliability',
                chaiConfig: wholeValues,
                include: ['test/reliability/**/*.test.ts'],
                environment: 'node',
                env: { TEST_DATABASE: 'postgres' },
                testTimeout: 180_000,
                hookTimeout: 120_000,
                fileParallelism: false,
              },
            },
            ...serverProjects('postgres'),
          ]
        : []),
    ],
  },
});
