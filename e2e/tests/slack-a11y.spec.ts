import type { Browser, Page } from '@playwright/test';
import {
  addSlackChannel,
  addSlackUser,
  callApi,
  connectSlackThroughUi,
  createAnsweredRequest,
  createOwner,
  disconnectSlackThroughApi,
  expect,
  expectNoSeriousA11yViolations,
  holdSlackTeam,
  signInThroughUi,
  test,
  type Person,
} from './fixtures.js';

// Issue #12 "axe clean on the Slack tab": Settings → Slack on FREE, not connected and connected,
// a person's Slack section (a candidate to confirm, then matched) and the "Post to Slack" dialog
// of a published summary, in the light and the dark theme ("Match system" follows the browser).

const SCHEMES = ['light', 'dark'] as const;

/** A token unique to this run, worker and call. */
const uniqueToken = () => `${Date.now().toString(36)}${process.pid}${Math.random().toString(36).slice(2, 6)}`;

/** A signed-in page of its own context in `colorScheme`. */
async function signedInPage(browser: Browser, person: Person, colorScheme: 'light' | 'dark'): Promise<Page> {
  const page = await (await browser.newContext({ colorScheme })).newPage();
  await signInThroughUi(page, person);
  return page;
}

/** Opens Settings → Slack and waits for `shown` once the status has loaded. */
async function openSlackTab(page: Page, shown: string | RegExp): Promise<void> {
  await page.goto('/workspaces/settings?tab=slack');
  await expect(page.getByText(shown, { exact: true })).toBeVisible();
  await expect(page.getByRole('status', { name: /^Loading/ })).toHaveCount(0);
}

for (const colorScheme of SCHEMES) {
  test(`axe finds nothing on the Slack tab before a connection: on FREE and not connected (${colorScheme})`, async ({
    browser,
    request,
  }) => {
    const { person, token, workspace } = await createOwner(request, 'Arthur');
    const page = await signedInPage(browser, person, colorScheme);
    try {
      await openSlackTab(page, /^Slack is included in the Pro and Enterprise plans\./);
      await expectNoSeriousA11yViolations(page);
      await callApi(request, token, 'PATCH', `v1/workspaces/${workspace.id}/subscription`, { subscriptionType: 'PRO' });
      await openSlackTab(page, 'Slack is not connected.');
      await expect(page.getByRole('button', { name: 'Connect Slack' })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    } finally {
      await page.context().close();
    }
  });
}

test('axe finds nothing on the connected Slack tab, a person’s Slack section and the "Post to Slack" dialog (light and dark)', async ({
  browser,
  request,
}, testInfo) => {
  test.slow(); // a connection, a generated summary, and four screens in two themes
  const { person, token, workspace } = await createOwner(request, 'Arthur');
  const base = `v1/workspaces/${workspace.id}`;
  await callApi(request, token, 'PATCH', `${base}/subscription`, { subscriptionType: 'PRO' });
  const answered = await createAnsweredRequest(request, token, workspace.id, { title: `Offsite vote ${uniqueToken()}` });
  const generated = await callApi<{ id: string; version: number; title: string }>(request, token, 'POST', `${base}/summaries/generate`, {
    title: `Offsite summary ${uniqueToken()}`,
    scope: { requestIds: [answered.id] },
  });
  await callApi(request, token, 'POST', `${base}/summaries/${generated.id}/publish`, { version: generated.version }, 200);
  const channel = await addSlackChannel(request, 'leadership');
  const slackUser = await addSlackUser(request, { firstName: 'Dana', tz: 'Europe/Lisbon' });
  const contact = await callApi<{ id: string; firstName: string; lastName: string }>(request, token, 'POST', `${base}/contacts`, {
    firstName: 'Dana',
    lastName: `Reyes${uniqueToken().slice(-6)}`,
    email: slackUser.email,
  });

  const letGo = await holdSlackTeam(testInfo);
  try {
    const light = await signedInPage(browser, person, 'light');
    const dark = await signedInPage(browser, person, 'dark');
    try {
      await connectSlackThroughUi(light);
      for (const page of [light, dark]) {
        await test.step(`the connected Slack tab (${page === light ? 'light' : 'dark'})`, async () => {
          await openSlackTab(page, 'Connected');
          await expect(page.getByRole('list', { name: 'Scopes' })).toBeVisible();
          await expectNoSeriousA11yViolations(page);
          await page.getByRole('button', { name: 'Disconnect' }).click();
          await expect(page.getByRole('dialog', { name: 'Disconnect Slack?' })).toBeVisible();
          await expectNoSeriousA11yViolations(page);
          await page.getByRole('dialog', { name: 'Disconnect Slack?' }).getByRole('button', { name: 'Cancel' }).click();
          await expect(page.getByRole('dialog')).toHaveCount(0);
        });

        await test.step(`a person’s Slack section (${page === light ? 'light' : 'dark'})`, async () => {
          await page.goto(`/questions/people/${contact.id}`);
          await expect(page.getByRole('heading', { level: 1, name: `Dana ${contact.lastName}` })).toBeVisible();
          await page.getByRole('button', { name: 'Find in Slack' }).click();
          await expect(page.getByRole('group', { name: 'Slack user found' }).getByText(`@${slackUser.name}`)).toBeVisible();
          await expectNoSeriousA11yViolations(page);
          await page.getByRole('button', { name: 'Not them' }).click();
          await expect(page.getByRole('group', { name: 'Slack user found' })).toHaveCount(0);
        });

        await test.step(`the "Post to Slack" dialog (${page === light ? 'light' : 'dark'})`, async () => {
          await page.goto(`/questions/summaries/${generated.id}`);
          await expect(page.getByRole('heading', { level: 1, name: generated.title })).toBeVisible();
          await page.getByRole('button', { name: 'Post to Slack' }).click();
          const dialog = page.getByRole('dialog', { name: 'Post to Slack' });
          await expect(dialog.getByRole('combobox', { name: 'Channel' })).toBeVisible();
          await expectNoSeriousA11yViolations(page);
          await dialog.getByRole('combobox', { name: 'Channel' }).click();
          // The picker lists the bot's channels. (axe is not run on the open menu: MUI puts it in a
          // portal outside every landmark, which axe's best-practice "region" rule reports on every
          // select of the app, not a Slack matter.)
          await expect(page.getByRole('option', { name: `#${channel.name}` })).toBeVisible();
          await page.keyboard.press('Escape');
          await expect(page.getByRole('listbox')).toHaveCount(0);
        });
      }

      // Matched: the section's other state.
      await callApi(request, token, 'PUT', `${base}/contacts/${contact.id}/slack`, { slackUserId: slackUser.id }, 200);
      for (const page of [light, dark]) {
        await page.goto(`/questions/people/${contact.id}`);
        // In the page, not the success toast ("… is matched to @… in Slack." also contains it).
        await expect(page.getByRole('main').getByText(`Matched to @${slackUser.name} in Slack.`)).toBeVisible();
        await expectNoSeriousA11yViolations(page);
      }
    } finally {
      await light.context().close();
      await dark.context().close();
    }
  } finally {
    try {
      await disconnectSlackThroughApi(request, token, workspace.id);
    } finally {
      letGo();
    }
  }
});
