import type { APIRequestContext, Locator, Page, Route } from '@playwright/test';
import {
  addMember,
  animationsFinished,
  callApi,
  createActivatedPerson,
  createOwner,
  expect,
  expectNoSeriousA11yViolations,
  keyboardDragReady,
  localDate,
  newPerson,
  signIn,
  test,
} from './fixtures.js';

interface TaskDto {
  id: string;
  title: string;
  status: string;
  priority: string;
  dueDate: string | null;
  assigneeMemberId: string | null;
  version: number;
}

/** A title unique to this run, so parallel tests never see each other's tasks. */
const unique = (title: string) => `${title} ${Date.now().toString(36)}`;

async function createTask(request: APIRequestContext, token: string, workspaceId: string, body: Record<string, unknown>): Promise<TaskDto> {
  return callApi<TaskDto>(request, token, 'POST', `v1/workspaces/${workspaceId}/tasks`, body);
}

async function getTask(request: APIRequestContext, token: string, workspaceId: string, taskId: string): Promise<TaskDto> {
  return callApi<TaskDto>(request, token, 'GET', `v1/workspaces/${workspaceId}/tasks/${taskId}`);
}

/** The MUI X date field labelled `label` (a group of month/day/year sections). */
const dateField = (scope: Page | Locator, label = 'Due date') => scope.getByRole('group', { name: label });

/** Types a date into a date field as a person would: mm/dd/yyyy, digits only. */
async function typeDate(field: Locator, page: Page, mmddyyyy: string) {
  await field.getByRole('spinbutton', { name: 'Month' }).click();
  await page.keyboard.type(mmddyyyy.replace(/\D/g, ''));
}

/** The visible sections of a date field ("mm/dd/yyyy" when empty), without MUI's bidi isolation marks. */
async function dateFieldText(field: Locator): Promise<string> {
  const sections = field.locator('.MuiPickersSectionList-root');
  return ((await sections.textContent()) ?? '').replace(/[\u2066-\u2069\u200e\u200f\s]/g, '');
}

const column = (page: Page, name: string) => page.getByRole('region', { name });

test('creates tasks by quick add and on /tasks/new with a due date typed as mm/dd/yyyy', async ({ page, request }) => {
  const { person } = await createOwner(request, 'Quinn');
  await signIn(page, person);
  await page.goto('/tasks');
  await expect(page.getByRole('heading', { level: 1, name: 'Tasks' })).toBeVisible();
  await expect(page.getByText('No tasks yet')).toBeVisible();

  const quick = unique('Prepare the board pack');
  const quickAdd = page.getByRole('form', { name: 'Quick add a task' });
  await expect.poll(() => dateFieldText(dateField(quickAdd))).toBe('mm/dd/yyyy');
  await quickAdd.getByLabel('Add a task').fill(quick);
  await quickAdd.getByLabel('Add a task').press('Enter');
  await expect(page.getByText(`“${quick}” was added.`)).toBeVisible();
  await expect(page.getByRole('button', { name: quick, exact: true })).toBeVisible();
  await expect(quickAdd.getByLabel('Add a task')).toHaveValue('');

  await page.getByRole('link', { name: 'New task' }).click();
  await expect(page).toHaveURL(/\/tasks\/new$/);
  const form = page.getByRole('form', { name: 'New task' });
  await expect(form.getByLabel('Title')).toBeFocused();
  const full = unique('Book the Lisbon offsite');
  await form.getByLabel('Title').fill(full);
  await form.getByLabel('Notes').fill('Twelve people, two nights.');
  await form.getByRole('combobox', { name: 'Priority' }).click();
  await page.getByRole('option', { name: 'High' }).click();
  const due = dateField(form);
  await expect.poll(() => dateFieldText(due)).toBe('mm/dd/yyyy');
  await typeDate(due, page, '03/15/2031');
  await expect.poll(() => dateFieldText(due)).toBe('03/15/2031');
  await form.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText(`“${full}” was created.`)).toBeVisible();
  await expect(page).toHaveURL(/\/tasks$/);
  const row = page.getByRole('listitem').filter({ has: page.getByRole('button', { name: full, exact: true }) });
  await expect(row).toContainText('Due Mar 15, 2031');
  await expect(row).toContainText('High');

  // Cancel leaves without creating anything.
  await page.goto('/tasks/new');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/tasks$/);
});

