import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors.js';
import { pathOf } from '../lib/url-path.js';

/** The web build's list of its router patterns (apps/web vite.config.ts, `routesManifest`). */
export const ROUTES_MANIFEST_FILE = 'routes.json';

/**
 * Fastify paths for one React Router pattern: every optional segment ('/tasks/:id?', '/a/b?')
 * expanded into both forms, as React Router explodes them, each also with a trailing slash
 * (React Router ignores it). Params (':id') and a trailing splat ('*') keep their meaning in Fastify.
 * E.g. '/tasks/:id?' → '/tasks', '/tasks/', '/tasks/:id', '/tasks/:id/'. Pure.
 */
export function toFastifyPaths(pattern: string): string[] {
  let prefixes = [''];
  for (const segment of pattern.split('/').filter(Boolean)) {
    const required = segment.replace(/\?$/, '');
    const withSegment = prefixes.map((prefix) => `${prefix}/${required}`);
    prefixes = segment.endsWith('?') ? [...prefixes, ...withSegment] : withSegment;
  }
  // A splat already takes any rest, a trailing slash included.
  return prefixes.flatMap((prefix) => (prefix === '' ? ['/'] : prefix.endsWith('*') ? [prefix] : [prefix, `${prefix}/`]));
}

/** The patterns of dist/routes.json; undefined when the build wrote none (an older build). */
function readRoutePatterns(distDir: string): string[] | undefined {
  const file = path.join(distDir, ROUTES_MANIFEST_FILE);
  if (!existsSync(file)) return undefined;
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as { patterns?: unknown };
  if (!Array.isArray(manifest.patterns) || !manifest.patterns.every((pattern) => typeof pattern === 'string')) {
    throw new Error(`${file} has no list of patterns`);
  }
  return manifest.patterns as string[];
}

const sendApp = (reply: FastifyReply, status: 200 | 404) => reply.status(status).header('cache-control', 'no-cache').sendFile('index.html');

/**
 * Serves the built web app (apps/web/dist): hashed assets with long caching, Brotli or gzip when the
 * build wrote a compressed copy and the browser accepts it (issue #8), and index.html for
 * the app's pages. A GET of a path one of the web's router patterns matches (dist/routes.json,
 * written by the web build from apps/web/src/config/paths.ts) answers 200; any other path outside
 * /api answers 404 with the same index.html, which renders the app's "Page Not Found" (issue #8).
 * Without a routes.json (an older build) every such path answers 200, as before. Unknown /api
 * paths are 404 JSON; an unknown asset-looking path is a plain 404 (a stale chunk, seed §4).
 */
async function webAppPlugin(app: FastifyInstance, options: { distDir: string | undefined }) {
  const distDir = options.distDir && existsSync(path.join(options.distDir, 'index.html')) ? options.distDir : undefined;
  let knowsRoutes = false;
  if (distDir) {
    await app.register(fastifyStatic, {
      root: distDir,
      // One route for every file, which looks the file up when asked: registering a route per file
      // (`wildcard: false`, 641 files with their compressed copies) took 0.17 s of every start.
      wildcard: true,
      index: false,
      // What the build wrote and nothing else: no hidden file, no directory; those go to the
      // not-found handler below like any other unknown path.
      dotfiles: 'ignore',
      allowedPath: (pathname) => !pathname.endsWith('/') && !pathname.split('/').some((segment) => segment.startsWith('.')),
      // The web build writes .br and .gz copies of its text files (apps/web vite.config.ts).
      preCompressed: true,
      setHeaders: (res, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    const patterns = readRoutePatterns(distDir);
    if (patterns) {
      knowsRoutes = true;
      const urls = new Set(patterns.filter((pattern) => !pattern.startsWith('/api')).flatMap(toFastifyPaths));
      for (const url of urls) app.get(url, { schema: { hide: true } }, (_request, reply) => sendApp(reply, 200));
    } else {
      app.log.warn(`${path.join(distDir, ROUTES_MANIFEST_FILE)} is missing (an older web build): every page path answers 200`);
    }
  }
  app.setNotFoundHandler(async (request, reply) => {
    const pathname = pathOf(request.url);
    if (pathname.startsWith('/api/') || pathname === '/api' || !distDir || !['GET', 'HEAD'].includes(request.method)) {
      throw new AppError('NOT_FOUND', 'There is nothing at this address.');
    }
    // Asset-looking paths that do not exist are real 404s (a stale chunk, seed §4), not the app.
    if (path.extname(pathname) && pathname !== '/index.html') {
      return reply.status(404).type('text/plain').send('Not found');
    }
    return sendApp(reply, knowsRoutes ? 404 : 200);
  });
}

export default fp(webAppPlugin, { name: 'web-app' });
