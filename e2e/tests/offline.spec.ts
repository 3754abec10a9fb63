import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures.js';

// The service worker is blocked in every other spec (playwright.config.ts); here it runs.
test.use({ serviceWorkers: 'allow' });

/** The URLs of the built service worker's precache list (vite-plugin-pwa writes them into /sw.js). */
function precacheUrls(serviceWorker: string): string[] {
  return [...serviceWorker.matchAll(/url:"([^"]+)"/g)].map((match) => match[1]!);
}

/** The scripts and stylesheets index.html loads (its entry, the entry's modulepreloads, its stylesheet), as `assets/…`. */
async function documentAssets(request: APIRequestContext): Promise<string[]> {
  const html = await (await request.get('/')).text();
  return [...html.matchAll(/<(?:script|link)\b[^>]*\b(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((match) => match[1]!);
}

test('the service worker precaches one font file, the one the stylesheet uses for latin text (issue #8)', async ({ request }) => {
  const urls = precacheUrls(await (await request.get('/sw.js')).text());
  expect(urls).toContain('index.html');
  const fonts = urls.filter((url) => /\.(woff2?|ttf|otf)$/.test(url));
  expect(fonts).toEqual([expect.stringMatching(/^assets\/inter-latin-wght-normal-[\w-]+\.woff2$/)]);
  const stylesheets = (await documentAssets(request)).filter((url) => url.endsWith('.css'));
  expect(stylesheets).toHaveLength(1);
  expect(urls).toContain(stylesheets[0]);
  expect(await (await request.get(`/${stylesheets[0]}`)).text()).toContain(fonts[0]!.replace('assets/', ''));
});

test('every page preloads the precached font, and the stylesheet uses that one fetch (issue #13: no relayout when Inter swaps in)', async ({
  page,
  request,
}) => {
  const font = precacheUrls(await (await request.get('/sw.js')).text()).find((url) => url.endsWith('.woff2'));
  expect(font).toBeDefined();
  for (const path of ['/auth/login', '/dashboard/home', '/q/not-a-link']) {
    expect(await (await request.get(path)).text()).toContain(`<link rel="preload" href="/${font}" as="font" type="font/woff2" crossorigin`);
  }
  await page.goto('/auth/login');
  await expect(page.getByLabel('Email')).toBeVisible();
  await page.evaluate(() => document.fonts.ready);
  // One fetch of the font, by the preload: a preload the stylesheet could not reuse (another
  // credentials mode) would show as a second fetch.
  const fetches = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((entry) => entry.name.endsWith('.woff2'))
      .map((entry) => [new URL(entry.name).pathname, (entry as PerformanceResourceTiming).initiatorType]),
  );
  expect(fetches).toEqual([[`/${font}`, 'link']]);
});

test('the app shell and its font open offline once the service worker is installed', async ({ page, context, consoleErrors }) => {
  await page.goto('/auth/login');
  await expect(page.getByLabel('Email')).toBeVisible();
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // The first visit is not controlled by the worker it installed; the next load is.
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByLabel('Email')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  // The UI's text is set in Inter, served from the precache.
  const loadedInter = await page.evaluate(async () => {
    await document.fonts.ready;
    let loaded = 0;
    document.fonts.forEach((face) => {
      if (face.family.includes('Inter') && face.status === 'loaded') loaded += 1;
    });
    return loaded;
  });
  expect(loadedInter).toBeGreaterThan(0);
  // Offline, the API calls fail as expected (the browser reports each); nothing else may.
  const offline = (error: string) => error.includes('net::ERR_INTERNET_DISCONNECTED');
  expect(consoleErrors.filter(offline).length).toBeGreaterThan(0);
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((error) => !offline(error)));
});

test('scripts and styles are sent compressed to a browser that accepts it (issue #8: first load size)', async ({ request }) => {
  const assets = await documentAssets(request);
  const compressed: string[] = [];
  for (const url of assets) {
    const plain = await request.get(`/${url}`, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers()['content-encoding'], url).toBeUndefined();
    // The build compresses files of 1 KiB or more (apps/web/vite.config.ts); a smaller one is sent as it is.
    if ((await plain.body()).length < 1024) continue;
    const brotli = await request.get(`/${url}`, { headers: { 'accept-encoding': 'br' } });
    expect(brotli.headers()['content-encoding'], url).toBe('br');
    expect(brotli.headers()['vary'], url).toContain('accept-encoding');
    const gzip = await request.get(`/${url}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers()['content-encoding'], url).toBe('gzip');
    // The same file whatever the encoding (the client decodes it).
    expect(await brotli.text()).toBe(await plain.text());
    expect(await gzip.text()).toBe(await plain.text());
    compressed.push(url);
  }
  // The entry's modules and the stylesheet are well over 1 KiB.
  expect(compressed.filter((url) => url.endsWith('.js')).length).toBeGreaterThan(0);
  expect(compressed.filter((url) => url.endsWith('.css'))).toHaveLength(1);
});
