import type { Page } from '@playwright/test';
import {
  addMember,
  callApi,
  createActivatedPerson,
  createOwner,
  expect,
  expectNoSeriousA11yViolations,
  newPerson,
  signIn,
  test,
} from './fixtures.js';

/** Resolves once the workspace's event stream answered 200 (the headers arrived: it is live). */
const streamOpened = (page: Page, workspaceId: string) =>
  page.waitForResponse((response) => response.url().endsWith(`/workspaces/${workspaceId}/events`) && response.status() === 200);

test('the activity indicator lights up live for another member’s doing, not for one’s own, and clears once read @postgres', async ({
  page,
  request,
}) => {
  const { person: owner, token, workspace } = await createOwner(request, 'Avery');
  const opened = streamOpened(page, workspace.id);
  await signIn(page, owner);
  await opened;
  await expect(page.getByRole('button', { name: 'No new activity' })).toBeVisible();

  const joiner = await createActivatedPerson(request, newPerson('Jordan'));
  await addMember(request, token, workspace.id, joiner, 'EXECUTIVEASSISTANT');
  // No reload: the server's event stream lights the dot.
  await expect(page.getByRole('button', { name: 'New activity' })).toBeVisible();

  const read = page.waitForResponse((r) => r.url().endsWith(`/activity/read`) && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'New activity' }).click();
  const panel = page.getByRole('dialog', { name: 'Activity' });
  await expect(panel.getByText('Jordan Tester joined the workspace')).toBeVisible();
  expect((await read).status()).toBe(200);
  await expectNoSeriousA11yViolations(page);
  await panel.getByRole('button', { name: 'Close activity' }).click();
  await expect(panel).toBeHidden();
  await expect(page.getByRole('button', { name: 'No new activity' })).toBeVisible();

  // The owner's own doing: once its event has refreshed the dashboard's recent activity (the same
  // event would have lit the dot), the indicator is still off.
  const members = await callApi<{ items: { id: string; email: string }[] }>(request, token, 'GET', `v1/workspaces/${workspace.id}/members`);
  const joinerId = members.items.find((member) => member.email === joiner.email)!.id;
  await callApi(request, token, 'PATCH', `v1/workspaces/${workspace.id}/members/${joinerId}`, { workspaceMemberType: 'USER' });
  await expect(page.getByRole('list', { name: 'Recent activity' }).getByText('Avery made Jordan a User')).toBeVisible();
  await expect(page.getByRole('button', { name: 'No new activity' })).toBeVisible();

  await page.reload();
  await expect(page.getByRole('button', { name: 'No new activity' })).toBeVisible();
});

test.describe('at phone size', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the bell and Recent activity tell who did what to whom: invitations, plan, tasks (issue #8)', async ({ page, request }) => {
    const { person: eleanor, token, workspace } = await createOwner(request, 'Eleanor');
    const opened = streamOpened(page, workspace.id);
    await signIn(page, eleanor);
    await opened;
    // The empty state promises only what is recorded.
    await expect(page.getByText('Nothing has happened here yet.')).toBeVisible();
    await expect(
      page.getByText(
        'Invitations, new members, member type and plan changes, and tasks added, assigned, completed or overdue will appear here.',
      ),
    ).toBeVisible();

    const recent = page.getByRole('list', { name: 'Recent activity' });
    const alex = await createActivatedPerson(request, newPerson('Alex'));
    const alexToken = await addMember(request, token, workspace.id, alex, 'EXECUTIVEASSISTANT');
    await expect(recent.getByText('Eleanor invited Alex Tester as an Executive Assistant')).toBeVisible();
    await expect(recent.getByText('Alex Tester joined the workspace')).toBeVisible();

    await callApi(request, token, 'PATCH', `v1/workspaces/${workspace.id}/subscription`, { subscriptionType: 'PRO' });
    await expect(recent.getByText('Eleanor changed the plan from Free to Pro')).toBeVisible();

    const members = await callApi<{ items: { id: string; email: string }[] }>(
      request,
      token,
      'GET',
      `v1/workspaces/${workspace.id}/members`,
    );
    const alexId = members.items.find((member) => member.email === alex.email)!.id;
    const prepare = await callApi<{ id: string; version: number }>(request, token, 'POST', `v1/workspaces/${workspace.id}/tasks`, {
      title: 'Prepare talking points',
      assigneeMemberId: alexId,
    });
    await expect(recent.getByText('Eleanor assigned “Prepare talking points” to Alex')).toBeVisible();
    // Alex's doing (his arrival too) lights the dot, live; the title he typed stays text.
    await callApi(request, alexToken, 'POST', `v1/workspaces/${workspace.id}/tasks`, {
      title: '<b>Call</b> the caterer',
      assigneeMemberId: workspace.memberId,
    });
    await callApi(request, alexToken, 'PATCH', `v1/workspaces/${workspace.id}/tasks/${prepare.id}`, {
      version: prepare.version,
      status: 'DONE',
    });
    await expect(recent.getByText('Alex completed “Prepare talking points”')).toBeVisible();

    await page.getByRole('button', { name: 'New activity' }).click();
    const panel = page.getByRole('dialog', { name: 'Activity' });
    const items = panel.getByRole('list', { name: 'Activity items' });
    for (const sentence of [
      'Alex completed “Prepare talking points” (new)',
      'Alex assigned “<b>Call</b> the caterer” to Eleanor (new)',
      'Eleanor assigned “Prepare talking points” to Alex',
      'Eleanor changed the plan from Free to Pro',
      'Alex Tester joined the workspace (new)',
      'Eleanor invited Alex Tester as an Executive Assistant',
    ]) {
      await expect(items.getByText(sentence, { exact: true })).toBeVisible();
    }
    await expect(panel.locator('b')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);

    // A task's item opens the task, and the panel gets out of the way.
    await items.getByRole('link', { name: /Alex completed “Prepare talking points”/ }).click();
    await expect(panel).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`/tasks\\?task=${prepare.id}$`));
  });
});
