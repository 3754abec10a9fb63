import type { Browser, Page } from '@playwright/test';
import {
  addMember,
  callApi,
  createActivatedPerson,
  createOwner,
  expect,
  expectNoSeriousA11yViolations,
  newPerson,
  signInThroughUi,
  test,
  type Person,
} from './fixtures.js';

// Issue #9 "Browser tests": the assistant prepares a brief from the board-prep template, the
// executive reads it on the dashboard, marks a section "need more" and acknowledges; the assistant
// sees the mark live. Plus the template pages and the share dialog, with axe on each.

/** An executive's office: Eleanor (EXECUTIVE, owner of the workspace) and her assistant Arthur. */
async function createOffice(request: Parameters<typeof createOwner>[0]) {
  const { person: executive, token: executiveToken, workspace } = await createOwner(request, 'Eleanor');
  await callApi(request, executiveToken, 'PATCH', `v1/workspaces/${workspace.id}/members/${workspace.memberId}`, {
    workspaceMemberType: 'EXECUTIVE',
  });
  const assistant = await createActivatedPerson(request, newPerson('Arthur'));
  await addMember(request, executiveToken, workspace.id, assistant, 'EXECUTIVEASSISTANT');
  return { executive, executiveToken, workspace, assistant };
}

/** Signs `person` in on a page of its own browser context and opens Eleanor's workspace. */
async function signInToOffice(browser: Browser, person: Person): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInThroughUi(page, person);
  const current = page.getByRole('button', { name: /^Eleanor's workspace.*switch workspace$/ });
  if (!(await current.isVisible())) {
    await page.getByRole('button', { name: /switch workspace/ }).click();
    await page.getByRole('menuitem', { name: /Eleanor's workspace/ }).click();
    await expect(current).toBeVisible();
  }
  return page;
}

/** From the brief list, through the Templates pages, "Use this template" on the built-in "Board prep". */
async function startBoardPrepBrief(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Briefs' }).click();
  await expect(page).toHaveURL(/\/executive-briefs$/);
  await page.getByRole('link', { name: 'Templates' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New template' })).toBeVisible();
  await page.getByRole('button', { name: 'Templates' }).click();
  // Chosen with the keyboard: a newly added member's welcome banner can arrive while the menu is
  // open and move it between a click's press and release (seen once in CI), which clicks nothing.
  await page.getByRole('menuitem', { name: /^Board prep/ }).press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Board prep' })).toBeVisible();
  await expect(page.getByText('Built-in templates are read-only. Duplicate it to make a version of your own.')).toBeVisible();
  await page.getByRole('button', { name: 'Use this template' }).click();
  await expect(page).toHaveURL(/\/executive-briefs\/[0-9a-f-]{36}$/);
}

test('the assistant prepares a brief from "Board prep"; the executive marks "need more" and acknowledges; the assistant sees the mark live @postgres', async ({
  browser,
  request,
}) => {
  const { executive, assistant } = await createOffice(request);
  const title = `Board meeting ${Date.now()}`;
  const assistantPage = await signInToOffice(browser, assistant);
  const executivePage = await signInToOffice(browser, executive);
  try {
    await startBoardPrepBrief(assistantPage);
    await assistantPage.getByRole('textbox', { name: 'Title' }).fill(title);
    const texts = assistantPage.getByRole('textbox', { name: /^Text of/ });
    await texts.nth(0).fill('Approve the **Q1 budget** and the new hiring plan.');
    await texts.nth(1).fill('- Dana (chair): supportive\n- Lee (audit): wants the cash forecast first');
    await expect(assistantPage.getByText('Saved', { exact: true })).toBeVisible({ timeout: 30_000 });
    await assistantPage.getByRole('button', { name: 'Mark ready' }).click();
    await expect(assistantPage.getByText('Ready', { exact: true }).first()).toBeVisible();

    // The executive finds it on her dashboard, awaiting her acknowledgement.
    await executivePage.goto('/dashboard/home');
    const awaiting = executivePage.getByRole('list', { name: 'Briefs awaiting your acknowledgement' });
    await awaiting.getByRole('link', { name: new RegExp(title) }).click();
    // She reads it rendered, her mark buttons under each section.
    await expect(executivePage.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(executivePage.getByText('Q1 budget', { exact: true })).toHaveCSS('font-weight', /^(700|bold)$/);
    await expect(executivePage.getByRole('textbox', { name: 'Title' })).toHaveCount(0);
    const marks = executivePage.getByRole('group', { name: 'Your mark for “Purpose & decisions needed”' });
    await marks.getByRole('button', { name: 'Need more' }).click();
    await expect(marks.getByRole('button', { name: 'Need more' })).toHaveAttribute('aria-pressed', 'true');
    await executivePage.getByLabel('Note (optional)').first().fill('Which hires are in the plan?');
    await executivePage.getByRole('button', { name: 'Save note' }).first().click();
    await executivePage.getByRole('button', { name: 'Acknowledge' }).last().click();
    await expect(executivePage.getByText('Acknowledged', { exact: true }).first()).toBeVisible();

    // Without a reload, the assistant's editor shows the mark and its note.
    await expect(assistantPage.getByText('“Which hires are in the plan?”')).toBeVisible({ timeout: 30_000 });
    await expect(assistantPage.getByText('Need more', { exact: true }).first()).toBeVisible();
  } finally {
    await assistantPage.context().close();
    await executivePage.context().close();
  }
});

test('template pages: create, reorder by keyboard, duplicate a built-in; axe finds nothing', async ({ browser, request }) => {
  const { assistant } = await createOffice(request);
  const page = await signInToOffice(browser, assistant);
  try {
    await page.goto('/executive-briefs/templates/new');
    await expect(page.getByRole('heading', { level: 1, name: 'New template' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    const name = `Investor update ${Date.now()}`;
    await page.getByLabel(/^Name/).fill(name);
    await page.getByLabel(/^Heading/).fill('Numbers');
    await page.getByRole('button', { name: 'Add section' }).click();
    await page
      .getByLabel(/^Heading/)
      .nth(1)
      .fill('Asks');
    await page.getByRole('button', { name: 'Move “Asks” up' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: 'Move “Asks” down' })).toBeFocused();
    await page.getByRole('button', { name: 'Create template' }).click();
    await expect(page).toHaveURL(/\/executive-briefs\/templates\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    expect(await page.getByLabel(/^Heading/).evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value))).toEqual([
      'Asks',
      'Numbers',
    ]);
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('button', { name: 'Templates' }).click();
    await page.getByRole('menuitem', { name: /^Board prep/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Board prep' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Duplicate' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Copy of Board prep' })).toBeVisible();
    await expect(page.getByLabel(/^Name/)).toHaveValue('Copy of Board prep');
  } finally {
    await page.context().close();
  }
});

test('the share dialog makes a link a signed-out visitor can open, and revokes it in one click; axe finds nothing', async ({
  browser,
  request,
}) => {
  const { assistant } = await createOffice(request);
  const page = await signInToOffice(browser, assistant);
  const visitor = await (await browser.newContext()).newPage();
  try {
    await startBoardPrepBrief(page);
    const title = `Offsite ${Date.now()}`;
    await page.getByRole('textbox', { name: 'Title' }).fill(title);
    await expect(page.getByText('Saved', { exact: true })).toBeVisible({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Share' }).click();
    const dialog = page.getByRole('dialog', { name: `Share “${title}”` });
    await expect(dialog.getByText('No links yet. Create one above to share this brief.')).toBeVisible();
    await expect(dialog.getByRole('radio', { name: 'Never expires — this brief has no meeting time' })).toBeChecked();
    await expectNoSeriousA11yViolations(page);

    await dialog.getByLabel('Label (optional)').fill('For the board chair');
    await dialog.getByRole('button', { name: 'Create link' }).click();
    const row = dialog.getByRole('listitem', { name: 'For the board chair' });
    await expect(row.getByRole('button', { name: 'Copy link' })).toBeFocused();
    const url = await row.getByRole('textbox', { name: /^Link address/ }).inputValue();
    expect(url).toMatch(/\/b\/[0-9A-Za-z]{22}$/);
    await expectNoSeriousA11yViolations(page);

    await visitor.goto(url);
    await expect(visitor.getByRole('heading', { level: 1, name: title })).toBeVisible();

    await row.getByRole('button', { name: 'Show views' }).click();
    await expect(row.getByRole('list', { name: 'Views of this link' }).getByRole('listitem')).toHaveCount(1);
    await row.getByRole('button', { name: 'Revoke' }).click();
    await expect(row.getByText('Revoked', { exact: true })).toBeVisible();
    await visitor.reload();
    await expect(visitor.getByRole('heading', { level: 1, name: 'This link is no longer active' })).toBeVisible();
  } finally {
    await page.context().close();
    await visitor.context().close();
  }
});
