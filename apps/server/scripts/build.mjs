// Bundles the server into dist/server.js, dist/admin.js and dist/write-pglite-template.js with esbuild: the app, the workspace
// contract package (it ships TypeScript source) and the pure-JavaScript dependencies in one file
// each. Resolving and compiling those dependencies' 854 modules one by one took about 0.4 s of
// every start (issue #13, bench/README "Cold start"); one file is read and compiled once.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));

/**
 * Dependencies that stay in node_modules, loaded from there at run time:
 * - they load files that sit beside their own code: WebAssembly and its data (PGlite), a native
 *   addon (argon2), a worker thread's script (pino's transports), static files and their own
 *   package.json (the Swagger plugins), a language model (wink);
 * - they load on first use through `createRequire` (zxcvbn, wink, the Slack client, the AI SDK,
 *   nodemailer);
 * - a package above shares them: bundled, the app would hold a second copy (zod, whose schemas the
 *   AI SDK reads; @fastify/static, which the Swagger UI registers).
 */
const external = [
  '@electric-sql/pglite',
  '@node-rs/argon2',
  'pino',
  'pino-pretty',
  '@fastify/swagger',
  '@fastify/swagger-ui',
  '@fastify/static',
  'wink-nlp',
  'wink-eng-lite-web-model',
  '@zxcvbn-ts/core',
  '@zxcvbn-ts/language-common',
  '@zxcvbn-ts/language-en',
  '@slack/web-api',
  'ai',
  '@ai-sdk/openai-compatible',
  'nodemailer',
  'zod',
  // node-postgres's optional native binding, required only when asked for.
  'pg-native',
];
for (const name of external) {
  if (name !== 'pg-native' && !(name in pkg.dependencies)) throw new Error(`build: ${name} is kept external but is not a dependency`);
}

await build({
  entryPoints: { server: 'src/server.ts', admin: 'src/cli/admin.ts', 'write-pglite-template': 'src/cli/write-pglite-template.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  // Stack traces need the mappings, not the sources (they are in the repository): Node parses the
  // whole map at every start under --enable-source-maps, 6.6 MB with the sources and 2.1 MB without,
  // about 0.3–0.5 s of a start on the 2-core host (bench/README "Cold start").
  sourcesContent: false,
  external,
  // The bundled CommonJS packages call `require` for Node's built-ins; an ES module has none.
  banner: { js: "import { createRequire as __bundleRequire } from 'node:module'; const require = __bundleRequire(import.meta.url);" },
  logLevel: 'warning',
});

// The migrated PGlite template a new embedded database is copied from (decision 050): a first
// `npm start` then skips PGlite's initdb and the migrations.
execFileSync(process.execPath, ['dist/write-pglite-template.js', 'dist'], { stdio: 'inherit' });