test('edits a task in the drawer; the open task and its edits survive a reload @postgres', async ({ page, request }) => {
  const { person, token, workspace } = await createOwner(request, 'Riley');
  const assistant = await createActivatedPerson(request, newPerson('Jordan'));
  await addMember(request, token, workspace.id, assistant, 'EXECUTIVEASSISTANT');
  const task = await createTask(request, token, workspace.id, { title: unique('Draft the investor note') });
  await signIn(page, person);
  await page.goto('/tasks');

  await page.getByRole('button', { name: task.title, exact: true }).click();
  const drawer = page.getByRole('dialog', { name: 'Edit task' });
  await expect(drawer).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`task=${task.id}`));
  const renamed = `${task.title} v2`;
  await drawer.getByLabel('Title').fill(renamed);
  await drawer.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'In progress' }).click();
  await drawer.getByRole('combobox', { name: 'Assignee' }).click();
  await page.getByRole('option', { name: 'Jordan Tester' }).click();
  await typeDate(dateField(drawer), page, '12/01/2031');
  await drawer.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The task was saved.')).toBeVisible();
  await expect(drawer).toBeHidden();
  const row = page.getByRole('listitem').filter({ has: page.getByRole('button', { name: renamed, exact: true }) });
  await expect(row).toContainText('Jordan Tester');
  await expect(row).toContainText('Due Dec 1, 2031');
  await expect(row.getByRole('combobox', { name: `Status of “${renamed}”` })).toHaveText('In progress');

  const saved = await getTask(request, token, workspace.id, task.id);
  expect(saved).toMatchObject({ title: renamed, status: 'IN_PROGRESS', dueDate: '2031-12-01' });

  // Without live events (so the stale copy stays on screen until Save), reopen it from its URL.
  // (A 204 is no stream: the app retries later with the same token, without refreshing the session.)
  await page.route('**/events', (route) => route.fulfill({ status: 204 }));
  await page.goto(`/tasks?task=${task.id}`);
  const reopened = page.getByRole('dialog', { name: 'Edit task' });
  await expect(reopened.getByLabel('Title')).toHaveValue(renamed);
  await expect.poll(() => dateFieldText(dateField(reopened))).toBe('12/01/2031');

  // Someone else changes it meanwhile: saving the stale copy shows the latest version instead.
  await callApi(request, token, 'PATCH', `v1/workspaces/${workspace.id}/tasks/${task.id}`, {
    title: `${renamed} (theirs)`,
    version: saved.version,
  });
  await reopened.getByLabel('Notes').fill('My notes');
  await reopened.getByRole('button', { name: 'Save' }).click();
  await expect(reopened.getByText('This task was changed by someone else; showing the latest version.')).toBeVisible();
  await expect(reopened.getByLabel('Title')).toHaveValue(`${renamed} (theirs)`);

  // Delete, confirmed.
  await reopened.getByRole('button', { name: 'Delete' }).click();
  await page
    .getByRole('dialog', { name: /^Delete “/ })
    .getByRole('button', { name: 'Delete task' })
    .click();
  await expect(page.getByText('The task was deleted.')).toBeVisible();
  await expect(page.getByRole('button', { name: `${renamed} (theirs)`, exact: true })).toBeHidden();
});

