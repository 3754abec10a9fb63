import { createActivatedPerson, expect, expectNoSeriousA11yViolations, newPerson, signIn, test, submitRegisterForm } from './fixtures.js';

for (const path of ['/auth/login', '/auth/passwordless', '/auth/forgot-password', '/auth/new-password?code=unknown', '/register']) {
  test(`axe finds no serious violation on ${path}`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
}

test('axe finds no violation on the signed-in pages and their header (WCAG 2.5.3 label in name)', async ({ page, request }) => {
  const person = await createActivatedPerson(request, newPerson('Ellis'));
  await signIn(page, person);
  await expectNoSeriousA11yViolations(page);
  // The header's controls are named with their visible text (axe: label-content-name-mismatch).
  await expect(page.getByRole('button', { name: /^Ellis's workspace, Owner: switch workspace$/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Account menu, ET', exact: true })).toBeVisible();
  for (const [path, heading] of [
    ['/dashboard/old', /Ellis/],
    ['/tasks', 'Tasks'],
    ['/workspaces/settings', 'Workspace settings'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.getByRole('progressbar')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
  }
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
