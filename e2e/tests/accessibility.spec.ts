import { createActivatedPerson, expect, expectNoSeriousA11yViolations, newPerson, signInThroughUi, test } from './fixtures.js';

for (const path of ['/auth/login', '/auth/passwordless', '/auth/forgot-password', '/auth/new-password?code=unknown', '/register']) {
  test(`axe finds no serious violation on ${path}`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
}

test('axe finds no serious violation on the signed-in home, light and dark', async ({ page, request }) => {
  const person = await createActivatedPerson(request, newPerson('Ellis'));
  await signInThroughUi(page, person);
  await expectNoSeriousA11yViolations(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectNoSeriousA11yViolations(page);
});
