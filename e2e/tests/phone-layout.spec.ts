import type { Locator, Page } from '@playwright/test';
import {
  addMember,
  callApi,
  createActivatedPerson,
  createOwner,
  expect,
  expectNoSeriousA11yViolations,
  localDate,
  newPerson,
  signIn,
  submitRegisterForm,
  test,
} from './fixtures.js';

// Issue #8 "Phone and layout": what a person meets on a phone (390 × 844, touch).
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

/**
 * A long address whose parts are short (none longer than 20 characters), so that a good wrap
 * never has to break inside one: only before "@" or ".".
 */
function longEmail(firstName: string): string {
  const unique = `${Date.now().toString(36)}${process.pid}`;
  return `${firstName.toLowerCase()}.${unique}.executiveassistant@longcompanyname.example.test`;
}

/**
 * The characters that start a new line inside `element` as the browser laid it out (the first
 * line's first character left out): one range per character, a new line wherever a character's
 * box starts below the previous one.
 */
async function lineStarts(element: Locator): Promise<string[]> {
  return element.evaluate((root) => {
    const starts: string[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    let lastTop: number | null = null;
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (let index = 0; index < text.length; index += 1) {
        const range = document.createRange();
        range.setStart(node, index);
        range.setEnd(node, index + 1);
        const rect = range.getClientRects()[0];
        if (!rect || rect.width === 0) continue;
        if (lastTop !== null && rect.top > lastTop + rect.height / 2) starts.push(text[index]!);
        lastTop = rect.top;
      }
    }
    return starts;
  });
}

/** Expects `element` to show `email`, any new line starting at "@" or "."; returns how many lines it took. */
async function expectSensibleEmailWrap(element: Locator, email: string): Promise<number> {
  await expect(element).toHaveText(email);
  const starts = await lineStarts(element);
  for (const start of starts) expect(['@', '.'], `a line of ${email} starts with “${start}”: it broke inside a word`).toContain(start);
  return starts.length + 1;
}

/** The visible text of `element` fits its box: nothing cut off by an ellipsis or a clamp. */
async function isShownInFull(element: Locator): Promise<boolean> {
  return element.evaluate((node) => node.scrollWidth <= node.clientWidth + 1 && node.scrollHeight <= node.clientHeight + 1);
}

/** True when `link` shows `label` as real text (not only a screen-reader label): a box of readable size. */
async function hasVisibleLabel(link: Locator, label: string): Promise<boolean> {
  return link.evaluate((node, text) => {
    const candidates = [node, ...Array.from(node.querySelectorAll('*'))];
    return candidates.some((element) => {
      if (element.textContent?.trim() !== text) return false;
      const rect = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      return rect.width >= 20 && rect.height >= 10 && style.visibility === 'visible' && style.clip === 'auto' && style.opacity !== '0';
    });
  }, label);
}

/** How many tasks of the list are fully on screen, above the phone's bottom navigation when it has one. */
async function rowsOnFirstScreen(page: Page): Promise<number> {
  const viewport = page.viewportSize()!;
  const nav = await page.getByRole('navigation', { name: 'Main' }).boundingBox();
  const bottom = nav && nav.y > viewport.height / 2 ? nav.y : viewport.height;
  const boxes = await page
    .getByRole('list', { name: 'Tasks' })
    .getByRole('listitem')
    .evaluateAll((rows) =>
      rows.map((row) => {
        const rect = row.getBoundingClientRect();
        return { top: rect.top, bottom: rect.bottom };
      }),
    );
  return boxes.filter((box) => box.top >= 0 && box.bottom <= bottom).length;
}

