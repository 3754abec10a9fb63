import { createActivatedPerson, expect, expectNoSeriousA11yViolations, newPerson, signIn, signInThroughUi, test } from './fixtures.js';

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
  await signIn(page, person);
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

test('the account menu\'s "Profile" opens the account page: the name is edited there, the header updates at once (phone)', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const person = await createActivatedPerson(request, newPerson('Kit'));
  await signIn(page, person);

  await page.getByRole('button', { name: 'Account menu, KT' }).click();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();
  await expect(page.getByRole('main').getByText(person.email, { exact: true })).toBeVisible();
  await expect(page.getByRole('radiogroup', { name: 'Theme' })).toBeVisible();

  const firstName = page.getByLabel('First name');
  const lastName = page.getByLabel('Last name');
  await expect(firstName).toHaveValue('Kit');
  await expect(lastName).toHaveValue('Tester');

  // The contract's rules, with the sign-up messages, before anything is sent.
  await firstName.fill('   ');
  await lastName.fill('x'.repeat(101));
  await page.getByRole('button', { name: 'Save name' }).click();
  await expect(page.getByText('Enter your first name.')).toBeVisible();
  await expect(page.getByText('Your last name can be at most 100 characters.')).toBeVisible();
  await expect(firstName).toBeFocused();

  await firstName.fill('  Jamie ');
  await lastName.fill('Rivera');
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/v1/profile') && r.request().method() === 'PATCH');
  await page.getByRole('button', { name: 'Save name' }).click();
  expect((await saved).status()).toBe(200);
  await expect(page.getByText('Your name was saved.')).toBeVisible();
  await expect(firstName).toHaveValue('Jamie');

  // The header's account menu shows the new initials and name without a reload.
  await page.getByRole('button', { name: 'Account menu, JR' }).click();
  await expect(page.getByRole('menu').getByText('Jamie Rivera')).toBeVisible();
  await page.keyboard.press('Escape');

  await page.reload();
  await expect(page.getByLabel('First name')).toHaveValue('Jamie');
  await expect(page.getByRole('button', { name: 'Account menu, JR' })).toBeVisible();
});

test("a name the server refuses shows the server's message on its field, and the header keeps the old name", async ({ page, request }) => {
  const person = await createActivatedPerson(request, newPerson('Lux'));
  await signIn(page, person);
  await page.goto('/account');
  // A name the browser lets through but the server refuses (stubbed 400, as the contract answers).
  await page.route('**/api/v1/profile', (route) =>
    route.request().method() === 'PATCH'
      ? route.fulfill({
          status: 400,
          contentType: 'application/json',
          body: JSON.stringify({
            errorCode: 'VALIDATION_FAILED',
            errorDisplayMessage: 'Check the highlighted fields.',
            errorData: { lastName: 'Your last name can be at most 100 characters.' },
          }),
        })
      : route.continue(),
  );
  await page.getByLabel('Last name').fill('Moreau');
  await page.getByRole('button', { name: 'Save name' }).click();
  await expect(page.getByText('Your last name can be at most 100 characters.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Account menu, LT' })).toBeVisible();
});

test('the theme lives on the account page, not in workspace settings; the old Appearance link goes there', async ({ page, request }) => {
  const person = await createActivatedPerson(request, newPerson('Remy'));
  await signIn(page, person);
  await page.goto('/workspaces/settings');
  await expect(page.getByRole('tab')).toHaveText(['General', 'Members', 'Subscription', 'Slack']);
  await page.goto('/workspaces/settings?tab=appearance');
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('radiogroup', { name: 'Theme' })).toBeVisible();
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`the account page is free of serious accessibility violations (${colorScheme})`, async ({ page, request }) => {
    await page.emulateMedia({ colorScheme });
    const person = await createActivatedPerson(request, newPerson('Ari'));
    await signIn(page, person);
    await page.goto('/account');
    await expect(page.getByRole('heading', { level: 2, name: 'Appearance' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
}