test('moves tasks to Done on the board by dragging, by keyboard and from the "Move to…" menu', async ({ page, request }) => {
  const { person, token, workspace } = await createOwner(request, 'Morgan');
  const dragged = await createTask(request, token, workspace.id, { title: unique('Confirm the caterer') });
  const keyed = await createTask(request, token, workspace.id, { title: unique('Send the agenda') });
  const menued = await createTask(request, token, workspace.id, { title: unique('Renew the parking pass') });
  await signIn(page, person);
  await page.goto('/tasks');
  await page.getByRole('button', { name: 'Board' }).click();
  await expect(page).toHaveURL(/view=board/);
  const todo = column(page, 'To do');
  const done = column(page, 'Done');
  await expect(todo.getByRole('button', { name: dragged.title, exact: true })).toBeVisible();

  // Drag with the mouse.
  const card = todo.getByRole('listitem').filter({ hasText: dragged.title });
  const from = (await card.boundingBox())!;
  const to = (await done.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height - 8);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 20, from.y + from.height - 8, { steps: 4 });
  await page.mouse.move(to.x + to.width / 2, to.y + 60, { steps: 12 });
  await page.mouse.up();
  await expect(done.getByRole('button', { name: dragged.title, exact: true })).toBeVisible();
  await expect.poll(async () => (await getTask(request, token, workspace.id, dragged.id)).status).toBe('DONE');

  // Keyboard: focus the handle, Space lifts, arrows choose the column, Space drops.
  await page.getByRole('button', { name: `Drag “${keyed.title}” to another column` }).focus();
  // Each key waits for dnd-kit's spoken announcement, so no press lands before the drag is live.
  const announcer = page.locator('[id^="DndLiveRegion"]');
  await page.keyboard.press('Space');
  await expect(announcer).toContainText(`“${keyed.title}” is over To do`);
  await keyboardDragReady(page);
  for (const label of ['In progress', 'Waiting', 'Done']) {
    await page.keyboard.press('ArrowRight');
    await expect(announcer).toContainText(`“${keyed.title}” is over ${label}`);
  }
  await page.keyboard.press('Space');
  await expect(done.getByRole('button', { name: keyed.title, exact: true })).toBeVisible();
  await expect.poll(async () => (await getTask(request, token, workspace.id, keyed.id)).status).toBe('DONE');

  // The menu alternative, once the board has settled (the moved card gone from To do, so the
  // last card has stopped moving up) and the menu has finished growing open: a point taken on a
  // card or menu still in motion can land beside its target.
  await expect(todo.getByRole('listitem')).toHaveCount(1);
  await page.getByRole('button', { name: `Move “${menued.title}” to…` }).click();
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  await animationsFinished(page);
  await menu.getByRole('menuitem', { name: 'Move to Done' }).click();
  await expect(done.getByRole('button', { name: menued.title, exact: true })).toBeVisible();
  await expect.poll(async () => (await getTask(request, token, workspace.id, menued.id)).status).toBe('DONE');

  await page.reload();
  await expect(column(page, 'Done').getByRole('listitem')).toHaveCount(3);
});

