import type { Locator, Page } from '@playwright/test';
import { addMember, callApi, createActivatedPerson, createOwner, expect, newPerson, signInThroughUi, test } from './fixtures.js';

/** Today in the browser's (this machine's) local time zone, as the date field shows it: mm/dd/yyyy. */
function todayAsTyped(): string {
  const now = new Date();
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(now.getMonth() + 1)}/${pad(now.getDate())}/${now.getFullYear()}`;
}

/** Types a date into the MUI X date field `field` as a person would: mm/dd/yyyy, digits only. */
async function typeDate(page: Page, field: Locator, mmddyyyy: string): Promise<void> {
  await field.getByRole('spinbutton', { name: 'Month' }).click();
  await page.keyboard.type(mmddyyyy.replace(/\D/g, ''));
}

test('an assistant creates a task for the executive, who sees it on the dashboard and completes it; the assistant is told @postgres', async ({
  browser,
  page,
  request,
}) => {
  // The executive's office: Eleanor (EXECUTIVE) and her assistant Arthur.
  const { person: executive, token: executiveToken, workspace } = await createOwner(request, 'Eleanor');
  await callApi(request, executiveToken, 'PATCH', `v1/workspaces/${workspace.id}/members/${workspace.memberId}`, {
    workspaceMemberType: 'EXECUTIVE',
  });
  const assistant = await createActivatedPerson(request, newPerson('Arthur'));
  await addMember(request, executiveToken, workspace.id, assistant, 'EXECUTIVEASSISTANT');

  // The assistant, in a browser of their own, opens Eleanor's workspace and creates the task on /tasks/new.
  const assistantContext = await browser.newContext();
  const assistantPage = await assistantContext.newPage();
  try {
    await signInThroughUi(assistantPage, assistant);
    if (!(await assistantPage.getByRole('button', { name: /^Eleanor's workspace.*switch workspace$/ }).isVisible())) {
      await assistantPage.getByRole('button', { name: /switch workspace/ }).click();
      await assistantPage.getByRole('menuitem', { name: /Eleanor's workspace/ }).click();
      await expect(assistantPage.getByRole('button', { name: /^Eleanor's workspace.*switch workspace$/ })).toBeVisible();
    }
    await assistantPage.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Tasks' }).click();
    await expect(assistantPage).toHaveURL(/\/tasks$/);
    await assistantPage.goto('/tasks/new');
    const form = assistantPage.getByRole('form', { name: 'New task' });
    const title = `Approve the offsite budget ${Date.now()}`;
    await form.getByLabel('Title').fill(title);
    await form.getByRole('combobox', { name: 'Assignee' }).click();
    await assistantPage.getByRole('option', { name: 'Eleanor Tester' }).click();
    await typeDate(assistantPage, form.getByRole('group', { name: 'Due date' }), todayAsTyped());
    await form.getByRole('button', { name: 'Create' }).click();
    await expect(assistantPage.getByText(`“${title}” was created.`)).toBeVisible();
    // Earlier items (Eleanor became the executive) are read first, so the dot starts dark. The
    // panel marks them read once its list is shown; closing it before that leaves them unread.
    await assistantPage.getByRole('button', { name: /new activity/i }).click();
    const activityPanel = assistantPage.getByRole('dialog', { name: 'Activity' });
    await expect(activityPanel.getByRole('list', { name: 'Activity items' })).toBeVisible();
    await activityPanel.getByRole('button', { name: 'Close activity' }).click();
    await expect(assistantPage.getByRole('button', { name: 'No new activity' })).toBeVisible();

    // The executive sees it due today on the dashboard, from Arthur.
    await signInThroughUi(page, executive);
    const dueToday = page.getByRole('region', { name: 'Due today & overdue' }).getByRole('list', { name: 'Tasks due today' });
    const row = dueToday.getByRole('link', { name: new RegExp(title) });
    await expect(row).toContainText('Due today');
    await expect(row).toContainText('from Arthur Tester');

    // …and moves it to Done on the /tasks board.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Tasks' }).click();
    await page.getByRole('button', { name: 'Board' }).click();
    await expect(page).toHaveURL(/view=board/);
    await page.getByRole('button', { name: `Move “${title}” to…` }).click();
    await page.getByRole('menuitem', { name: 'Move to Done' }).click();
    await expect(page.getByRole('region', { name: 'Done' }).getByRole('button', { name: title, exact: true })).toBeVisible();

    // The assistant's activity indicator lights up without a reload.
    await expect(assistantPage.getByRole('button', { name: 'New activity' })).toBeVisible({ timeout: 30_000 });
    await assistantPage.getByRole('button', { name: 'New activity' }).click();
    await expect(assistantPage.getByRole('dialog', { name: 'Activity' })).toContainText(`Eleanor completed “${title}”`);

    // Back on her dashboard, nothing is due any more.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
    await expect(page.getByRole('region', { name: 'Due today & overdue' })).toContainText('Nothing due today');
  } finally {
    await assistantContext.close();
  }
});
