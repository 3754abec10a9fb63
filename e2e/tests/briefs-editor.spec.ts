import type { Page } from '@playwright/test';
import {
  addMember,
  callApi,
  createActivatedPerson,
  createOwner,
  expect,
  expectNoSeriousA11yViolations,
  keyboardDragReady,
  newPerson,
  signIn,
  signInThroughUi,
  test,
} from './fixtures.js';

interface BriefDto {
  id: string;
  version: number;
  status: string;
  sections: { id: string; heading: string; body: string; mark: string | null; markNote: string | null }[];
}

/** The editor's save state (a polite status region in the toolbar). */
const saveState = (page: Page) =>
  page.getByRole('status').filter({ hasText: /^(Saved|Saving…|Offline — changes kept|Couldn’t save — retrying|Not saved.*)$/ });

/** Waits until everything typed is saved. */
async function expectSaved(page: Page): Promise<void> {
  await expect(saveState(page)).toHaveText('Saved');
}

/** The sections of the open brief, in order, by their heading fields' values. */
async function sectionHeadings(page: Page): Promise<string[]> {
  return page
    .getByRole('list', { name: 'Sections' })
    .getByRole('textbox', { name: /^Heading of section/ })
    .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
}

/** Signs in and opens `workspaceName` when it is not the current workspace (an invited member's first sign-in). */
async function openWorkspace(page: Page, workspaceName: string): Promise<void> {
  const current = page.getByRole('button', { name: new RegExp(`^${workspaceName}.*switch workspace$`) });
  if (await current.isVisible()) return;
  await page.getByRole('button', { name: /switch workspace/ }).click();
  await page.getByRole('menuitem', { name: new RegExp(workspaceName) }).click();
  await expect(current).toBeVisible();
}

