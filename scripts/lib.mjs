// Small helpers shared by scripts/start.mjs and scripts/test.mjs.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Runs a command with inherited output; resolves with its exit code. */
export function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', ...options });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', () => resolve(127));
  });
}

/**
 * Runs a command with its output (stdout and stderr, interleaved as they come) kept in memory;
 * resolves with its exit code and that output, for checks that run side by side and print one
 * after the other.
 */
export function runCaptured(command, args, options = {}) {
  return new Promise((resolve) => {
    const chunks = [];
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], ...options });
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.stderr.on('data', (chunk) => chunks.push(chunk));
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output: Buffer.concat(chunks).toString() }));
    child.on('error', (error) => resolve({ code: 127, output: `${error.message}\n` }));
  });
}

/** Newest modification time (ms) of any file below the given paths. */
export function newestMtime(paths) {
  let newest = 0;
  const visit = (entry) => {
    if (!existsSync(entry)) return;
    const stat = statSync(entry);
    if (stat.isDirectory()) {
      for (const name of readdirSync(entry)) if (name !== 'node_modules' && name !== 'dist') visit(path.join(entry, name));
    } else newest = Math.max(newest, stat.mtimeMs);
  };
  paths.forEach((p) => visit(path.join(root, p)));
  return newest;
}

/** True when `output` is missing or older than any of `sources`. */
export function isStale(output, sources) {
  const target = path.join(root, output);
  return !existsSync(target) || statSync(target).mtimeMs < newestMtime(sources);
}

/** Builds the web app and the server bundle when missing or older than their sources. */
export async function buildIfNeeded() {
  const webSources = [
    'apps/web/src',
    'apps/web/build',
    'apps/web/index.html',
    'apps/web/vite.config.ts',
    'apps/web/public',
    'packages/contract/src',
    'package-lock.json',
  ];
  if (isStale('apps/web/dist/index.html', webSources)) {
    console.log('Building the web app…');
    if ((await run('npm', ['run', 'build', '-w', '@tandem/web'])) !== 0) return false;
  }
  if (
    isStale('apps/server/dist/server.js', [
      'apps/server/src',
      'apps/server/drizzle',
      'apps/server/scripts',
      'packages/contract/src',
      'package-lock.json',
    ])
  ) {
    console.log('Building the server…');
    if ((await run('npm', ['run', 'build', '-w', '@tandem/server'])) !== 0) return false;
  }
  return true;
}
