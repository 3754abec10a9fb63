import { defineConfig, devices } from '@playwright/test';

/**
 * Browser tests in the system's Chromium (never a downloaded browser). One server per database:
 * PGlite always, PostgreSQL when TEST_DATABASE_URL is set; a third server on PGlite with a
 * 5-second access token proves the transparent refresh. Mail goes over real SMTP to a local sink.
 */
/**
 * Debian's chromium-headless-shell (scripts/test.mjs installs it when it is missing): the
 * headless-only build of the same Chromium, the one Playwright itself runs headless tests in; 20 %
 * less time than the full browser (docs/decisions/047-browser-tests-in-the-headless-shell.md).
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
/** Shifts every port by this much (E2E_PORT_OFFSET), so two checkouts can run their suites at once. */
const portOffset = Number(process.env.E2E_PORT_OFFSET ?? 0);
const mailSink = { smtp: 2525 + portOffset, http: 2526 + portOffset };
process.env.MAIL_SINK_URL = `http://127.0.0.1:${mailSink.http}`;
/** The local Slack stand-in (apps/server/src/test/slack-stand-in.ts) every server talks to (issue #12). */
const slackStandInPort = 4610 + portOffset;
process.env.SLACK_STAND_IN_URL = `http://127.0.0.1:${slackStandInPort}`;
const SLACK_SIGNING_SECRET = 'stand-in-signing-secret-0123456789';
process.env.SLACK_SIGNING_SECRET_FOR_TESTS = SLACK_SIGNING_SECRET;
const withPostgres = Boolean(process.env.TEST_DATABASE_URL);
/**
 * The whole suite runs on PGlite; on PostgreSQL, the tests tagged '@postgres': one journey per
 * feature through the real server (decision 024; every API behaviour is proven on both databases
 * by vitest). E2E_POSTGRES=all runs every test on PostgreSQL too.
 */
const postgresGrep = process.env.E2E_POSTGRES === 'all' ? undefined : /@postgres/;
const servers: { name: string; port: number; env: Record<string, string>; grep?: RegExp | undefined }[] = [
  { name: 'pglite', port: 3210 + portOffset, env: {} },
  ...(withPostgres ? [{ name: 'postgres', port: 3211 + portOffset, env: { E2E_DATABASE: 'postgres' }, grep: postgresGrep }] : []),
];
const shortTokenPort = 3212 + portOffset;

const serverEnv = (port: number, extra: Record<string, string> = {}) => ({
  PORT: String(port),
  HOST: '127.0.0.1',
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  MAIL_URL: `smtp://127.0.0.1:${mailSink.smtp}`,
  SLACK_CLIENT_ID: '1111.2222',
  SLACK_CLIENT_SECRET: 'stand-in-client-secret',
  SLACK_SIGNING_SECRET,
  SLACK_API_URL: `http://127.0.0.1:${slackStandInPort}/api/`,
  ...extra,
});

export default defineConfig({
  testDir: './tests',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // Hang guards, not speed checks: the longest journeys (three people signed up by mail, three axe
  // scans) take 22 s on a quiet host, and CI's host has run the whole suite at half that speed, where
  // a 60 s budget ran out on the last step of a passing journey. Speed lives in bench/ (issue #13).
  timeout: 120_000,
  expect: { timeout: 15_000 },
  reporter: [['list'], ['json']],
  outputDir: '../.test-results/playwright',
  use: {
    ...devices['Desktop Chrome'],
    launchOptions: {
      executablePath: HEADLESS_SHELL,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
    serviceWorkers: 'block',
    // Recorded on the retry of a failed test, as Playwright advises for CI: recording every test's
    // trace (DOM snapshots and screencast of each action) made the suite 25 % slower (issue #13).
    // A first failure still leaves its screenshot and the page's accessibility snapshot.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
  },
  projects: [
    ...servers.map((server) => ({
      name: server.name,
      testIgnore: /token-refresh\.spec\.ts/,
      ...(server.grep ? { grep: server.grep } : {}),
      use: { baseURL: `http://127.0.0.1:${server.port}` },
    })),
    {
      name: 'short-access-token',
      testMatch: /token-refresh\.spec\.ts/,
      use: { baseURL: `http://127.0.0.1:${shortTokenPort}` },
    },
  ],
  webServer: [
    {
      command: 'node support/mail-sink.mjs',
      url: `http://127.0.0.1:${mailSink.http}/healthz`,
      env: { MAIL_SINK_SMTP_PORT: String(mailSink.smtp), MAIL_SINK_HTTP_PORT: String(mailSink.http) },
      reuseExistingServer: false,
    },
    {
      command: 'node --import tsx ../apps/server/src/test/slack-stand-in-cli.ts',
      url: `http://127.0.0.1:${slackStandInPort}/healthz`,
      env: { SLACK_STAND_IN_PORT: String(slackStandInPort) },
      reuseExistingServer: false,
    },
    ...servers.map((server) => ({
      command: 'node support/start-server.mjs',
      url: `http://127.0.0.1:${server.port}/readyz`,
      env: serverEnv(server.port, server.env),
      timeout: 60_000,
      reuseExistingServer: false,
    })),
    {
      command: 'node support/start-server.mjs',
      url: `http://127.0.0.1:${shortTokenPort}/readyz`,
      env: serverEnv(shortTokenPort, { ACCESS_TOKEN_TTL_SECONDS: '5' }),
      timeout: 60_000,
      reuseExistingServer: false,
    },
  ],
});
