// `npm test`: typecheck, lint, unit and API tests (PGlite, and PostgreSQL when TEST_DATABASE_URL
// is set), then the login route's bundle budget after the web build, then end-to-end tests in the
// system's Chromium. Ends with one line `N passed, N failed` summing every suite (typecheck counts
// one check per workspace; lint, format and the bundle budget one each). A test that only passed on
// a retry (Playwright's "flaky") counts as failed: a flaky test is a failing test. Vitest runs
// without retries (--retry=0, so a config change cannot hide one).
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { buildIfNeeded, root, run, runCaptured } from './lib.mjs';

const resultsDir = path.join(root, '.test-results');
rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });
const only = process.argv[2]; // optional: 'unit' or 'e2e'
let passed = 0;
let failed = 0;
const summary = [];
/** Each failed test's file and title, printed again next to the closing line (CI shows the tail). */
const failedNames = [];
const record = (name, ok, detail = '') => {
  summary.push(`${ok ? 'ok  ' : 'FAIL'} ${name}${detail ? ` (${detail})` : ''}`);
};

/**
 * Failures in vitest's JSON report: each failed test, plus each file that failed with no failed
 * test (it did not load, or a hook threw). Not `numFailedTestSuites`: it counts every failed
 * `describe` block and file too, so one failed test inside a describe counted three times. A
 * non-zero exit with nothing failed in the report (an unhandled error) is one failure.
 */
function countVitestFailures(report, exitCode) {
  const failedFiles = report.testResults.filter(
    (file) => file.status === 'failed' && !file.assertionResults.some((test) => test.status === 'failed'),
  ).length;
  return report.numFailedTests + failedFiles || (exitCode === 0 ? 0 : 1);
}

/** Lines of a failure message worth showing in CI's tail: no colour codes, no stack, no blank lines. */
const VITEST_MESSAGE_LINES = 12;
const messageLines = (message) =>
  stripVTControlCharacters(String(message))
    .split('\n')
    .filter((line) => line.trim() !== '' && !/^\s+at /.test(line))
    .slice(0, VITEST_MESSAGE_LINES)
    .map((line) => `    ${line.slice(0, 2000)}`);

/**
 * `file › title` of each failed test in vitest's JSON report, and of each file that failed whole,
 * with the first lines of its failure (the assertion and its diff) under it: CI shows only the
 * output's tail.
 */
function vitestFailureNames(report) {
  return report.testResults.flatMap((file) => {
    const name = path.relative(root, file.name);
    const tests = file.assertionResults.filter((test) => test.status === 'failed');
    if (tests.length > 0) {
      return tests.map((test) =>
        [`vitest ${name} › ${test.fullName ?? test.title}`, ...(test.failureMessages ?? []).flatMap(messageLines)].join('\n'),
      );
    }
    return file.status === 'failed' ? [[`vitest ${name}`, ...messageLines(file.message)].join('\n')] : [];
  });
}

/** Each error of one Playwright attempt: its first line and locator, without colour codes, and where it was thrown. */
const errorsOf = (result) =>
  (result.errors ?? [])
    .map(({ message = '', location }) => {
      const lines = stripVTControlCharacters(message).split('\n');
      const locator = lines.find((line) => /^\s*(Locator:|- waiting for)/.test(line))?.trim();
      const text = locator ? `${lines[0]} ${locator}` : lines[0];
      return location ? `${text} (${path.basename(location.file)}:${location.line})` : text;
    })
    .join(' | ');

/**
 * `[project] file:line › title` of each unexpected or flaky test in Playwright's JSON report, with
 * each failed attempt's duration and first error line under it: CI shows only the output's tail,
 * so the reason has to be there too.
 */
function playwrightFailureNames(report) {
  const walk = (suite) => [
    ...(suite.specs ?? []).flatMap((spec) =>
      spec.tests
        .filter((test) => test.status === 'unexpected' || test.status === 'flaky')
        .map((test) =>
          [
            `playwright [${test.projectName}] ${spec.file}:${spec.line} › ${spec.title} (${test.status})`,
            ...test.results
              .filter((result) => result.status !== 'passed' && result.status !== 'skipped')
              .map((result) => `    try ${result.retry + 1}, ${(result.duration / 1000).toFixed(1)} s: ${errorsOf(result)}`),
          ].join('\n'),
        ),
    ),
    ...(suite.suites ?? []).flatMap(walk),
  ];
  return (report.suites ?? []).flatMap(walk);
}

async function check(name, command, args) {
  const code = await run(command, args);
  if (code === 0) passed += 1;
  else failed += 1;
  record(name, code === 0);
}

