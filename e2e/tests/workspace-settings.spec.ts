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
  waitForCode,
} from './fixtures.js';

test('an owner invites an assistant, who signs in with the emailed code and sees the workspace @postgres', async ({
  page,
  request,
  browser,
}) => {
  const { person: owner, workspace } = await createOwner(request, 'Olive');
  await signIn(page, owner);

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Workspace settings' }).click();
  await expect(page).toHaveURL(/\/workspaces\/settings$/);
  await page.getByRole('tab', { name: 'Members' }).click();
  await expect(page).toHaveURL(/\?tab=members$/);

  const assistant = newPerson('Jordan');
  await page.getByRole('button', { name: 'Invite member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite a member' });
  await dialog.getByLabel('First name').fill(assistant.firstName);
  await dialog.getByLabel('Last name').fill('Reyes');
  await dialog.getByLabel('Email').fill(assistant.email);
  await expect(dialog.getByRole('combobox', { name: 'Member type' })).toHaveText('Executive Assistant');
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: assistant.email });
  await expect(row.getByText('Invited')).toBeVisible();
  await expect(row.getByRole('button', { name: 'Resend invitation to Jordan Reyes' })).toBeVisible();

  // The invitee signs in without a password, with the code mailed to them.
  const context = await browser.newContext();
  const invitee = await context.newPage();
  await invitee.goto('/auth/passwordless');
  const before = Date.now();
  await invitee.getByLabel('Email').fill(assistant.email);
  await invitee.getByRole('button', { name: 'Send code' }).click();
  const code = await waitForCode(request, assistant.email, /sign-in code/, before);
  await invitee.getByLabel('Digit 1 of 6').click();
  await invitee.keyboard.type(code);
  await expect(invitee).toHaveURL(/\/dashboard\/home$/);
  await expect(invitee.getByRole('button', { name: `${workspace.name}, Executive Assistant: switch workspace` })).toBeVisible();
  await context.close();

  // Joined: the owner's table no longer says "Invited".
  await page.reload();
  await expect(page.getByRole('row').filter({ hasText: assistant.email })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: assistant.email }).getByText('Invited')).toBeHidden();
});

test("an owner changes a member's type; the plan limit is named when the workspace is full", async ({ page, request }) => {
  const { person: owner, token, workspace } = await createOwner(request, 'Avery');
  const member = await createActivatedPerson(request, newPerson('Rowan'));
  await addMember(request, token, workspace.id, member, 'USER');
  await signIn(page, owner);
  await page.goto('/workspaces/settings?tab=members');

  const select = page.getByRole('combobox', { name: 'Member type of Rowan Tester' });
  await expect(select).toHaveText('User');
  await select.click();
  await page.getByRole('option', { name: 'Executive Assistant' }).click();
  await expect(page.getByText('Rowan Tester is now an Executive Assistant.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Member type of Rowan Tester' })).toHaveText('Executive Assistant');

  // FREE allows 3 members (PRODUCT §8): the third invitation fills it, the fourth is refused.
  await callApi(request, token, 'POST', `v1/workspaces/${workspace.id}/members`, {
    email: newPerson('Sky').email,
    firstName: 'Sky',
    lastName: 'Tester',
    workspaceMemberType: 'GUEST',
  });
  await page.reload();
  await page.getByRole('button', { name: 'Invite member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite a member' });
  await dialog.getByLabel('First name').fill('Morgan');
  await dialog.getByLabel('Last name').fill('Tester');
  await dialog.getByLabel('Email').fill(newPerson('Morgan').email);
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(dialog.getByRole('alert')).toContainText(/member/i);
});

