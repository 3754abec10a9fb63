import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test/test-app.js';
import { ROUTES_MANIFEST_FILE, toFastifyPaths } from './web-app.js';

/** A built web app as the web build writes it: index.html, an asset and the routes manifest. */
function fakeWebDist(patterns: string[] | undefined): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'tandem-dist-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Tandem</title><div id="root"></div>');
  writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), 'export {};');
  writeFileSync(path.join(dir, 'assets', 'index-abc123.js.br'), 'brotli bytes');
  writeFileSync(path.join(dir, '.env'), 'SECRET=1');
  if (patterns) writeFileSync(path.join(dir, ROUTES_MANIFEST_FILE), JSON.stringify({ patterns }));
  return dir;
}

const patterns = ['/', '/auth/login', '/dashboard/home', '/tasks', '/tasks/new', '/tasks/:id?', '/b/:id', '/files/*'];
const withManifest = fakeWebDist(patterns);
const withoutManifest = fakeWebDist(undefined);
afterAll(() => {
  for (const dir of [withManifest, withoutManifest]) rmSync(dir, { recursive: true, force: true });
});

describe('toFastifyPaths', () => {
  it('expands optional segments and trailing slashes, keeping params and splats', () => {
    expect(toFastifyPaths('/')).toEqual(['/']);
    expect(toFastifyPaths('/tasks/:id?')).toEqual(['/tasks', '/tasks/', '/tasks/:id', '/tasks/:id/']);
    expect(toFastifyPaths('/a/b?/c')).toEqual(['/a/c', '/a/c/', '/a/b/c', '/a/b/c/']);
    expect(toFastifyPaths('/files/*')).toEqual(['/files/*']);
  });
});

describe('pages of the built web app (issue #8: unknown paths are a 404)', () => {
  const t = useTestApp({ webDistDir: withManifest });

  it.each([
    '/',
    '/auth/login',
    '/dashboard/home',
    '/tasks',
    '/tasks/',
    '/tasks/new',
    '/tasks/0190f0e0-0000-7000-8000-000000000001',
    '/b/abc',
    '/files/a/b',
    '/tasks?task=1',
  ])('answers the known route %s with 200 and the app', async (url) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain('<div id="root">');
  });

  it.each(['/no-such-page', '/tasks/1/2', '/auth', '/dashboard/home/extra', '/b'])(
    'answers the unknown path %s with 404 and the app',
    async (url) => {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      // The app's own "Page Not Found" renders from the same index.html.
      expect(response.body).toContain('<div id="root">');
      const head = await t.app.inject({ method: 'HEAD', url });
      expect(head.statusCode).toBe(404);
    },
  );

  it('keeps the JSON 404 for unknown /api paths, and a plain 404 for a missing asset', async () => {
    const api = await t.get('/api/v1/no-such-thing');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ errorCode: 'NOT_FOUND' });
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-gone.js' });
    expect(asset.statusCode).toBe(404);
    expect(asset.headers['content-type']).toMatch(/^text\/plain/);
    expect((await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' })).statusCode).toBe(200);
  });

  it('serves an asset with long caching, its Brotli copy when accepted, and to HEAD', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(plain.body).toBe('export {};');
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(plain.headers['content-type']).toMatch(/javascript/);
    const brotli = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.body).toBe('brotli bytes');
    const head = await t.app.inject({ method: 'HEAD', url: '/assets/index-abc123.js' });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    const index = await t.app.inject({ method: 'GET', url: '/index.html' });
    expect(index.statusCode).toBe(200);
    expect(index.headers['cache-control']).toBe('no-cache');
  });

  it.each(['/.env', '/assets/../.env', '/assets/..%2f.env', '/%2e%2e/%2e%2e/etc/passwd', '/assets/'])(
    'never serves %s from outside the build or a hidden file',
    async (url) => {
      const response = await t.app.inject({ method: 'GET', url });
      expect([403, 404]).toContain(response.statusCode);
      expect(response.body).not.toContain('SECRET');
      expect(response.body).not.toContain('root:');
    },
  );
});

describe('a web build without a routes manifest', () => {
  const t = useTestApp({ webDistDir: withoutManifest });

  it('still serves the app for any page path', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/anything' })).statusCode).toBe(200);
  });
});
