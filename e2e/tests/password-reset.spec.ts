import { createActivatedPerson, expect, newPerson, test, waitForMail } from './fixtures.js';

test('forgot password → emailed link → new password → sign in with it @postgres', async ({ page, request }) => {
  const person = await createActivatedPerson(request, newPerson('Taylor'));
  await page.goto('/auth/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/auth\/forgot-password$/);
  await page.getByLabel('Email').fill(person.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText(/If an account exists for that email/)).toBeVisible();

  const mail = await waitForMail(request, person.email, /Reset your Tandem password/);
  const link = mail.text.match(/https?:\/\/\S+\/auth\/new-password\?code=\S+/)![0];
  await page.goto(link);
  const newPassword = 'meadow quartz lantern harbor 77';
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password').fill(newPassword);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);

  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/home$/);

  // The link works once.
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'This link has expired' })).toBeVisible();
});