test('a guest sees the settings read-only: no control they can never use, and a note of why (issue #8)', async ({ page, request }) => {
  const { token, workspace } = await createOwner(request, 'Harper');
  const guest = await createActivatedPerson(request, newPerson('Gale'));
  await addMember(request, token, workspace.id, guest, 'GUEST');
  await signIn(page, guest);
  // The guest's own sign-up workspace comes first; switch to the shared one.
  await page.goto('/');
  await page.getByRole('button', { name: /switch workspace/ }).click();
  await page.getByRole('menuitem', { name: new RegExp(workspace.name) }).click();
  await expect(page.getByRole('button', { name: `${workspace.name}, Guest: switch workspace` })).toBeVisible();

  await page.goto('/workspaces/settings');
  await expect(page.getByText('Only an owner or the executive can rename the workspace.')).toBeVisible();
  await expect(page.getByRole('main').getByText(workspace.name, { exact: true }).last()).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Workspace name' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Save name' })).toHaveCount(0);

  await page.getByRole('tab', { name: 'Members' }).click();
  await expect(page.getByRole('table')).toContainText('Harper Tester');
  await expect(page.getByText('Only an owner or the executive can invite, change or remove members.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Invite member' })).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: /Member type of/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Remove / })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Resend invitation/ })).toHaveCount(0);
  // Leaving is the guest's own choice and possible: enabled.
  await expect(page.getByRole('button', { name: 'Leave workspace' })).toBeEnabled();

  await page.getByRole('tab', { name: 'Subscription' }).click();
  await expect(page.getByText('Only an owner or the executive can change the plan.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Change plan' })).toHaveCount(0);
  await expect(page.getByRole('progressbar', { name: 'Members' })).toBeVisible();
});

