import {
  createActivatedPerson,
  expect,
  expectNoSeriousA11yViolations,
  newPerson,
  signInThroughUi,
  test,
  submitRegisterForm,
} from './fixtures.js';

for (const path of ['/auth/login', '/auth/passwordless', '/auth/forgot-password', '/auth/new-password?code=unknown', '/register']) {
  test(`axe finds no serious violation on ${path}`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
}

test('axe finds no serious violation on the signed-in home (the dashboard)', async ({ page, request }) => {
  const person = await createActivatedPerson(request, newPerson('Ellis'));
  await signInThroughUi(page, person);
  await expectNoSeriousA11yViolations(page);
});

test('axe finds no serious violation on /auth/verify', async ({ page }) => {
  await page.goto('/auth/passwordless');
  await page.getByLabel('Email').fill(newPerson('Indigo').email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test("axe finds no serious violation on the register page's activation step", async ({ page }) => {
  const person = newPerson('Marlow');
  await submitRegisterForm(page, person);
  await expect(page.getByRole('heading', { name: 'Activate your account' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
