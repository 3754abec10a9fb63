import type { Page } from '@playwright/test';
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
} from './fixtures.js';

/** Resolves once the workspace's event stream answered 200 (the headers arrived: it is live). */
const streamOpened = (page: Page, workspaceId: string) =>
  page.waitForResponse((response) => response.url().endsWith(`/workspaces/${workspaceId}/events`) && response.status() === 200);

test('the activity indicator lights up live for another member’s doing, not for one’s own, and clears once read', async ({
  page,
  request,
}) => {
  const { person: owner, token, workspace } = await createOwner(request, 'Avery');
  const opened = streamOpened(page, workspace.id);
  await signInThroughUi(page, owner);
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
