import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors.js';

/**
 * Serves the built web app (apps/web/dist): hashed assets with long caching, Brotli or gzip when the
 * build wrote a compressed copy and the browser accepts it (issue #8), and index.html for
 * every other GET that is not /api (the single-page app routes). Unknown /api paths are 404 JSON.
 */
async function webAppPlugin(app: FastifyInstance, options: { distDir: string | undefined }) {
  const distDir = options.distDir && existsSync(path.join(options.distDir, 'index.html')) ? options.distDir : undefined;
  if (distDir) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      // The web build writes .br and .gz copies of its text files (apps/web vite.config.ts).
      preCompressed: true,
      setHeaders: (res, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0]!;
    if (pathname.startsWith('/api/') || pathname === '/api' || !distDir || !['GET', 'HEAD'].includes(request.method)) {
      throw new AppError('NOT_FOUND', 'There is nothing at this address.');
    }
    // Asset-looking paths that do not exist are real 404s (a stale chunk, seed §4), not the app.
    if (path.extname(pathname) && pathname !== '/index.html') {
      return reply.status(404).type('text/plain').send('Not found');
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}

export default fp(webAppPlugin, { name: 'web-app' });
