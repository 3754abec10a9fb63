import type { Page } from '@playwright/test';
import {
  callApi,
  CLIENT_ID,
  createActivatedPerson,
  createOwner,
  expect,
  expectNoSeriousA11yViolations,
  mailsTo,
  newPerson,
  signInThroughUi,
  submitRegisterForm,
  test,
  waitForCode,
  waitForMail,
} from './fixtures.js';

/** Issue #8, "Sign-in and invitations": what a new person meets between a mail and the first screen. */

const PHONE = { width: 390, height: 844 };

/** Types the 6 digits of `code` into the code boxes. */
async function typeCode(page: Page, code: string): Promise<void> {
  await page.getByLabel('Digit 1 of 6').click();
  await page.keyboard.type(code);
}

/** Fails the password sign-in of `email` 10 times through the API: the account is then locked (PRODUCT §5). */
async function lockOut(request: Parameters<typeof createActivatedPerson>[0], email: string): Promise<void> {
  for (let i = 0; i < 10; i += 1) {
    const response = await request.post('/api/auth/password', {
      headers: { 'x-client-id': CLIENT_ID },
      data: { loginIdentifier: email, password: 'not the password at all', grant_type: 'password', client_id: CLIENT_ID },
    });
    expect([401, 429]).toContain(response.status());
  }
}

test.describe('an invitee on a phone', () => {
  test.use({ viewport: PHONE });

  test('opens the mailed link with the email filled in and is welcomed into the workspace, once', async ({ page, request }) => {
    const owner = await createOwner(request, 'Jamie');
    const invitee = newPerson('Alex');
    await callApi(request, owner.token, 'POST', `v1/workspaces/${owner.workspace.id}/members`, {
      email: invitee.email,
      firstName: invitee.firstName,
      lastName: invitee.lastName,
      workspaceMemberType: 'EXECUTIVEASSISTANT',
    });
    const invitation = await waitForMail(request, invitee.email, /invited you/);
    const link = new URL(invitation.text.match(/https?:\/\/\S+\/auth\/passwordless\?\S+/)![0]);

    await page.goto(`${link.pathname}${link.search}`);
    await expect(page.getByLabel('Email')).toHaveValue(invitee.email);
    const before = Date.now();
    await page.getByRole('button', { name: 'Send code' }).click();
    await typeCode(page, await waitForCode(request, invitee.email, /sign-in code/, before));
    await expect(page).toHaveURL(/\/dashboard\/home$/);

    const welcome = page.getByRole('status').filter({ hasText: "Welcome to Jamie's workspace" });
    await expect(welcome).toContainText("Jamie added you as Executive Assistant in Jamie's workspace.");
    await expect(page.getByRole('dialog')).toBeHidden();
    await expectNoSeriousA11yViolations(page);

    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText("Jamie added you as Executive Assistant in Jamie's workspace.")).toBeHidden();
  });
});

test.describe('a deep link opened while signed out', () => {
  test('comes back to the page after a password sign-in', async ({ page, request }) => {
    const person = await createActivatedPerson(request, newPerson('Devon'));
    await page.goto('/workspaces/settings?tab=members');
    await expect(page).toHaveURL(/\/auth\/login\?returnTo=%2Fworkspaces%2Fsettings%3Ftab%3Dmembers$/);
    await page.getByLabel('Email').fill(person.email);
    await page.getByLabel('Password', { exact: true }).fill(person.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/workspaces\/settings\?tab=members$/);
    await expect(page.getByRole('tab', { name: 'Members', selected: true })).toBeVisible();
  });

  test('comes back to the page after a sign-in by code', async ({ page, request }) => {
    const person = await createActivatedPerson(request, newPerson('Emery'));
    await page.goto('/tasks?view=board');
    await page.getByRole('link', { name: 'Sign in with a code instead' }).click();
    // The sign-in page has an Email field too: type only once the code page has replaced it.
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in with a code' })).toBeVisible();
    await page.getByLabel('Email').fill(person.email);
    const before = Date.now();
    await page.getByRole('button', { name: 'Send code' }).click();
    await typeCode(page, await waitForCode(request, person.email, /sign-in code/, before));
    await expect(page).toHaveURL(/\/tasks\?view=board$/);
  });

  test('never leaves the app for another origin', async ({ page, request }) => {
    const person = await createActivatedPerson(request, newPerson('Finley'));
    await page.goto('/auth/login?returnTo=%2F%2Fevil.example.test%2Fphish');
    await page.getByLabel('Email').fill(person.email);
    await page.getByLabel('Password', { exact: true }).fill(person.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/dashboard\/home$/);
  });
});