/**
 * Runs independent checks `limit` at a time (this is a 2-core machine; issue #13), each one's
 * output held back and printed whole under its name when it ends, so outputs never interleave.
 * Counts and records them in the order given, as `check` would have one after the other.
 */
async function checksInParallel(checks, limit = 2) {
  const codes = new Array(checks.length);
  let next = 0;
  const worker = async () => {
    while (next < checks.length) {
      const index = next;
      next += 1;
      const { name, command, args } = checks[index];
      const started = Date.now();
      const { code, output } = await runCaptured(command, args);
      codes[index] = code;
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      process.stdout.write(`\n── ${name}: ${code === 0 ? 'ok' : `FAILED (exit ${code})`} in ${seconds} s\n${output}`);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, checks.length) }, worker));
  checks.forEach(({ name }, index) => {
    if (codes[index] === 0) passed += 1;
    else failed += 1;
    record(name, codes[index] === 0);
  });
}

/**
 * Installs the browser of the end-to-end tests when it is missing: Debian's Chromium in its
 * headless shell (ARCHITECTURE "Two commands", docs/decisions/047-browser-tests-in-the-headless-shell.md).
 */
async function ensureChromium() {
  if (existsSync('/usr/bin/chromium-headless-shell')) return true;
  if (process.getuid?.() !== 0) {
    console.error('Chromium is missing: install it with `sudo apt-get install -y chromium-headless-shell fonts-liberation`.');
    return false;
  }
  console.log('Installing Chromium (its headless shell) from the system packages…');
  return (
    (await run('sh', [
      '-c',
      'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium-headless-shell fonts-liberation',
    ])) === 0
  );
}

if (only !== 'e2e') {
  // Typecheck, lint and format read files and change nothing: they run two at a time.
  await checksInParallel([
    ...['@tandem/contract', '@tandem/server', '@tandem/web', '@tandem/e2e', '@tandem/test'].map((workspace) => ({
      name: `typecheck ${workspace}`,
      command: 'npm',
      args: ['run', 'typecheck', '-w', workspace],
    })),
    { name: 'lint', command: 'npx', args: ['eslint', '--max-warnings', '0', '.'] },
    { name: 'format', command: 'npx', args: ['prettier', '--check', '--log-level', 'warn', '.'] },
  ]);

  const vitestJson = path.join(resultsDir, 'vitest.json');
  const vitestCode = await run('npx', [
    'vitest',
    'run',
    '--retry=0',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${vitestJson}`,
  ]);
  if (existsSync(vitestJson)) {
    const report = JSON.parse(readFileSync(vitestJson, 'utf8'));
    const failures = countVitestFailures(report, vitestCode);
    passed += report.numPassedTests;
    failed += failures;
    record('vitest', vitestCode === 0, `${report.numPassedTests} passed, ${failures} failed`);
    failedNames.push(...vitestFailureNames(report));
  } else {
    failed += 1;
    record('vitest', false, 'no report');
  }
}

if (only !== 'unit') {
  const ready = (await ensureChromium()) && (await buildIfNeeded());
  if (!ready) {
    failed += 1;
    record('e2e setup', false);
  } else {
    // A size, not a time: the login route's JavaScript against its budget (bench/bundle-size.mjs).
    await check(
      'bundle size (login route; no zod before the dashboard, /tasks, a brief or the answer page render; no page loads a module it does not import)',
      'node',
      ['bench/bundle-size.mjs'],
    );
    const playwrightJson = path.join(resultsDir, 'playwright.json');
    const code = await run('npx', ['playwright', 'test', '--config', 'e2e/playwright.config.ts'], {
      env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson },
    });
    if (existsSync(playwrightJson)) {
      const report = JSON.parse(readFileSync(playwrightJson, 'utf8'));
      const { stats } = report;
      // Flaky (failed, then passed on retry) counts as failed; a non-zero exit with nothing failed
      // (a crashed worker, a server that did not start) is one failure.
      const failures = stats.unexpected + stats.flaky || (code === 0 ? 0 : 1);
      passed += stats.expected;
      failed += failures;
      record('playwright', failures === 0, `${stats.expected} passed, ${failures} failed, of which ${stats.flaky} flaky`);
      failedNames.push(...playwrightFailureNames(report));
    } else {
      failed += 1;
      record('playwright', false, 'no report');
    }
  }
}

if (failedNames.length > 0) console.log(`\nFailed:\n${failedNames.map((name) => `  ${name}`).join('\n')}`);
console.log(`\n${summary.join('\n')}\n`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