test('switching workspace changes the header and survives a reload', async ({ page, request }) => {
  const { person, token, workspace } = await createOwner(request, 'Sasha');
  const second = await callApi<{ id: string; name: string }>(request, token, 'POST', 'v1/workspaces', { name: 'Second office' });
  await signIn(page, person);
  await expect(page.getByRole('button', { name: `${workspace.name}, Owner: switch workspace` })).toBeVisible();

  await page.getByRole('button', { name: /switch workspace/ }).click();
  await expect(page.getByRole('menuitem', { name: /Second office/ })).toBeVisible();
  await page.getByRole('menuitem', { name: /Second office/ }).click();
  await expect(page.getByRole('button', { name: 'Second office, Owner: switch workspace' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('currentOrganization'))).toBe(second.id);

  await page.reload();
  await expect(page.getByRole('button', { name: 'Second office, Owner: switch workspace' })).toBeVisible();
  await page.goto('/workspaces/settings');
  await expect(page.getByLabel('Workspace name')).toHaveValue('Second office');
});

test('every settings tab is free of serious accessibility violations, and the tab survives a reload', async ({ page, request }) => {
  const { person, token, workspace } = await createOwner(request, 'Ellis');
  await addMember(request, token, workspace.id, await createActivatedPerson(request, newPerson('Noor')), 'EXECUTIVE');
  await signIn(page, person);
  await page.goto('/workspaces/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Workspace settings' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  for (const tab of ['Members', 'Subscription']) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByRole('heading', { level: 2, name: tab })).toBeVisible();
    await expect(page.getByRole('status')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
  }
  await page.getByRole('tab', { name: 'Subscription' }).click();
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Subscription' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('button', { name: 'Change plan' }).click();
  await expect(page.getByRole('dialog', { name: 'Change plan' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('an assistant invites only users and guests, each described, and sees no bin or type control (phone, issue #8)', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const { token, workspace } = await createOwner(request, 'Blake');
  await callApi(request, token, 'PATCH', `v1/workspaces/${workspace.id}/subscription`, { subscriptionType: 'PRO' });
  await addMember(request, token, workspace.id, await createActivatedPerson(request, newPerson('Eden')), 'EXECUTIVE');
  const assistant = await createActivatedPerson(request, newPerson('Asha'));
  await addMember(request, token, workspace.id, assistant, 'EXECUTIVEASSISTANT');
  // Two pending invitations: a guest (the assistant may invite guests) and an owner (they may not).
  const invite = (firstName: string, workspaceMemberType: string) =>
    callApi(request, token, 'POST', `v1/workspaces/${workspace.id}/members`, {
      email: newPerson(firstName).email,
      firstName,
      lastName: 'Tester',
      workspaceMemberType,
    });
  await invite('Gus', 'GUEST');
  await invite('Opal', 'OWNER');

  await signIn(page, assistant);
  await page.evaluate((id) => localStorage.setItem('currentOrganization', id), workspace.id);
  await page.goto('/workspaces/settings?tab=members');
  await expect(page.getByRole('button', { name: `${workspace.name}, Executive Assistant: switch workspace` })).toBeVisible();
  await expect(page.getByRole('table')).toContainText('Eden Tester');

  // Never possible for an assistant: no bins, no type selects (PRODUCT §6) — and a note says so.
  await expect(page.getByText('Only an owner or the executive can change member types or remove members.')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Remove / })).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: /Member type of/ })).toHaveCount(0);
  // Resending: only the invitation of a type the assistant may grant.
  await expect(page.getByRole('button', { name: 'Resend invitation to Gus Tester' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Resend invitation to Opal Tester' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Invite member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite a member' });
  const type = dialog.getByRole('combobox', { name: 'Member type' });
  await expect(type).toHaveText('User');
  await expect(dialog.getByText('Staff who help: sees briefs and questions, creates tasks, edits their own.')).toBeVisible();
  await type.click();
  const options = page.getByRole('listbox').getByRole('option');
  await expect(options).toHaveCount(2);
  await expect(page.getByRole('option', { name: 'User', exact: true })).toHaveAccessibleDescription(
    'Staff who help: sees briefs and questions, creates tasks, edits their own.',
  );
  const guest = page.getByRole('option', { name: 'Guest', exact: true });
  await expect(guest).toContainText('Read-only outsider: sees ready briefs and the tasks assigned to them.');
  await guest.click();
  await expect(type).toHaveText('Guest');
  await expect(dialog.getByText('Read-only outsider: sees ready briefs and the tasks assigned to them.')).toBeVisible();
});

test('an owner chooses types with their descriptions; what is impossible for now says why in text (issue #8)', async ({
  page,
  request,
}) => {
  const { person: owner, token, workspace } = await createOwner(request, 'Cass');
  await addMember(request, token, workspace.id, await createActivatedPerson(request, newPerson('Noor')), 'EXECUTIVE');
  await addMember(request, token, workspace.id, await createActivatedPerson(request, newPerson('Rio')), 'USER');
  await signIn(page, owner);
  await page.goto('/workspaces/settings?tab=members');

  // Changing a type: every type, described; the executive is taken, and the option says by whom.
  await page.getByRole('combobox', { name: 'Member type of Rio Tester' }).click();
  await expect(page.getByRole('option')).toHaveCount(5);
  const executive = page.getByRole('option', { name: 'Executive', exact: true });
  await expect(executive).toHaveAttribute('aria-disabled', 'true');
  await expect(executive).toContainText('Taken: Noor Tester is the executive.');
  await expect(page.getByRole('option', { name: 'Owner', exact: true })).toHaveAccessibleDescription(
    'Runs the workspace: name, plan, members and all the work.',
  );
  await page.keyboard.press('Escape');

  // Inviting: every type (an owner may grant any), the executive again taken.
  await page.getByRole('button', { name: 'Invite member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite a member' });
  await expect(dialog.getByRole('combobox', { name: 'Member type' })).toHaveText('Executive Assistant');
  await expect(dialog.getByText('Prepares briefs, questions and tasks; invites users and guests.')).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Member type' }).click();
  await expect(page.getByRole('option')).toHaveCount(5);
  await expect(page.getByRole('option', { name: 'Executive', exact: true })).toContainText('Taken: Noor Tester is the executive.');
  await page.keyboard.press('Escape');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // Leaving one's only workspace is impossible for now: disabled, with the reason on screen.
  const leave = page.getByRole('button', { name: 'Leave workspace' });
  await expect(leave).toBeDisabled();
  await expect(page.getByText('This is your only workspace, so you cannot leave it.')).toBeVisible();
  await expect(leave).toHaveAccessibleDescription('This is your only workspace, so you cannot leave it.');
});
