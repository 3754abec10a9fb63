// Bundles the server into dist/server.js and dist/admin.js with esbuild. The workspace contract
// package is bundled in (it ships TypeScript source); every other dependency stays external.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies ?? {}).filter((name) => !name.startsWith('@tandem/'));

await build({
  entryPoints: { server: 'src/server.ts', admin: 'src/cli/admin.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  logLevel: 'warning',
});