test('on a phone the task list shows five tasks on the first screen, with the filters behind one button', async ({ page, request }) => {
  test.slow(); // seven tasks and two full accessibility checks
  const { person, token, workspace } = await createOwner(request, 'Eleanor');
  const titles = [
    'Prepare talking points for the board',
    'Confirm the Lisbon hotel',
    'Renew the parking pass',
    'Send the quarterly agenda',
    'Book the car to the airport',
    'Call the architect back',
    'Order flowers for Maria',
  ];
  for (const [index, title] of titles.entries()) {
    await callApi(request, token, 'POST', `v1/workspaces/${workspace.id}/tasks`, {
      title,
      dueDate: localDate(index - 2),
      priority: index === 0 ? 'URGENT' : 'MEDIUM',
      ...(index % 2 === 0 ? { assigneeMemberId: workspace.memberId } : {}),
    });
  }
  await signIn(page, person);
  await page.goto('/tasks');
  const list = page.getByRole('list', { name: 'Tasks' });
  await expect(list.getByRole('listitem')).toHaveCount(titles.length);

  expect(await rowsOnFirstScreen(page)).toBeGreaterThanOrEqual(5);
  // The quick filters and the selects wait behind "Filters"; the status of a row is a compact control.
  await expect(page.getByRole('button', { name: 'Mine', exact: true })).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveCount(0);
  const firstStatus = list.getByRole('combobox', { name: `Status of “${titles[0]}”` });
  expect((await firstStatus.boundingBox())!.width).toBeLessThan(200);

  const filtersButton = page.getByRole('button', { name: /^Filters/ });
  await expect(filtersButton).toHaveAccessibleName('Filters');
  await filtersButton.click();
  const sheet = page.getByRole('dialog', { name: 'Filters' });
  await sheet.getByRole('button', { name: 'Mine', exact: true }).click();
  await expect(page).toHaveURL(/mine=1/);
  await sheet.getByRole('button', { name: 'Overdue', exact: true }).click();
  await expect(page).toHaveURL(/due=overdue/);
  await expect(sheet.getByRole('combobox', { name: 'Sort by' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await sheet.getByRole('button', { name: 'Done' }).click();
  await expect(sheet).toBeHidden();

  // The button counts what narrows the list; the list shows the one overdue task of mine.
  await expect(filtersButton).toHaveAccessibleName('Filters, 2 active');
  await expect(filtersButton).toContainText('2');
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list).toContainText(titles[0]!);

  await filtersButton.click();
  await page.getByRole('dialog', { name: 'Filters' }).getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).not.toHaveURL(/mine=1/);
  await page.getByRole('dialog', { name: 'Filters' }).getByRole('button', { name: 'Done' }).click();
  await expect(filtersButton).toHaveAccessibleName('Filters');
  await expect(list.getByRole('listitem')).toHaveCount(titles.length);
  await expectNoSeriousA11yViolations(page);
});

test("quick add's Add button is as tall as its fields, on a phone and on a desktop", async ({ page, request }) => {
  const { person } = await createOwner(request, 'Quinn');
  await signIn(page, person);
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    await page.setViewportSize(viewport);
    await page.goto('/tasks');
    const quickAdd = page.getByRole('form', { name: 'Quick add a task' });
    const field = quickAdd.getByRole('textbox', { name: 'Add a task' }).locator('xpath=..');
    const button = quickAdd.getByRole('button', { name: 'Add', exact: true });
    const fieldBox = (await field.boundingBox())!;
    const buttonBox = (await button.boundingBox())!;
    expect(Math.abs(buttonBox.height - fieldBox.height), `at ${viewport.width} px`).toBeLessThanOrEqual(1);
    // Compact: the title and its button share one line.
    expect(Math.abs(buttonBox.y - fieldBox.y), `at ${viewport.width} px`).toBeLessThanOrEqual(1);
  }
});

test('the phone header shows the whole workspace name and a navigation with visible labels', async ({ page, request }) => {
  const { person } = await createOwner(request, 'Eleanor');
  await signIn(page, person);
  const switcher = page.getByRole('button', { name: /switch workspace$/ });
  const name = switcher.getByText("Eleanor's workspace", { exact: true });
  await expect(name).toBeVisible();
  expect(await isShownInFull(name), 'the workspace name is not cut off').toBe(true);

  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const label of ['Dashboard', 'Briefs', 'Tasks', 'Questions']) {
    const link = nav.getByRole('link', { name: label });
    await expect(link).toBeVisible();
    expect(await hasVisibleLabel(link, label), `“${label}” is written out`).toBe(true);
  }
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
  await nav.getByRole('link', { name: 'Tasks' }).click();
  await expect(page).toHaveURL(/\/tasks$/);
  await expect(nav.getByRole('link', { name: 'Tasks' })).toHaveAttribute('aria-current', 'page');
  await expectNoSeriousA11yViolations(page);
});

test('a long email wraps before "@" or "." on the activation page', async ({ page }) => {
  const registering = { ...newPerson('Jamie'), email: longEmail('Jamie') };
  await submitRegisterForm(page, registering);
  await expect(page.getByRole('group', { name: 'Verification code' })).toBeVisible();
  const lines = await expectSensibleEmailWrap(page.getByText(registering.email, { exact: true }), registering.email);
  expect(lines, 'the address is long enough to wrap at this width').toBeGreaterThan(1);
});

test('a long email wraps before "@" or "." in the members table', async ({ page, request }) => {
  const { person: owner, token, workspace } = await createOwner(request, 'Olive');
  const member = await createActivatedPerson(request, { ...newPerson('Robin'), email: longEmail('Robin') });
  await addMember(request, token, workspace.id, member, 'EXECUTIVEASSISTANT');
  await signIn(page, owner);
  await page.goto('/workspaces/settings?tab=members');
  // Both addresses: the long one and the owner's own, which a narrow column used to cut anywhere.
  let wrapped = 0;
  for (const email of [member.email, owner.email]) {
    const shown = page.getByText(email, { exact: true }).filter({ visible: true });
    await expect(shown).toHaveCount(1);
    if ((await expectSensibleEmailWrap(shown, email)) > 1) wrapped += 1;
  }
  expect(wrapped, 'at least one address is long enough to wrap at this width').toBeGreaterThan(0);
});