test('activating in another tab lands on sign-in with the email filled in; the first-run question is asked until answered, then offers to invite', async ({
  page,
  context,
  request,
}) => {
  const person = newPerson('Skyler');
  await submitRegisterForm(page, person);
  await expect(page.getByRole('group', { name: 'Verification code' })).toBeVisible();
  const code = await waitForCode(request, person.email, /activation code/);

  const otherTab = await context.newPage();
  await otherTab.goto(`/register?step=activate&email=${encodeURIComponent(person.email)}`);
  await typeCode(otherTab, code);
  await expect(otherTab).toHaveURL(/\/auth\/login\?/);
  await expect(otherTab.getByRole('status').filter({ hasText: 'Account activated — sign in' })).toBeVisible();
  await expect(otherTab.getByLabel('Email')).toHaveValue(person.email);
  await expect(otherTab.getByLabel('Password', { exact: true })).toBeFocused();
  await otherTab.keyboard.type(person.password);
  await otherTab.keyboard.press('Enter');
  await expect(otherTab).toHaveURL(/\/dashboard\/home$/);

  const firstRun = otherTab.getByRole('dialog', { name: 'Are you the executive or an assistant?' });
  await expect(firstRun).toBeVisible();
  await otherTab.keyboard.press('Escape');
  await expect(firstRun).toBeHidden();
  await otherTab.reload();
  await expect(firstRun).toBeVisible();

  await firstRun.getByRole('button', { name: 'The executive' }).click();
  const offer = otherTab.getByRole('dialog', { name: 'Invite the others' });
  await expect(offer).toBeVisible();
  await offer.getByRole('button', { name: 'Invite someone' }).click();
  await expect(otherTab.getByRole('dialog', { name: 'Invite a member' })).toBeVisible();
  await otherTab.getByRole('button', { name: 'Cancel' }).click();

  await otherTab.reload();
  await expect(otherTab.getByRole('heading', { level: 1 })).toContainText('Skyler');
  await expect(firstRun).toBeHidden();
  await expect(otherTab.getByRole('banner').getByText('Executive', { exact: true })).toBeVisible();
});

test('a locked account asking for a code is told it is locked and until when, and no code is sent', async ({ page, request }) => {
  const person = await createActivatedPerson(request, newPerson('Lane'));
  await lockOut(request, person.email);
  const mailsBefore = (await mailsTo(request, person.email)).length;

  await page.goto(`/auth/passwordless?email=${encodeURIComponent(person.email)}`);
  await page.getByRole('button', { name: 'Send code' }).click();
  const alert = page.getByRole('alert').filter({ hasText: /Account locked until \d{1,2}:\d{2}/ });
  await expect(alert).toContainText('no code was sent');
  await expect(page).toHaveURL(/\/auth\/passwordless/);
  await expect(page.locator('.Toastify__toast')).toHaveCount(0);
  expect((await mailsTo(request, person.email)).length).toBe(mailsBefore);
});

