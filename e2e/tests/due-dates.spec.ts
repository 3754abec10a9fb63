import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { callApi, createOwner, expect, signIn, test } from './fixtures.js';

/**
 * Issue #8 "Dates": a typed due date never rolls over silently. 13/45/20 used to save
 * "Mar 4, 0020"; now a date outside the years 1900–2200, or an incomplete one, shows a field
 * error and nothing is saved. At phone size (390×844), where the form is used on the go.
 */
test.use({ viewport: { width: 390, height: 844 } });

interface TaskDto {
  id: string;
  title: string;
  dueDate: string | null;
  version: number;
}

const RANGE_MESSAGE = 'Enter a date between the years 1900 and 2200.';
const unique = (title: string) => `${title} ${Date.now().toString(36)}`;

/** The MUI X date field labelled `label` (a group of month/day/year sections). */
const dateField = (scope: Page | Locator, label = 'Due date') => scope.getByRole('group', { name: label });

/** Types into a date field as a person would: digits only, from the month section on. */
async function typeDate(field: Locator, page: Page, typed: string) {
  await field.getByRole('spinbutton', { name: 'Month' }).click();
  await page.keyboard.type(typed.replace(/\D/g, ''));
}

async function listTasks(request: APIRequestContext, token: string, workspaceId: string): Promise<TaskDto[]> {
  return (await callApi<{ items: TaskDto[] }>(request, token, 'GET', `v1/workspaces/${workspaceId}/tasks?limit=100`)).items;
}

test('typing 13/45/20 on /tasks/new shows a field error and creates nothing', async ({ page, request }) => {
  const { person, token, workspace } = await createOwner(request, 'Dana');
  await signIn(page, person);
  await page.goto('/tasks/new');
  const form = page.getByRole('form', { name: 'New task' });
  await form.getByLabel('Title').fill(unique('Renew the lease'));
  const due = dateField(form);
  await typeDate(due, page, '13/45/20');
  await expect(form.getByText(RANGE_MESSAGE)).toBeVisible();
  await form.getByRole('button', { name: 'Create' }).click();
  await expect(form.getByText(RANGE_MESSAGE)).toBeVisible();
  await expect(page).toHaveURL(/\/tasks\/new$/);
  expect(await listTasks(request, token, workspace.id)).toEqual([]);

  // An incomplete date (no year) is refused too, with the format's message.
  await page.reload();
  await form.getByLabel('Title').fill(unique('Renew the lease'));
  await typeDate(due, page, '03/04');
  await form.getByRole('button', { name: 'Create' }).click();
  await expect(form.getByText('Enter a date as mm/dd/yyyy.')).toBeVisible();
  expect(await listTasks(request, token, workspace.id)).toEqual([]);
});

test('quick add refuses 13/45/20 with a field error and adds nothing', async ({ page, request }) => {
  const { person, token, workspace } = await createOwner(request, 'Eden');
  await signIn(page, person);
  await page.goto('/tasks');
  const quickAdd = page.getByRole('form', { name: 'Quick add a task' });
  await quickAdd.getByLabel('Add a task').fill(unique('Order the flowers'));
  await typeDate(dateField(quickAdd), page, '13/45/20');
  await quickAdd.getByLabel('Add a task').press('Enter');
  await expect(quickAdd.getByText(RANGE_MESSAGE)).toBeVisible();
  await expect(quickAdd.getByLabel('Add a task')).not.toHaveValue('');
  expect(await listTasks(request, token, workspace.id)).toEqual([]);
});

test("typing 13/45/20 in the edit drawer keeps the task's due date", async ({ page, request }) => {
  const { person, token, workspace } = await createOwner(request, 'Finley');
  const task = await callApi<TaskDto>(request, token, 'POST', `v1/workspaces/${workspace.id}/tasks`, {
    title: unique('Book the venue'),
    dueDate: '2031-06-15',
  });
  await signIn(page, person);
  await page.goto(`/tasks?task=${task.id}`);
  const drawer = page.getByRole('dialog', { name: 'Edit task' });
  await typeDate(dateField(drawer), page, '13/45/20');
  await drawer.getByRole('button', { name: 'Save' }).click();
  await expect(drawer.getByText(RANGE_MESSAGE)).toBeVisible();
  await expect(drawer).toBeVisible();
  const [saved] = await listTasks(request, token, workspace.id);
  expect(saved).toMatchObject({ id: task.id, dueDate: '2031-06-15', version: 1 });
});