test('filters and the view live in the URL and survive a reload', async ({ page, request }) => {
  const { person, token, workspace } = await createOwner(request, 'Harper');
  const colleague = await createActivatedPerson(request, newPerson('Sam'));
  await addMember(request, token, workspace.id, colleague, 'EXECUTIVEASSISTANT');
  const mineOverdue = await createTask(request, token, workspace.id, {
    title: unique('Approve the travel budget'),
    dueDate: localDate(-5),
    assigneeMemberId: workspace.memberId,
  });
  const mineLater = await createTask(request, token, workspace.id, {
    title: unique('Approve the hiring plan'),
    dueDate: localDate(30),
    assigneeMemberId: workspace.memberId,
  });
  const soon = await createTask(request, token, workspace.id, { title: unique('Call the architect'), dueDate: localDate(2) });
  await signIn(page, person);
  await page.goto('/tasks');

  const overdueRow = page.getByRole('listitem').filter({ has: page.getByRole('button', { name: mineOverdue.title, exact: true }) });
  await expect(overdueRow).toContainText('Overdue · was due');
  await expect(page.getByRole('listitem').filter({ hasText: soon.title })).toContainText('Due in 2 days');

  await page.getByRole('button', { name: 'Mine', exact: true }).click();
  await page.getByRole('button', { name: 'Overdue', exact: true }).click();
  await page.getByLabel('Search tasks').fill('approve');
  await expect(page).toHaveURL(/q=approve/);
  await expect(page).toHaveURL(/mine=1/);
  await expect(page).toHaveURL(/due=overdue/);
  await expect(page.getByRole('button', { name: mineOverdue.title, exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: mineLater.title, exact: true })).toBeHidden();
  await expect(page.getByRole('button', { name: soon.title, exact: true })).toBeHidden();

  await page.getByRole('combobox', { name: 'Sort by' }).click();
  await page.getByRole('option', { name: 'Priority, most urgent first' }).click();
  await page.getByRole('button', { name: 'Board' }).click();
  await expect(page).toHaveURL(/sort=priority/);

  await page.reload();
  await expect(page.getByRole('button', { name: 'Mine', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('button', { name: 'Overdue', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByLabel('Search tasks')).toHaveValue('approve');
  await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveText('Priority, most urgent first');
  await expect(page.getByRole('button', { name: 'Board' })).toHaveAttribute('aria-pressed', 'true');
  await expect(column(page, 'To do').getByRole('button', { name: mineOverdue.title, exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: mineLater.title, exact: true })).toBeHidden();

  // Due soon instead of overdue, without "mine".
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await page.getByRole('button', { name: 'Due in 7 days', exact: true }).click();
  await expect(page).toHaveURL(/due=soon/);
  await expect(page.getByRole('button', { name: soon.title, exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: mineOverdue.title, exact: true })).toBeHidden();
});

test('a guest sees their tasks read-only except the status', async ({ page, request }) => {
  const { token, workspace } = await createOwner(request, 'Ellis');
  const guest = await createActivatedPerson(request, newPerson('Gale'));
  await addMember(request, token, workspace.id, guest, 'GUEST');
  const members = await callApi<{ items: { id: string; email: string }[] }>(request, token, 'GET', `v1/workspaces/${workspace.id}/members`);
  const guestMemberId = members.items.find((member) => member.email === guest.email)!.id;
  const task = await createTask(request, token, workspace.id, {
    title: unique('Review the seating plan'),
    assigneeMemberId: guestMemberId,
  });

  await signIn(page, guest);
  // The guest's own sign-up workspace comes first; open the shared one (the stored current organization).
  await page.evaluate((id) => localStorage.setItem('currentOrganization', id), workspace.id);
  await page.goto('/tasks');
  await expect(page.getByRole('button', { name: task.title, exact: true })).toBeVisible();
  await expect(page.getByLabel('Add a task')).toHaveCount(0);
  // A guest can never create a task: no button at all (issue #8), not a disabled one.
  await expect(page.getByRole('button', { name: 'New task' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'New task' })).toHaveCount(0);

  await page.getByRole('button', { name: task.title, exact: true }).click();
  const drawer = page.getByRole('dialog', { name: 'Task' });
  await expect(drawer.getByText('You can change the status of this task. Its other fields are read-only for you.')).toBeVisible();
  await expect(drawer.getByLabel('Title')).toBeDisabled();
  await expect(drawer.getByLabel('Notes')).toBeDisabled();
  await expect(drawer.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await drawer.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Waiting' }).click();
  await drawer.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The task was saved.')).toBeVisible();
  await expect.poll(async () => (await getTask(request, token, workspace.id, task.id)).status).toBe('WAITING');
});

test('the list, the board and the drawer are free of serious accessibility violations', async ({ page, request }) => {
  const { person, token, workspace } = await createOwner(request, 'Noor');
  await createTask(request, token, workspace.id, { title: unique('Overdue item'), dueDate: localDate(-2), priority: 'URGENT' });
  await createTask(request, token, workspace.id, { title: unique('Soon item'), dueDate: localDate(1), priority: 'HIGH' });
  const later = await createTask(request, token, workspace.id, { title: unique('Later item'), dueDate: localDate(40), status: 'WAITING' });
  await signIn(page, person);
  await page.goto('/tasks');
  await expect(page.getByRole('button', { name: later.title, exact: true })).toBeVisible();
  await expect(page.getByRole('status')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  await page.goto('/tasks?view=board');
  await expect(column(page, 'Waiting').getByRole('button', { name: later.title, exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: later.title, exact: true }).click();
  const drawer = page.getByRole('dialog', { name: 'Edit task' });
  await expect(drawer.getByLabel('Title')).toHaveValue(later.title);
  // The drawer's slide-in has ended once its transform is back to none.
  await expect(drawer).toHaveCSS('transform', 'none');
  await expectNoSeriousA11yViolations(page);

  await page.goto('/tasks/new');
  await expect(page.getByRole('heading', { level: 1, name: 'New task' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

/** The server's refusal of a title, as a held PATCH is answered with (issue #8). */
const TITLE_TAKEN = {
  status: 400,
  contentType: 'application/json',
  body: JSON.stringify({
    errorCode: 'VALIDATION_FAILED',
    errorDisplayMessage: 'Check the highlighted fields.',
    errorData: { title: 'This title is taken by another task.' },
  }),
};

/**
 * Holds the requests `method` to the task `taskId` (GET or PATCH of …/tasks/{id}) until the test
 * answers them: `next()` resolves with the next held route.
 */
async function holdTaskCalls(page: Page, taskId: string, method: 'GET' | 'PATCH') {
  const held: Route[] = [];
  const waiting: ((route: Route) => void)[] = [];
  await page.route(`**/api/v1/workspaces/*/tasks/${taskId}`, async (route) => {
    if (route.request().method() !== method) return route.fallback();
    const take = waiting.shift();
    if (take) take(route);
    else held.push(route);
  });
  return {
    next: () => new Promise<Route>((resolve) => (held.length > 0 ? resolve(held.shift()!) : waiting.push(resolve))),
  };
}

test('the drawer opens with the task as the list shows it while its own GET is still on its way (issue #8)', async ({ page, request }) => {
  const { person, token, workspace } = await createOwner(request, 'Ellis');
  const task = await createTask(request, token, workspace.id, {
    title: unique('Confirm the driver'),
    notes: 'Pick-up at 7.',
    priority: 'HIGH',
  });
  await signIn(page, person);
  await page.goto('/tasks');
  const gets = await holdTaskCalls(page, task.id, 'GET');

  await page.getByRole('button', { name: task.title, exact: true }).click();
  const held = await gets.next();
  const drawer = page.getByRole('dialog', { name: 'Edit task' });
  await expect(drawer.getByLabel('Title')).toHaveValue(task.title);
  await expect(drawer.getByLabel('Notes')).toHaveValue('Pick-up at 7.');
  await expect(drawer.getByRole('combobox', { name: 'Priority' })).toHaveText('High');
  await expect(drawer.getByRole('status', { name: 'Loading task' })).toHaveCount(0);
  await held.continue();
  await expect(drawer.getByLabel('Title')).toHaveValue(task.title);
});

test('Save closes the drawer and updates the list before the server answers; a refusal rolls back, says so and reopens with what was typed (issue #8)', async ({
  page,
  request,
  consoleErrors,
}) => {
  const { person, token, workspace } = await createOwner(request, 'Blair');
  const task = await createTask(request, token, workspace.id, { title: unique('Order the flowers') });
  await signIn(page, person);
  await page.goto('/tasks');
  const patches = await holdTaskCalls(page, task.id, 'PATCH');
  const drawer = page.getByRole('dialog', { name: 'Edit task' });
  // The list's row (the open drawer hides the page from the accessibility tree, not from sight).
  const listButton = (title: string) =>
    page.getByRole('listitem', { includeHidden: true }).getByRole('button', { name: title, exact: true, includeHidden: true });

  // Saved: the list shows it and the drawer is gone while the PATCH is still held.
  await listButton(task.title).click();
  const renamed = `${task.title} v2`;
  await drawer.getByLabel('Title').fill(renamed);
  await drawer.getByRole('button', { name: 'Save' }).click();
  const patch = await patches.next();
  await expect(drawer).toBeHidden();
  await expect(listButton(renamed)).toBeVisible();
  expect(patch.request().postDataJSON()).toEqual({ title: renamed, version: task.version });
  await patch.continue();
  await expect(page.getByText('The task was saved.')).toBeVisible();
  await expect.poll(async () => (await getTask(request, token, workspace.id, task.id)).title).toBe(renamed);

  // Refused: the list rolls back, a toast names the task, and the drawer opens again with what
  // was typed and the server's reason on the field.
  await listButton(renamed).click();
  const refused = `${renamed} v3`;
  await drawer.getByLabel('Title').fill(refused);
  await drawer.getByRole('button', { name: 'Save' }).click();
  const refusedPatch = await patches.next();
  await expect(drawer).toBeHidden();
  await expect(listButton(refused)).toBeVisible();
  await refusedPatch.fulfill(TITLE_TAKEN);
  await expect(page.getByText(`“${renamed}” was not saved: Check the highlighted fields.`)).toBeVisible();
  await expect(listButton(renamed)).toBeVisible();
  await expect(drawer.getByLabel('Title')).toHaveValue(refused);
  await expect(drawer.getByText('This title is taken by another task.')).toBeVisible();
  expect((await getTask(request, token, workspace.id, task.id)).title).toBe(renamed);

  // The server is unreachable: the same, with the reason above the form.
  await drawer.getByRole('button', { name: 'Save' }).click();
  const lostPatch = await patches.next();
  await expect(drawer).toBeHidden();
  await lostPatch.abort('internetdisconnected');
  await expect(page.getByText(`“${renamed}” was not saved: We couldn't reach Tandem. Check your connection and try again.`)).toBeVisible();
  await expect(drawer.getByRole('alert')).toContainText("Not saved: We couldn't reach Tandem.");
  await expect(drawer.getByLabel('Title')).toHaveValue(refused);
  await expect(listButton(renamed)).toBeVisible();
  // The browser reports the aborted call; that one is expected.
  const aborted = (error: string) => error.includes('net::ERR_INTERNET_DISCONNECTED');
  expect(consoleErrors.filter(aborted)).toHaveLength(1);
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((error) => !aborted(error)));
});

test('a refusal that comes before the close reached the URL still reopens the drawer with what was typed (issue #8)', async ({
  page,
  request,
}) => {
  const { person, token, workspace } = await createOwner(request, 'Quinn');
  const task = await createTask(request, token, workspace.id, { title: unique('Book the car') });
  await signIn(page, person);
  await page.goto('/tasks');
  // The server refuses at once, while the page (its CPU slowed 20×) is still navigating to the
  // closed drawer's URL.
  await page.route(`**/api/v1/workspaces/*/tasks/${task.id}`, async (route) => {
    if (route.request().method() !== 'PATCH') return route.fallback();
    await route.fulfill(TITLE_TAKEN);
  });
  const cdp = await page.context().newCDPSession(page);
  await page.getByRole('button', { name: task.title, exact: true }).click();
  const drawer = page.getByRole('dialog', { name: 'Edit task' });
  const typed = `${task.title} v2`;
  await drawer.getByLabel('Title').fill(typed);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 20 });
  await drawer.getByRole('button', { name: 'Save' }).click();
  // At 20× the page gets a twentieth of the CPU: on a busy machine (the full suite's workers and
  // databases beside it) rendering the refusal took longer than the default 10 s.
  await expect(page.getByText(`“${task.title}” was not saved: Check the highlighted fields.`)).toBeVisible({ timeout: 30_000 });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await expect(drawer.getByLabel('Title')).toHaveValue(typed);
  await expect(drawer.getByText('This title is taken by another task.')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`[?&]task=${task.id}`));
});

test('a full load of /tasks asks for the list beside the profile, not after the screen rendered (issue #8)', async ({ page, request }) => {
  const { person, token, workspace } = await createOwner(request, 'Rowan');
  const task = await createTask(request, token, workspace.id, { title: unique('Renew the passport') });
  await signIn(page, person);
  const profiles: Route[] = [];
  let profileSeen!: () => void;
  const profileHeld = new Promise<void>((resolve) => (profileSeen = resolve));
  await page.route('**/api/v1/profile', async (route) => {
    profiles.push(route);
    profileSeen();
  });
  const listRequested = page.waitForRequest((candidate) => new RegExp(`/api/v1/workspaces/${workspace.id}/tasks\\?`).test(candidate.url()));

  await page.goto('/tasks?status=TODO');
  await profileHeld;
  const list = await listRequested;
  expect(new URL(list.url()).searchParams.get('status')).toBe('TODO');
  expect(profiles).toHaveLength(1);
  await profiles[0]!.continue();
  await page.unroute('**/api/v1/profile');
  await expect(page.getByRole('button', { name: task.title, exact: true })).toBeVisible();
});
