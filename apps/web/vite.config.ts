import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, parseAst, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { pageChunkNames, pagesOf, type PageOptions } from './build/page-chunks.ts';
import { ROUTES_MANIFEST_FILE, routePatterns } from './src/config/route-patterns.ts';

/** An app module's id (its absolute path) from its path in apps/web. */
const moduleId = (file: string) => fileURLToPath(new URL(file, import.meta.url));

/** Source files of @tandem/contract (the workspace package is consumed as TypeScript source). */
const CONTRACT_SOURCE = /[\\/]packages[\\/]contract[\\/]src[\\/](?!.*\.test\.ts$).*\.ts$/;

/**
 * Lets the build drop what the browser does not use from @tandem/contract. The contract only
 * declares: zod schemas, constants and pure functions. But a bundler must assume that a top-level
 * call such as `export const ProfileSchema = z.object(…)` has side effects, so every schema — and
 * all of classic zod — would ship with any page that imports one constant from the package (the
 * login route: 25 KB gzipped). This plugin marks each top-level `const` initialised by a call as
 * `/* @__PURE__ *\/` and the modules as side-effect free; unused schemas then vanish. (The
 * schemas' `.meta({ id })` registrations feed the server's OpenAPI document only.)
 */
function contractTreeShaking(): Plugin {
  return {
    name: 'tandem:contract-tree-shaking',
    apply: 'build',
    transform(code, id) {
      if (!CONTRACT_SOURCE.test(id)) return null;
      const inserts: number[] = [];
      for (let statement of parseAst(code).body) {
        if (statement.type === 'ExportNamedDeclaration' && statement.declaration) statement = statement.declaration;
        if (statement.type !== 'VariableDeclaration' || statement.kind !== 'const') continue;
        for (const declarator of statement.declarations) {
          if (declarator.init?.type === 'CallExpression') inserts.push(declarator.init.start);
        }
      }
      let annotated = code;
      for (const at of inserts.reverse()) annotated = `${annotated.slice(0, at)}/* @__PURE__ */ ${annotated.slice(at)}`;
      return { code: annotated, map: null, moduleSideEffects: false };
    },
  };
}

/** The contract's modules without zod: its vocabulary and permission rules (decision 031). */
const CONTRACT_VOCABULARY = /[\\/]packages[\\/]contract[\\/]src[\\/](?:vocabulary[\\/][\w-]+|permissions)\.ts$/;

/** Files worth compressing: text over 1 KiB (fonts and images are compressed already). */
const COMPRESSIBLE = /\.(?:js|css|html|svg|json|webmanifest)$/;

/**
 * Writes a Brotli (`.br`) and a gzip (`.gz`) copy next to every compressible file of the build, so
 * the server sends them precompressed (@fastify/static `preCompressed`, apps/server web-app.ts):
 * the first dashboard load moved its JavaScript uncompressed (issue #8: ~1.26 MB).
 */
