import { createActivatedPerson, expect, newPerson, signInThroughUi, test } from './fixtures.js';

test('password sign-in lands on the signed-in home with the workspace and member type @postgres', async ({ page, request }) => {
  const person = await createActivatedPerson(request, newPerson('Riley'));
  await signInThroughUi(page, person);
  await expect(page.getByText("Riley's workspace").first()).toBeVisible();
  await expect(page.getByText('Owner').first()).toBeVisible();
  await expect(
    page
      .getByRole('img', { name: /new activity/i })
      .or(page.getByLabel(/new activity/i))
      .first(),
  ).toBeVisible();
});

test('a failed sign-in shows the server errorDisplayMessage in the form', async ({ page, request }) => {
  const person = await createActivatedPerson(request, newPerson('Sam'));
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password', { exact: true }).fill('definitely not the right password');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'The email or password is incorrect.' })).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/login$/);
});

test('the route guard sends signed-out visitors to the login page and signed-in users away from it', async ({ page, request }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/auth\/login$/);
  const person = await createActivatedPerson(request, newPerson('Quinn'));
  await signInThroughUi(page, person);
  await page.goto('/auth/login');
  await expect(page).toHaveURL(/\/dashboard\/home$/);
});

test('an unmatched route shows Page Not Found', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByText('Page Not Found')).toBeVisible();
});

test('an unactivated account is told to activate, and can', async ({ page, request }) => {
  const person = newPerson('Jamie');
  const signup = await request.post('/api/v1/signup', {
    headers: { 'x-client-id': 'tandem-web' },
    data: { firstName: person.firstName, lastName: person.lastName, loginIdentifier: person.email, password: person.password },
  });
  expect(signup.status()).toBe(201);
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText(/not activated/i).first()).toBeVisible();
});
