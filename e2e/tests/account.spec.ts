import { createActivatedPerson, expect, expectNoSeriousA11yViolations, newPerson, signInThroughUi, test } from './fixtures.js';

test('a chosen theme is kept on the profile: it survives a reload and a new sign-in', async ({ page, request }) => {
  const person = await createActivatedPerson(request, newPerson('Harper'));
  await signInThroughUi(page, person);
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const lightBackground = await background();

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: /Theme/ }).click();
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/v1/profile') && r.request().method() === 'PATCH');
  await page.getByRole('radio', { name: 'Dark blue' }).click();
  expect((await saved).status()).toBe(200);
  await expect(page.getByRole('radio', { name: 'Dark blue' })).toHaveAttribute('aria-checked', 'true');
  await page.getByRole('button', { name: 'Done' }).click();
  const darkBackground = await background();
  expect(darkBackground).not.toBe(lightBackground);
  await expectNoSeriousA11yViolations(page);

  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Harper');
  expect(await background()).toBe(darkBackground);

  await page.evaluate(() => localStorage.clear());
  await signInThroughUi(page, person);
  expect(await background()).toBe(darkBackground);
});

test('changing the password from the account menu: the new one signs in, the old one no longer does', async ({ page, request }) => {
  const person = await createActivatedPerson(request, newPerson('Quinn'));
  await signInThroughUi(page, person);
  const newPassword = 'juniper meadow cobalt reverie 7';

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Change password' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change password' });
  await dialog.getByLabel('Current password', { exact: true }).fill('not my password at all 1');
  await dialog.getByLabel('New password', { exact: true }).fill(newPassword);
  await dialog.getByRole('button', { name: 'Change password' }).click();
  await expect(dialog.getByText('The current password is incorrect.')).toBeVisible();

  await dialog.getByLabel('Current password', { exact: true }).fill(person.password);
  await dialog.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your password was changed.')).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'The email or password is incorrect.' })).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/login$/);

  await signInThroughUi(page, { ...person, password: newPassword });
});
