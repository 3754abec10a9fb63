import { createActivatedPerson, expect, newPerson, test, waitForCode } from './fixtures.js';

test('passwordless sign-in: email, mailed code, signed in', async ({ page, request }) => {
  const person = await createActivatedPerson(request, newPerson('Harper'));
  await page.goto('/auth/login');
  await page
    .getByRole('link', { name: 'Sign in with a code instead' })
    .or(page.getByRole('button', { name: 'Sign in with a code instead' }))
    .click();
  await expect(page).toHaveURL(/\/auth\/passwordless$/);
  const before = Date.now();
  await page.getByLabel('Email').fill(person.email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page).toHaveURL(/\/auth\/verify$/);
  const code = await waitForCode(request, person.email, /sign-in code/, before);
  await expect(page.getByRole('button', { name: 'Resend code' })).toBeDisabled();
  await page.getByLabel('Digit 1 of 6').click();
  await page.keyboard.type(code);
  await expect(page).toHaveURL(/\/dashboard\/home$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Harper');
});

test('/auth/verify without a pending code goes back to /auth/passwordless', async ({ page }) => {
  await page.goto('/auth/verify');
  await expect(page).toHaveURL(/\/auth\/passwordless$/);
});