test('a blank brief: two sections autosave and survive a reload, move by keyboard, and an older version comes back', async ({
  page,
  request,
}) => {
  const { person } = await createOwner(request, 'Olive');
  await signIn(page, person);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Briefs' }).click();
  await expect(page).toHaveURL(/\/executive-briefs$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Briefs' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Templates' }).getByRole('button', { name: /Board prep/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Blank brief' }).click();
  await expect(page).toHaveURL(/\/executive-briefs\/[0-9a-f-]{36}$/);
  const briefUrl = page.url();
  const title = `Lisbon offsite ${Date.now().toString(36)}`;
  await page.getByRole('textbox', { name: 'Title' }).fill(title);
  await page.getByRole('textbox', { name: 'Heading of section 1' }).fill('Agenda');
  await page.getByRole('textbox', { name: 'Text of “Agenda”' }).fill('- Budget\n- **Venue** shortlist');
  await page.getByRole('button', { name: 'Add section' }).click();
  await expect(page.getByRole('textbox', { name: 'Heading of section 2' })).toBeFocused();
  await page.keyboard.type('Risks');
  await page.getByRole('textbox', { name: 'Text of “Risks”' }).fill('Flights on strike days.');
  await expectSaved(page);

  // Preview renders the markdown (safely).
  await page.getByRole('tab', { name: 'Preview' }).first().click();
  await expect(page.getByRole('tabpanel').first().getByText('Venue', { exact: true })).toHaveCSS('font-weight', /^(700|bold)$/);
  await expectNoSeriousA11yViolations(page);

  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue(title);
  expect(await sectionHeadings(page)).toEqual(['Agenda', 'Risks']);
  await expect(page.getByRole('textbox', { name: 'Text of “Risks”' })).toHaveValue('Flights on strike days.');

  // Reorder by keyboard: the drag handle, Space, Arrow down, Space.
  // Each step waits for the drag's state (pressed) or what it announces to screen readers.
  const handle = page.getByRole('button', { name: 'Move “Agenda”', exact: true });
  await handle.focus();
  await page.keyboard.press('Space');
  await expect(handle).toHaveAttribute('aria-pressed', 'true');
  await keyboardDragReady(page);
  await page.keyboard.press('ArrowDown');
  await expect(page.getByText('“Agenda” is at position 2 of 2.')).toBeAttached();
  await page.keyboard.press('Space');
  await expect.poll(() => sectionHeadings(page)).toEqual(['Risks', 'Agenda']);
  await expectSaved(page);
  await page.reload();
  await expect.poll(() => sectionHeadings(page)).toEqual(['Risks', 'Agenda']);

  // History: the version before the move comes back, as a new version.
  await page.getByRole('button', { name: 'History' }).click();
  const history = page.getByRole('dialog', { name: 'Version history' });
  const versions = history.getByRole('list', { name: 'Versions' }).getByRole('button');
  await expect(versions.first()).toContainText('(current)');
  const count = await versions.count();
  expect(count).toBeGreaterThan(2);
  await versions.nth(1).click();
  const version = page.getByRole('dialog', { name: /^Version \d+$/ });
  await expect(version.getByRole('heading', { name: 'Agenda' })).toBeVisible();
  await version.getByRole('button', { name: 'Restore this version' }).click();
  await page
    .getByRole('dialog', { name: /^Restore version \d+\?$/ })
    .getByRole('button', { name: 'Restore' })
    .click();
  await expect(page.getByText(/^Version \d+ restored\.$/).first()).toBeVisible();
  await expect.poll(() => sectionHeadings(page)).toEqual(['Agenda', 'Risks']);
  await page.goto(briefUrl);
  await expect.poll(() => sectionHeadings(page)).toEqual(['Agenda', 'Risks']);
});

test('two people editing the same section see a conflict with both versions; "Keep mine" wins and the other sees it live @postgres', async ({
  browser,
  page,
  request,
}) => {
  const { person: owner, token, workspace } = await createOwner(request, 'Eleanor');
  const assistant = await createActivatedPerson(request, newPerson('Arthur'));
  await addMember(request, token, workspace.id, assistant, 'EXECUTIVEASSISTANT');

  await signIn(page, owner);
  await page.goto('/executive-briefs');
  await page.getByRole('button', { name: 'Blank brief' }).click();
  await expect(page).toHaveURL(/\/executive-briefs\/[0-9a-f-]{36}$/);
  const briefUrl = page.url();
  await page.getByRole('textbox', { name: 'Heading of section 1' }).fill('Agenda');
  await expectSaved(page);

  const assistantContext = await browser.newContext();
  const assistantPage = await assistantContext.newPage();
  try {
    await signInThroughUi(assistantPage, assistant);
    await openWorkspace(assistantPage, "Eleanor's workspace");
    await assistantPage.goto(briefUrl);
    await expect(assistantPage.getByRole('textbox', { name: 'Heading of section 1' })).toHaveValue('Agenda');

    // The assistant's save is held on its way until the owner has saved the same section.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let isHolding = true;
    await assistantPage.route('**/api/v1/workspaces/*/briefs/*', async (route) => {
      if (route.request().method() === 'PATCH' && isHolding) {
        isHolding = false;
        await held;
      }
      await route.continue();
    });
    await assistantPage.getByRole('textbox', { name: 'Text of “Agenda”' }).fill('Arthur’s agenda');
    await expect(saveState(assistantPage)).toHaveText('Saving…');
    await expect.poll(() => isHolding).toBe(false);

    await page.getByRole('textbox', { name: 'Text of “Agenda”' }).fill('Eleanor’s agenda');
    await expectSaved(page);
    release();

    const conflict = assistantPage.getByRole('dialog', { name: 'Eleanor changed this brief too' });
    await expect(conflict).toBeVisible();
    await expect(conflict.getByText('Arthur’s agenda')).toBeVisible();
    await expect(conflict.getByText('Eleanor’s agenda')).toBeVisible();
    await expectNoSeriousA11yViolations(assistantPage);
    await conflict.getByRole('button', { name: 'Keep mine' }).click();
    await expectSaved(assistantPage);
    await expect(assistantPage.getByRole('textbox', { name: 'Text of “Agenda”' })).toHaveValue('Arthur’s agenda');

    // The owner, with nothing unsaved, takes it without a reload and is told who changed it.
    await expect(page.getByRole('textbox', { name: 'Text of “Agenda”' })).toHaveValue('Arthur’s agenda');
    await expect(page.getByText('Updated by Arthur.')).toBeVisible();
  } finally {
    await assistantContext.close();
  }
});

/**
 * A meeting time on today's date in this machine's time zone (the browser's too): an hour from
 * now, or an hour ago in the last hour before midnight, when an hour from now is already tomorrow.
 */
function laterToday(now = new Date()): Date {
  const inAnHour = new Date(now.getTime() + 60 * 60 * 1000);
  return inAnHour.getDate() === now.getDate() ? inAnHour : new Date(now.getTime() - 60 * 60 * 1000);
}

test('on a phone in dark mode the executive finds the ready brief on the dashboard, reads it rendered, marks a section "need more" with a note and acknowledges; a user reads it rendered', async ({
  browser,
  page,
  request,
}) => {
  const { person: executive, token: executiveToken, workspace } = await createOwner(request, 'Eleanor');
  await callApi(request, executiveToken, 'PATCH', `v1/workspaces/${workspace.id}/members/${workspace.memberId}`, {
    workspaceMemberType: 'EXECUTIVE',
  });
  const assistant = await createActivatedPerson(request, newPerson('Arthur'));
  const assistantToken = await addMember(request, executiveToken, workspace.id, assistant, 'EXECUTIVEASSISTANT');
  const reader = await createActivatedPerson(request, newPerson('Ursula'));
  await addMember(request, executiveToken, workspace.id, reader, 'USER');

  // The assistant prepares today's brief (held in Paris) and marks it ready.
  const title = `Dinner with the chair ${Date.now().toString(36)}`;
  const created = await callApi<BriefDto>(request, assistantToken, 'POST', `v1/workspaces/${workspace.id}/briefs`, {
    title,
    meetingAt: laterToday().toISOString(),
    meetingTimeZone: 'Europe/Paris',
    sections: [
      { heading: 'Purpose', body: 'Agree the **succession** timeline.' },
      { heading: 'Numbers', body: '- Revenue up 12 %' },
    ],
  });
  await callApi(
    request,
    assistantToken,
    'POST',
    `v1/workspaces/${workspace.id}/briefs/${created.id}/ready`,
    { version: created.version },
    200,
  );

  // A phone in dark mode ("Match system" follows it): axe checks the contrast of both.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await signIn(page, executive);
  const awaiting = page.getByRole('region', { name: 'Awaiting your acknowledgement' });
  await expect(page.getByRole('region', { name: 'Briefs for today' }).getByRole('link', { name: new RegExp(title) })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await awaiting.getByRole('link', { name: new RegExp(title) }).click();
  // She reads it rendered: no editor, nothing to type into by accident.
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Brief mode' }).getByRole('button', { name: 'Read' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByRole('textbox', { name: 'Title' })).toHaveCount(0);
  await expect(page.getByRole('tab', { name: 'Write' })).toHaveCount(0);
  await expect(page.getByText('succession', { exact: true })).toHaveCSS('font-weight', /^(700|bold)$/);
  await expect(page.getByRole('heading', { level: 2 })).toHaveText(['Purpose', 'Numbers']);

  const marks = page.getByRole('group', { name: 'Your mark for “Numbers”' });
  const needMore = marks.getByRole('button', { name: 'Need more' });
  const box = await needMore.boundingBox();
  expect(box?.height ?? 0, 'a mark is easy to tap').toBeGreaterThanOrEqual(44);
  await needMore.click();
  await expect(needMore).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('textbox', { name: 'Note (optional)' }).fill('Split by region, please');
  await page.getByRole('button', { name: 'Save note' }).click();
  await expect(page.getByRole('button', { name: 'Save note' })).toBeDisabled();
  // Acknowledge is at the top and again after the last section, where her reading ends.
  const acknowledge = page.getByRole('button', { name: 'Acknowledge' });
  await expect(acknowledge).toHaveCount(2);
  await expectNoSeriousA11yViolations(page);
  await acknowledge.last().click();
  await expect(page.getByText('Acknowledged', { exact: true }).first()).toBeVisible();
  await expect(acknowledge).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  // Editing is one click away, and a reload keeps the mode.
  await page.getByRole('group', { name: 'Brief mode' }).getByRole('button', { name: 'Edit' }).click();
  await expect(page).toHaveURL(/\?mode=edit$/);
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue(title);
  await page.getByRole('group', { name: 'Brief mode' }).getByRole('button', { name: 'Read' }).click();
  await expect(page.getByRole('textbox', { name: 'Title' })).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

  const saved = await callApi<BriefDto>(request, assistantToken, 'GET', `v1/workspaces/${workspace.id}/briefs/${created.id}`);
  expect(saved.status).toBe('ACKNOWLEDGED');
  expect(saved.sections.map(({ mark, markNote }) => [mark, markNote])).toEqual([
    [null, null],
    ['NEED_MORE', 'Split by region, please'],
  ]);

  // A user reads the brief rendered, with the executive's mark, and cannot change it.
  const readerContext = await browser.newContext();
  const readerPage = await readerContext.newPage();
  try {
    await signInThroughUi(readerPage, reader);
    await openWorkspace(readerPage, "Eleanor's workspace");
    await readerPage.goto('/executive-briefs');
    await expect(readerPage.getByRole('button', { name: 'New brief' })).toHaveCount(0);
    await readerPage
      .getByRole('link', { name: new RegExp(title) })
      .first()
      .click();
    await expect(readerPage.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(readerPage.getByText('succession', { exact: true })).toHaveCSS('font-weight', /^(700|bold)$/);
    await expect(readerPage.getByText('“Split by region, please”')).toBeVisible();
    await expect(readerPage.getByRole('textbox')).toHaveCount(0);
    await expectNoSeriousA11yViolations(readerPage);
  } finally {
    await readerContext.close();
  }
});

test('"New brief" with a meeting typed as mm/dd/yyyy and a time lists it under Today and on the dashboard', async ({ page, request }) => {
  const { person } = await createOwner(request, 'Olive');
  await signIn(page, person);
  await page.goto('/executive-briefs');
  await page.getByRole('button', { name: 'New brief' }).click();
  const dialog = page.getByRole('dialog', { name: 'New brief' });
  await expect(dialog.getByRole('textbox', { name: 'Title' })).toBeFocused();
  const title = `Late call with Lisbon ${Date.now().toString(36)}`;
  await page.keyboard.type(title);
  await dialog.getByRole('combobox', { name: 'Template' }).click();
  await page.getByRole('option', { name: 'Meeting brief' }).click();
  const now = new Date();
  const pad = (value: number) => String(value).padStart(2, '0');
  await dialog.getByRole('group', { name: 'Meeting date' }).getByRole('spinbutton', { name: 'Month' }).click();
  await page.keyboard.type(`${pad(now.getMonth() + 1)}${pad(now.getDate())}${now.getFullYear()}`);
  await dialog.getByRole('group', { name: 'Meeting time' }).getByRole('spinbutton', { name: 'Hours' }).click();
  await page.keyboard.type('1159P');
  await dialog.getByRole('button', { name: 'Create brief' }).click();
  await expect(page).toHaveURL(/\/executive-briefs\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue(title);
  await expect(page.getByRole('group', { name: 'Meeting time' })).toContainText('11:59');
  await expect(page.getByRole('textbox', { name: 'Heading of section 1' })).not.toHaveValue('');

  await page.getByRole('link', { name: 'Briefs', exact: true }).first().click();
  const today = page.getByRole('region', { name: 'Today' });
  await expect(today.getByRole('link', { name: new RegExp(title) })).toContainText('11:59 PM');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByRole('region', { name: 'Briefs for today' }).getByRole('link', { name: new RegExp(title) })).toBeVisible();
});
