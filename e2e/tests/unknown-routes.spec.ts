import { expect, test } from './fixtures.js';

/**
 * Issue #8: a path no route matches is answered with HTTP 404 by the server, and the body is the
 * app, which shows its "Page Not Found" page; the app's own routes stay 200.
 */
test.use({ viewport: { width: 390, height: 844 } });

test('an unknown path answers 404 and shows Page Not Found', async ({ page }) => {
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: /page not found/i })).toBeVisible();
  await expect(page.getByText('Error 404')).toBeVisible();
  await page.getByRole('link', { name: 'Go to home' }).click();
  await expect(page).toHaveURL(/\/auth\/login/);
});

test("the app's routes answer 200", async ({ page, request }) => {
  for (const path of ['/auth/login', '/register', '/tasks/new', '/dashboard/home']) {
    expect((await request.get(path)).status(), path).toBe(200);
  }
  const response = await page.goto('/auth/login');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('an unknown /api path keeps its JSON 404', async ({ request }) => {
  const response = await request.get('/api/v1/no-such-thing', { headers: { 'x-client-id': 'tandem-web' } });
  expect(response.status()).toBe(404);
  expect(await response.json()).toMatchObject({ errorCode: 'NOT_FOUND' });
});
