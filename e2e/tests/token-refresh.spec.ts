import { addMember, createActivatedPerson, createOwner, expect, newPerson, signInThroughApi, signInThroughUi, test } from './fixtures.js';

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

// The event stream lives no longer than its 5-second token; the app refreshes and reopens it.
test('live activity keeps arriving after the access token behind the event stream expired', async ({ page, request }) => {
  const { person: owner, workspace } = await createOwner(request, 'Sasha');
  await signInThroughUi(page, owner);
  await expect(page.getByRole('button', { name: 'No new activity' })).toBeVisible();
  const reopened = page.waitForRequest((r) => r.url().includes(`/workspaces/${workspace.id}/events`), { timeout: 30_000 });
  await page.waitForTimeout(6_000);
  await reopened;

  const joiner = await createActivatedPerson(request, newPerson('Kai'));
  await addMember(request, await signInThroughApi(request, owner), workspace.id, joiner, 'USER');
  await expect(page.getByRole('button', { name: 'New activity' })).toBeVisible({ timeout: 20_000 });
});
