import { createActivatedPerson, expect, newPerson, signInThroughUi, test } from './fixtures.js';

// Runs against the server whose access tokens live 5 seconds (playwright.config.ts).
test('an expired access token is refreshed transparently', async ({ page, request }) => {
  const person = await createActivatedPerson(request, newPerson('Rowan'));
  await signInThroughUi(page, person);
  const firstToken = await page.evaluate(() => localStorage.getItem('accessToken'));
  await page.waitForTimeout(6_000);

  const refreshed = page.waitForResponse((r) => r.url().endsWith('/api/auth/token/refresh') && r.status() === 200);
  await page.reload();
  await refreshed;
  await expect(page).toHaveURL(/\/dashboard\/home$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Rowan');
  const secondToken = await page.evaluate(() => localStorage.getItem('accessToken'));
  expect(secondToken).toBeTruthy();
  expect(secondToken).not.toBe(firstToken);
});