test.describe('sign-in errors and toasts', () => {
  for (const [name, viewport] of [
    ['desktop', { width: 1280, height: 800 }],
    ['phone', PHONE],
  ] as const) {
    test(`a refused sign-in is said once, inside the form, never over the logo (${name})`, async ({ page, request }) => {
      await page.setViewportSize(viewport);
      const person = await createActivatedPerson(request, newPerson('Morgan'));
      await page.goto('/auth/login');
      await page.getByLabel('Email').fill(person.email);
      await page.getByLabel('Password', { exact: true }).fill('definitely not the right password');
      for (let i = 0; i < 2; i += 1) {
        await page.getByRole('button', { name: 'Sign in', exact: true }).click();
        await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeEnabled();
      }
      const alert = page.getByRole('alert').filter({ hasText: 'The email or password is incorrect.' });
      await expect(alert).toHaveCount(1);
      const form = page.getByRole('main');
      const [alertBox, formBox] = [await alert.boundingBox(), await form.boundingBox()];
      expect(alertBox!.y).toBeGreaterThanOrEqual(formBox!.y);
      await expect(page.locator('.Toastify__toast')).toHaveCount(0);
    });

    test(`the same toast twice shows once, below the header (${name})`, async ({ page, request }) => {
      await page.setViewportSize(viewport);
      const person = await createActivatedPerson(request, newPerson('Reese'));
      await page.goto('/auth/login');
      await page.getByLabel('Email').fill(person.email);
      await page.getByLabel('Password', { exact: true }).fill(person.password);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await expect(page).toHaveURL(/\/dashboard\/home$/);
      await page.goto('/workspaces/settings');
      // The page's animations at a tenth of their speed, the toast's 2 s timer (its hidden progress
      // bar's animation) too: on a busy host the hover below came after the timer had run out, and
      // the second message then rightly showed beside the first, fading out (a flaky run).
      const devtools = await page.context().newCDPSession(page);
      await devtools.send('Animation.enable');
      await devtools.send('Animation.setPlaybackRate', { playbackRate: 0.1 });
      const name = page.getByLabel('Workspace name');
      const toast = page.locator('.Toastify__toast').filter({ hasText: 'The workspace was renamed.' });
      await name.fill("Reese's office");
      await name.press('Enter');
      await expect(page.getByRole('banner')).toContainText("Reese's office");
      // The pointer rests on the toast, which pauses it, while the keyboard renames again. Once it
      // has faded in: the library starts a toast's timer when its entrance ends, hovered or not.
      await toast.evaluate((element) => Promise.all(element.getAnimations().map((animation) => animation.finished)));
      await toast.hover();
      const timer = toast.locator('.Toastify__progress-bar');
      await timer.evaluate((bar) => bar.setAttribute('data-test-first', ''));
      await name.fill('The Reese office');
      await name.press('Enter');
      await expect(page.getByRole('banner')).toContainText('The Reese office');
      // The second message has arrived once there is a second toast (the defect) or the same toast's timer was restarted.
      await expect(toast.nth(1).or(toast.locator('.Toastify__progress-bar:not([data-test-first])')).first()).toBeAttached();
      // Counted at that moment: a stacked copy would soon close by itself.
      expect(await toast.count()).toBe(1);
      const header = await page.getByRole('banner').boundingBox();
      const toastBox = await toast.boundingBox();
      expect(toastBox!.y).toBeGreaterThanOrEqual(header!.y + header!.height);
    });

    test(`a toast fades in and out below the header, never passing over the navigation (${name})`, async ({ page, request }) => {
      await page.setViewportSize(viewport);
      const person = await createActivatedPerson(request, newPerson('Rowan'));
      await signInThroughUi(page, person);
      await page.goto('/workspaces/settings');
      const name = page.getByLabel('Workspace name');
      await expect(name).toBeEditable();
      // Every animation frame from before the toast comes until it is gone: how far below the
      // header's bottom each toast's top is. The library's bounce flew in from 3,000 px above.
      await page.evaluate(() => {
        const frames: number[] = [];
        Object.assign(window, { toastFrames: frames });
        const sample = () => {
          const headerBottom = document.querySelector('header')?.getBoundingClientRect().bottom ?? 0;
          document.querySelectorAll('.Toastify__toast').forEach((toast) => frames.push(toast.getBoundingClientRect().top - headerBottom));
          requestAnimationFrame(sample);
        };
        requestAnimationFrame(sample);
      });
      const toast = page.locator('.Toastify__toast').filter({ hasText: 'The workspace was renamed.' });
      await name.fill("Rowan's office");
      await name.press('Enter');
      await expect(toast).toBeVisible();
      // It closes by itself after 2 s, and its exit is sampled too.
      await expect(toast).toHaveCount(0);
      const gaps = await page.evaluate(() => (window as unknown as { toastFrames: number[] }).toastFrames);
      expect(gaps.length).toBeGreaterThan(10);
      expect(Math.min(...gaps)).toBeGreaterThanOrEqual(0);
    });
  }
});