function precompress(): Plugin {
  const brotli = promisify(brotliCompress);
  const gzipAsync = promisify(gzip);
  return {
    name: 'tandem:precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const outDir = options.dir ?? 'dist';
      await Promise.all(
        Object.values(bundle).map(async (file) => {
          if (!COMPRESSIBLE.test(file.fileName) || file.fileName.startsWith('.vite/')) return;
          const content = file.type === 'chunk' ? Buffer.from(file.code) : Buffer.from(file.source);
          if (content.length < 1024) return;
          const target = path.join(outDir, file.fileName);
          const [br, gz] = await Promise.all([
            brotli(content, {
              params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: content.length },
            }),
            gzipAsync(content, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${target}.br`, br), writeFile(`${target}.gz`, gz)]);
        }),
      );
    },
  };
}

/** The one font file the service worker precaches: Inter's variable latin subset (main.tsx imports it). */
const PRECACHED_FONT = 'inter-latin-wght-normal';

/**
 * Preloads the precached font from index.html (`<link rel="preload" as="font">`): the browser
 * fetches it while it parses the page, not once the first render's layout finds text in Inter, so
 * the first paint is set in Inter already and no second layout of the whole page follows when it
 * swaps in (issue #13: 26–51 ms of layout at Lighthouse's 4× slowdown, after the first paint). At
 * low priority: the first render waits for the scripts anyway, and the font must not take their
 * bandwidth. Measured on an emulated slow 4G at 4× (bench/README): the font arrived at 1.5–2.0 s,
 * before the first paint (2.1–3.1 s); without the preload, at 4.7–6.3 s, a visible swap.
 */
function preloadFont(): Plugin {
  return {
    name: 'tandem:preload-font',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        const font = Object.keys(bundle ?? {}).find(
          (fileName) => fileName.startsWith(`assets/${PRECACHED_FONT}-`) && fileName.endsWith('.woff2'),
        );
        if (!font) throw new Error(`tandem:preload-font: no assets/${PRECACHED_FONT}-*.woff2 in the build`);
        return [
          {
            tag: 'link',
            attrs: { rel: 'preload', href: `/${font}`, as: 'font', type: 'font/woff2', crossorigin: '', fetchpriority: 'low' },
            injectTo: 'head',
          },
        ];
      },
    },
  };
}

/**
 * Writes dist/routes.json, `{ "patterns": [...] }`: the app's router patterns from src/config/paths.ts.
 * The server reads it to answer a path no route matches with HTTP 404 (issue #8).
 */
function routesManifest(): Plugin {
  return {
    name: 'tandem:routes-manifest',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: ROUTES_MANIFEST_FILE, source: JSON.stringify({ patterns: routePatterns() }) });
    },
  };
}

/**
 * The entry and the layout routes of apps/web/src/app/router.tsx, for the chunk groups by page
 * (docs/decisions/048-chunks-by-page.md).
 */
const PAGES: PageOptions = {
  entry: moduleId('./src/main.tsx'),
  routesDirectory: moduleId('./src/app/routes'),
  layouts: [
    {
      name: 'shell',
      roots: [moduleId('./src/app/routes/app/root.tsx')],
      routes: /[\\/]src[\\/]app[\\/]routes[\\/](?:app|briefs|dashboard|questions|slack|tasks)[\\/]/,
    },
    {
      name: 'auth',
      roots: [moduleId('./src/app/routes/auth/layout.tsx')],
      routes: /[\\/]src[\\/]app[\\/]routes[\\/](?:auth[\\/](?!logout\.)|register\.)/,
    },
    {
      name: 'public',
      roots: [moduleId('./src/components/layouts/public-layout.tsx'), moduleId('./src/components/errors/public-route-error-page.tsx')],
      routes: /[\\/]src[\\/]app[\\/]routes[\\/]public[\\/]/,
    },
  ],
};

/** Where {@link chunkModulesManifest} writes: a dot folder, which the server does not serve. */
const CHUNK_MODULES_FILE = '.vite/chunk-modules.json';

/**
 * Writes dist/.vite/chunk-modules.json for bench/bundle-size.mjs: each JavaScript chunk's modules
 * and static chunk imports, each module's static imports, and the app's pages with the modules a
 * first visit of each imports dynamically (module ids relative to apps/web):
 * `{ chunks: { [fileName]: { modules, imports } }, staticImports: { [id]: string[] }, pages: [{ name, roots }] }`.
 * Vite's manifest names a chunk by its first module only, so it cannot tell which modules a page
 * loads that it does not import (docs/decisions/048-chunks-by-page.md).
 */
function chunkModulesManifest(pages: PageOptions): Plugin {
  const relative = (id: string) => (path.isAbsolute(id) ? path.relative(moduleId('.'), id).split(path.sep).join('/') : id);
  return {
    name: 'tandem:chunk-modules-manifest',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks: Record<string, { modules: string[]; imports: string[] }> = {};
      const staticImports: Record<string, string[]> = {};
      for (const file of Object.values(bundle)) {
        if (file.type === 'chunk') chunks[file.fileName] = { modules: file.moduleIds.map(relative), imports: file.imports };
      }
      for (const id of this.getModuleIds()) staticImports[relative(id)] = (this.getModuleInfo(id)?.importedIds ?? []).map(relative);
      const pageList = pagesOf(this, pages).map((page) => ({ name: page.name, roots: page.roots.map(relative) }));
      this.emitFile({ type: 'asset', fileName: CHUNK_MODULES_FILE, source: JSON.stringify({ chunks, staticImports, pages: pageList }) });
    },
  };
}

/**
 * Vite config of the web app: `@/` → `src/`, `/api` proxied to the API in development, chunks
 * grouped by page with their map for bench/bundle-size.mjs (decision 048) and a service worker (seed §2: reload once a new
 * version is installed). The worker is registered from code (src/lib/service-worker.ts): the
 * server's CSP (script-src 'self') forbids inline scripts, so injectRegister is off.
 */
export default defineConfig({
  plugins: [
    react(),
    contractTreeShaking(),
    precompress(),
    preloadFont(),
    routesManifest(),
    chunkModulesManifest(PAGES),
    VitePWA({
      registerType: 'autoUpdate',
      injectRegister: false,
      includeAssets: ['favicon.svg'],
      manifest: {
        name: 'Tandem',
        short_name: 'Tandem',
        description: 'The shared workspace of an executive and their assistants.',
        theme_color: '#2454D6',
        background_color: '#F6F7F9',
        display: 'standalone',
        start_url: '/',
        icons: [{ src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' }],
      },
      workbox: {
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api(\/|$)/, /^\/healthz$/, /^\/readyz$/],
        // Of the fonts only Inter's latin subset, the one the UI's own text uses (issue #8: a fresh
        // browser downloaded every weight of every script for offline use). The other subsets load
        // when a page needs them (their unicode-range), and offline such text falls back to the
        // system font. e2e/tests/offline.spec.ts checks the built list.
        globPatterns: ['**/*.{js,css,html,svg}', `assets/${PRECACHED_FONT}-*.woff2`],
        // Analytics loads only when configured; never precache it.
        globIgnores: ['**/module.no-external-*.js'],
        cleanupOutdatedCaches: true,
      },
    }),
  ],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    proxy: { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    modulePreload: {
      // index.html keeps a modulepreload link per chunk of the entry. A lazy route's chunks are not
      // announced ahead: Vite's helper added one <link rel="modulepreload"> per chunk of the route's
      // whole import graph (~100 for the signed-in shell, ~180 ms of the first long task under
      // Lighthouse's 4× CPU slowdown, issue #13); the browser fetches a module's imports itself as
      // soon as the module arrives. A route's CSS still loads before its module runs.
      resolveDependencies: (_filename, deps, { hostType }) => (hostType === 'html' ? deps : deps.filter((dep) => dep.endsWith('.css'))),
    },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // The contract's vocabulary and permission rules in a chunk of their own (decision 031):
          // left to the automatic chunking, they joined whichever shared chunk their importers
          // matched, once one holding zod and the task schemas, which the dashboard then evaluated.
          groups: [
            { name: 'contract-vocabulary', test: CONTRACT_VOCABULARY },
            // The first visit's chunks by page (docs/decisions/048-chunks-by-page.md).
            {
              name: pageChunkNames(PAGES),
              debugName: 'pages',
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
});
