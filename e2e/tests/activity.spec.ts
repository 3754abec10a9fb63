import {
  addMember,
  createActivatedPerson,
  createOwner,
  expect,
  expectNoSeriousA11yViolations,
  newPerson,
  signInThroughUi,
  test,
} from './fixtures.js';

test('the activity indicator lights up live when a member joins and clears once the panel is opened', async ({ page, request }) => {
  const { person: owner, token, workspace } = await createOwner(request, 'Avery');
  await signInThroughUi(page, owner);
  await expect(page.getByRole('button', { name: 'No new activity' })).toBeVisible();

  const joiner = await createActivatedPerson(request, newPerson('Jordan'));
  await addMember(request, token, workspace.id, joiner, 'EXECUTIVEASSISTANT');
  // No reload: the server's event stream lights the dot.
  await expect(page.getByRole('button', { name: 'New activity' })).toBeVisible({ timeout: 15_000 });

  const read = page.waitForResponse((r) => r.url().endsWith(`/activity/read`) && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'New activity' }).click();
  const panel = page.getByRole('dialog', { name: 'Activity' });
  await expect(panel.getByText('Jordan Tester joined the workspace')).toBeVisible();
  expect((await read).status()).toBe(200);
  await expectNoSeriousA11yViolations(page);
  await panel.getByRole('button', { name: 'Close activity' }).click();
  await expect(panel).toBeHidden();
  await expect(page.getByRole('button', { name: 'No new activity' })).toBeVisible();

  await page.reload();
  await expect(page.getByRole('button', { name: 'No new activity' })).toBeVisible();
});
