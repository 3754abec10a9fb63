import type { Page } from '@playwright/test';
import { callApi, createOwner, expect, expectNoSeriousA11yViolations, signInThroughUi, test } from './fixtures.js';

/** The browser's (and this machine's) local calendar date `days` from today, YYYY-MM-DD. */
function localDate(days = 0): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The dashboard's section named `name` (a `<section>` labelled by its h2). */
const section = (page: Page, name: string) => page.getByRole('region', { name });

test('the dashboard shows tasks due today and overdue, charts, and the same data as plain lists', async ({ page, request }) => {
  const { person, token, workspace } = await createOwner(request, 'Avery');
  const tasksUrl = `v1/workspaces/${workspace.id}/tasks`;
  const dueToday = `Sign the board letter ${Date.now()}`;
  const overdue = `Book the Lisbon flights ${Date.now()}`;
  await callApi(request, token, 'POST', tasksUrl, { title: dueToday, dueDate: localDate(), assigneeMemberId: workspace.memberId });
  await callApi(request, token, 'POST', tasksUrl, {
    title: overdue,
    dueDate: localDate(-3),
    priority: 'URGENT',
    assigneeMemberId: workspace.memberId,
  });

  await signInThroughUi(page, person);
  await expect(page).toHaveURL(/\/dashboard\/home$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Hello, Avery' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
    'aria-current',
    'page',
  );

  const due = section(page, 'Due today & overdue');
  await expect(due.getByRole('list', { name: 'Tasks due today' }).getByRole('link', { name: new RegExp(dueToday) })).toBeVisible();
  const overdueLink = due.getByRole('list', { name: 'Overdue tasks' }).getByRole('link', { name: new RegExp(overdue) });
  await expect(overdueLink).toContainText('Overdue by 3 days');
  await expect(overdueLink).toContainText('Urgent');
  await expect(section(page, 'Waiting on others')).toContainText('Nothing waiting on others.');

  const createdVsDone = page.getByRole('figure', { name: 'Tasks created vs done per week' });
  await expect(createdVsDone.locator('svg').first()).toBeVisible();
  await expect(createdVsDone.getByRole('table', { name: 'Tasks created vs done per week' })).toBeAttached();
  const openByAssignee = page.getByRole('figure', { name: 'Open tasks by assignee' });
  await expect(openByAssignee.locator('svg').first()).toBeVisible();
  await expect(openByAssignee.getByRole('row', { name: 'Avery Tester 2' })).toBeAttached();
  await expectNoSeriousA11yViolations(page);

  // A task row opens the task on /tasks.
  await expect(overdueLink).toHaveAttribute('href', /^\/tasks\?task=[0-9a-f-]{36}$/);

  await page.getByRole('link', { name: 'Show as plain lists' }).click();
  await expect(page).toHaveURL(/\/dashboard\/old$/);
  await expect(page.getByRole('list', { name: 'Tasks due today' }).getByRole('link', { name: new RegExp(dueToday) })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Overdue tasks' }).getByRole('link', { name: new RegExp(overdue) })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Open tasks by assignee' })).toContainText('Avery Tester: 2 open');
  await expect(page.getByRole('figure')).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('link', { name: 'Show with charts' }).click();
  await expect(page).toHaveURL(/\/dashboard\/home$/);

  for (const path of ['/', '/dashboard']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/dashboard\/home$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Hello, Avery' })).toBeVisible();
  }
});

test('the dashboard updates live when a task is assigned, and says when nothing is due', async ({ page, request }) => {
  const { person, token, workspace } = await createOwner(request, 'Blair');
  // The stream is live once its response arrived: only then can an event reach this page.
  const streamOpened = page.waitForResponse((r) => r.url().endsWith(`/workspaces/${workspace.id}/events`) && r.status() === 200);
  await signInThroughUi(page, person);
  await streamOpened;
  const due = section(page, 'Due today & overdue');
  await expect(due).toContainText('Nothing due today');

  const title = `Call the auditors ${Date.now()}`;
  await callApi(request, token, 'POST', `v1/workspaces/${workspace.id}/tasks`, {
    title,
    dueDate: localDate(),
    assigneeMemberId: workspace.memberId,
  });
  // No reload: the task's live event refetches the dashboard.
  await expect(due.getByRole('link', { name: new RegExp(title) })).toBeVisible();
});
