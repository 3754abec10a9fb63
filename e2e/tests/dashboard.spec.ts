import type { Page } from '@playwright/test';
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
  test,
} from './fixtures.js';

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

  await signIn(page, person);
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

  // The charts draw once scrolled near (issue #13); their tables are there from the start.
  const createdVsDone = page.getByRole('figure', { name: 'Tasks created vs done per week' });
  await expect(createdVsDone.getByRole('table', { name: 'Tasks created vs done per week' })).toBeAttached();
  await createdVsDone.scrollIntoViewIfNeeded();
  await expect(createdVsDone.locator('svg').first()).toBeVisible();
  const openByAssignee = page.getByRole('figure', { name: 'Open tasks by assignee' });
  await openByAssignee.scrollIntoViewIfNeeded();
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

test('the dashboard updates live when a task is assigned, and says when nothing is due @postgres', async ({ page, request }) => {
  const { person, token, workspace } = await createOwner(request, 'Blair');
  // The stream is live once its response arrived: only then can an event reach this page.
  const streamOpened = page.waitForResponse((r) => r.url().endsWith(`/workspaces/${workspace.id}/events`) && r.status() === 200);
  await signIn(page, person);
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

test('overdue tasks nobody has show on both dashboards, waiting on others puts the most urgent first, and the plain lists use the full width', async ({
  page,
  request,
}) => {
  const { person, token, workspace } = await createOwner(request, 'Carmen');
  const assistant = await createActivatedPerson(request, newPerson('Jordan'));
  await addMember(request, token, workspace.id, assistant, 'EXECUTIVEASSISTANT');
  const members = await callApi<{ items: { id: string; email: string }[] }>(request, token, 'GET', `v1/workspaces/${workspace.id}/members`);
  const assistantId = members.items.find((member) => member.email === assistant.email)!.id;
  const tasksUrl = `v1/workspaces/${workspace.id}/tasks`;
  const stamp = Date.now().toString(36);
  const unassigned = `Renew the office lease ${stamp}`;
  await callApi(request, token, 'POST', tasksUrl, { title: unassigned, dueDate: localDate(-4) });
  // Delegated in this order (oldest first); the most urgent must come first.
  const delegated = [
    { title: `No date ${stamp}`, dueDate: null },
    { title: `Due in a week ${stamp}`, dueDate: localDate(7) },
    { title: `Overdue by two days ${stamp}`, dueDate: localDate(-2) },
    { title: `Due tomorrow ${stamp}`, dueDate: localDate(1) },
    { title: `Overdue by five days ${stamp}`, dueDate: localDate(-5) },
  ];
  for (const task of delegated) {
    await callApi(request, token, 'POST', tasksUrl, {
      title: task.title,
      assigneeMemberId: assistantId,
      ...(task.dueDate ? { dueDate: task.dueDate } : {}),
    });
  }
  const urgentFirst = [4, 2, 3, 1, 0].map((index) => delegated[index]!.title);

  await signIn(page, person);
  const due = section(page, 'Due today & overdue');
  const nobodys = due.getByRole('list', { name: 'Overdue tasks nobody is assigned to' });
  await expect(nobodys.getByRole('link', { name: new RegExp(unassigned) })).toContainText('Overdue by 4 days');
  await expect(nobodys.getByRole('link', { name: new RegExp(unassigned) })).toContainText('Unassigned');
  const waiting = section(page, 'Waiting on others').getByRole('list', { name: 'Tasks waiting on others' });
  await expect(waiting.getByRole('link')).toHaveCount(urgentFirst.length);
  const order = async () =>
    (await waiting.getByRole('link').allInnerTexts()).map((text) => urgentFirst.find((title) => text.includes(title)));
  expect(await order()).toEqual(urgentFirst);
  await expect(waiting.getByRole('link').first()).toContainText('Overdue by 5 days');
  const fullWidth = (await section(page, 'Recent activity').boundingBox())!.width;

  await page.getByRole('link', { name: 'Show as plain lists' }).click();
  await expect(page).toHaveURL(/\/dashboard\/old$/);
  // The plain view's own headings carry counts; waiting for one means the charts view has gone
  // (its lists share names with these, so they alone do not tell the two views apart).
  const plainOverdue = page.getByRole('region', { name: /^Overdue \(/ });
  await expect(plainOverdue).toBeVisible();
  await expect(section(page, 'Due today & overdue')).toHaveCount(0);
  await expect(
    page.getByRole('list', { name: 'Overdue tasks nobody is assigned to' }).getByRole('link', { name: new RegExp(unassigned) }),
  ).toBeVisible();
  await expect.poll(order).toEqual(urgentFirst);
  // The plain lists' card spans the layout's content width, as the charts view's widest card does.
  const plainCard = plainOverdue.locator('xpath=..');
  expect(Math.abs((await plainCard.boundingBox())!.width - fullWidth)).toBeLessThanOrEqual(2);
  await expectNoSeriousA11yViolations(page);
});
