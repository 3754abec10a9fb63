import type { APIRequestContext, Browser, Page } from '@playwright/test';
import {
  addSlackUser,
  callApi,
  connectSlackThroughUi,
  createOwner,
  disconnectSlackThroughApi,
  expect,
  holdSlackTeam,
  sendSlackEvent,
  signInThroughUi,
  slackDmChannelOf,
  slackMessagesIn,
  test,
  waitForMail,
  type Person,
  type SlackPostedMessage,
  type SlackStandInUser,
  type WorkspaceSummary,
} from './fixtures.js';

// Issue #12 "Tests → Browser": an office connects its Slack from the settings through the
// stand-in's authorize page and back, sees the status, matches a person to a Slack user, sends one
// request across Slack and email, sees a Slack answer arrive live on /questions/{id}, falls back
// to email after a failed delivery, and disconnects. One serial flow per project: the stand-in's
// one Slack team is connected to one workspace per server at a time (holdSlackTeam).

interface CreatedContact {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
}

/** A unique suffix for names and titles (projects and repeats share the stand-in and mail sink). */
const uniqueToken = () => `${Date.now().toString(36)}${process.pid}${Math.random().toString(36).slice(2, 6)}`;

/** A contact of the workspace with `email`, through the API (fixtures own their data); time zone left at UTC. */
async function createContact(request: APIRequestContext, token: string, workspaceId: string, firstName: string, email: string) {
  return callApi<CreatedContact>(request, token, 'POST', `v1/workspaces/${workspaceId}/contacts`, {
    firstName,
    lastName: `Tester${uniqueToken().slice(-6)}`,
    email,
  });
}

/** A signed-in page of its own browser context. */
async function signedInPage(browser: Browser, person: Person): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInThroughUi(page, person);
  return page;
}

/** Picks `contact` in the composer's People autocomplete by typing their last name. */
async function pickRecipient(page: Page, contact: CreatedContact): Promise<void> {
  await page.getByRole('combobox', { name: 'People' }).fill(contact.lastName);
  await page.getByRole('option', { name: new RegExp(`${contact.firstName} ${contact.lastName}`) }).click();
  await expect(page.getByRole('button', { name: `${contact.firstName} ${contact.lastName}` })).toBeVisible();
}

/** The answer buttons' /q/ link in a DM's Block Kit blocks, if any. */
function answerButtonUrl(message: SlackPostedMessage): string | undefined {
  return JSON.stringify(message.blocks ?? []).match(/https?:\/\/[^"]+\/q\/[A-Za-z0-9_-]+/)?.[0];
}

/** Waits until the bot posted `count` messages in `channel` and returns them. */
async function waitForSlackMessages(request: APIRequestContext, channel: string, count: number): Promise<SlackPostedMessage[]> {
  let messages: SlackPostedMessage[] = [];
  await expect
    .poll(
      async () => {
        messages = await slackMessagesIn(request, channel);
        return messages.length;
      },
      { message: `messages posted in ${channel}`, timeout: 30_000 },
    )
    .toBeGreaterThanOrEqual(count);
  return messages;
}

test.describe.serial('an office runs a question campaign across Slack and email @postgres', () => {
  let owner: { person: Person; token: string; workspace: WorkspaceSummary };
  let letGo: (() => void) | undefined;

  test.beforeAll(async ({ request }, testInfo) => {
    test.setTimeout(200_000); // may wait for the a11y spec's connection to end (holdSlackTeam)
    owner = await createOwner(request, 'Arthur');
    letGo = await holdSlackTeam(testInfo);
  });

  test.afterAll(async ({ request }) => {
    try {
      if (owner) await disconnectSlackThroughApi(request, owner.token, owner.workspace.id);
    } finally {
      letGo?.();
    }
  });

  test('connect from the settings, match a person, send one request to Slack and email, and see the Slack answer live', async ({
    browser,
    request,
    baseURL,
  }) => {
    test.slow(); // the OAuth round trip, a mail, DMs and a live answer
    const { token, workspace } = owner;
    const office = await signedInPage(browser, owner.person);
    try {
      // On FREE the Slack tab says Slack is on Pro, without a way to connect.
      await office.goto('/workspaces/settings?tab=slack');
      await expect(office.getByText('Slack is included in the Pro and Enterprise plans.')).toBeVisible();
      await expect(office.getByRole('button', { name: 'Connect Slack' })).toHaveCount(0);
      await callApi(request, token, 'PATCH', `v1/workspaces/${workspace.id}/subscription`, { subscriptionType: 'PRO' });

      // Cancel on Slack's page: back on the tab with the reason, nothing stored.
      await office.reload();
      await office.getByRole('button', { name: 'Connect Slack' }).click();
      await expect(office.getByRole('heading', { level: 1, name: /Acme Office Slack workspace/ })).toBeVisible();
      await office.getByRole('link', { name: 'Cancel' }).click();
      await expect(office).toHaveURL(/\/workspaces\/settings\?tab=slack$/);
      await expect(office.getByText('You cancelled the connection in Slack.')).toBeVisible();
      await expect(office.getByText('Slack is not connected.')).toBeVisible();

      // Allow: connected, with the team, who installed it and the scopes.
      await connectSlackThroughUi(office);
      const details = office.getByRole('definition');
      await expect(details.filter({ hasText: 'Acme Office' })).toBeVisible();
      await expect(details.filter({ hasText: `${owner.person.firstName} ${owner.person.lastName}` })).toBeVisible();
      const scopes = office.getByRole('list', { name: 'Scopes' });
      await expect(scopes.getByText('chat:write', { exact: true })).toBeVisible();
      await expect(scopes.getByText('users:read.email', { exact: true })).toBeVisible();

      // Two people: Dana is in Slack, Lee only has an email.
      const slackDana = await addSlackUser(request, { firstName: 'Dana', tz: 'Europe/Lisbon' });
      const dana = await createContact(request, token, workspace.id, 'Dana', slackDana.email);
      const lee = await createContact(request, token, workspace.id, 'Lee', `lee.${uniqueToken()}@example.test`);

      // Dana's page: Find in Slack → the candidate → Confirm match.
      await office.goto(`/questions/people/${dana.id}`);
      await expect(office.getByRole('heading', { level: 1, name: `Dana ${dana.lastName}` })).toBeVisible();
      await expect(office.getByText('Not matched to a Slack user yet.')).toBeVisible();
      await office.getByRole('button', { name: 'Find in Slack' }).click();
      const found = office.getByRole('group', { name: 'Slack user found' });
      await expect(found.getByText(`@${slackDana.name}`)).toBeVisible();
      await expect(found.getByText('Confirming also sets their time zone to Europe/Lisbon.')).toBeVisible();
      await found.getByRole('button', { name: 'Confirm match' }).click();
      // In the page, not the success toast ("… is matched to @… in Slack." also contains it).
      await expect(office.getByRole('main').getByText(`Matched to @${slackDana.name} in Slack.`)).toBeVisible();

      // One request to both, "Slack where possible".
      const title = `Board prep ${uniqueToken()}`;
      await office.goto('/questions/new');
      await office.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
      await expect(office).toHaveURL(/\/questions\/[0-9a-f-]{36}$/, { timeout: 30_000 });
      await expect(office.getByRole('heading', { level: 1, name: 'Draft request' })).toBeVisible();
      await office.getByRole('textbox', { name: 'Context', exact: true }).fill('The board meets on Thursday.');
      const questions = office.getByRole('list', { name: 'Questions' });
      await questions
        .getByRole('listitem', { name: 'Question 1' })
        .getByRole('textbox', { name: 'Question', exact: true })
        .fill('What worries you most about Q3?');
      await office.getByRole('button', { name: 'Add question' }).click();
      await questions
        .getByRole('listitem', { name: 'Question 2' })
        .getByRole('textbox', { name: 'Question', exact: true })
        .fill('Which region needs help first?');
      await pickRecipient(office, dana);
      await pickRecipient(office, lee);
      await expect(office.getByRole('radio', { name: 'Slack where possible' })).toBeChecked();
      await expect(office.getByText('People matched in Slack get a direct message; everyone else gets an email.')).toBeVisible();
      const sentAt = Date.now();
      await office.getByRole('button', { name: 'Send', exact: true }).click();
      await expect(office.getByRole('heading', { level: 1, name: title })).toBeVisible({ timeout: 30_000 });
      const requestId = office.url().split('/').at(-1)!;

      // The detail: Slack for Dana, Email for Lee.
      const people = office.getByRole('list', { name: 'People asked' });
      const danaRow = people.getByRole('listitem', { name: `Dana ${dana.lastName}` });
      const leeRow = people.getByRole('listitem', { name: `Lee ${lee.lastName}` });
      await expect(danaRow.getByText('Slack', { exact: true })).toBeVisible();
      await expect(leeRow.getByText('Email', { exact: true })).toBeVisible();

      // Dana got the DM: the opening message with the button to her /q link, then one message per question.
      const dm = slackDmChannelOf(slackDana.id);
      const posted = await waitForSlackMessages(request, dm, 3);
      expect(posted).toHaveLength(3);
      expect(posted[0]!.text).toContain(title);
      expect(answerButtonUrl(posted[0]!)).toMatch(new RegExp(`^${baseURL}/q/`));
      expect(posted[1]!.text).toContain('Question 1 of 2: What worries you most about Q3?');
      expect(posted[2]!.text).toContain('Question 2 of 2: Which region needs help first?');
      // Lee got the mail, and no DM went to anyone else.
      await waitForMail(request, lee.email, new RegExp(`Arthur asks: ${title}`), sentAt);

      // Dana answers the first question in its DM thread: live on the request, without a reload.
      await sendSlackEvent(request, baseURL!, {
        type: 'message',
        channel: dm,
        channel_type: 'im',
        user: slackDana.id,
        text: 'Hiring in the north.',
        ts: `${Math.floor(Date.now() / 1000)}.900001`,
        thread_ts: posted[1]!.ts,
      });
      await expect(office.getByRole('list', { name: 'Answers by person' }).getByText('Hiring in the north.')).toBeVisible({
        timeout: 30_000,
      });
      expect(office.url()).toContain(`/questions/${requestId}`);
    } finally {
      await office.context().close();
    }
  });

  test('a DM that Slack refuses shows on the person’s row, and "Send by email instead" mails them', async ({ browser, request }) => {
    const { token, workspace } = owner;
    const base = `v1/workspaces/${workspace.id}`;
    const closed: SlackStandInUser = await addSlackUser(request, { firstName: 'Kim', dmClosed: true });
    const kim = await createContact(request, token, workspace.id, 'Kim', closed.email);
    await callApi(request, token, 'PUT', `${base}/contacts/${kim.id}/slack`, { slackUserId: closed.id }, 200);
    const title = `Venue check ${uniqueToken()}`;
    const draft = await callApi<{ id: string; version: number }>(request, token, 'POST', `${base}/question-requests`, {
      title,
      context: 'Where should the offsite be?',
      items: [{ kind: 'OPEN_TEXT', prompt: 'Which venue do you prefer?', required: true }],
      channel: 'SLACK',
      contactIds: [kim.id],
    });
    await callApi(request, token, 'POST', `${base}/question-requests/${draft.id}/send`, { version: draft.version }, 200);

    const office = await signedInPage(browser, owner.person);
    try {
      await office.goto(`/questions/${draft.id}`);
      await expect(office.getByRole('heading', { level: 1, name: title })).toBeVisible();
      const kimRow = office.getByRole('list', { name: 'People asked' }).getByRole('listitem', { name: `Kim ${kim.lastName}` });
      const warning = kimRow.getByRole('alert').filter({ hasText: /^Slack could not deliver: they turned off messages from apps/ });
      await expect(warning).toBeVisible({ timeout: 30_000 });
      const emailedAt = Date.now();
      await kimRow.getByRole('button', { name: `Send by email instead to Kim ${kim.lastName}` }).click();
      const mail = await waitForMail(request, kim.email, new RegExp(`Arthur asks: ${title}`), emailedAt);
      expect(mail.text).toMatch(/\/q\/[A-Za-z0-9_-]+/);
      await expect(warning).toHaveCount(0);
      await expect(kimRow.getByText('Email', { exact: true })).toBeVisible();
      // Nothing reached Slack for Kim.
      expect(await slackMessagesIn(request, slackDmChannelOf(closed.id))).toEqual([]);
    } finally {
      await office.context().close();
    }
  });

  test('disconnect from the settings after a confirmation', async ({ browser }) => {
    const office = await signedInPage(browser, owner.person);
    try {
      await office.goto('/workspaces/settings?tab=slack');
      await expect(office.getByText('Connected', { exact: true })).toBeVisible();
      await office.getByRole('button', { name: 'Disconnect' }).click();
      const dialog = office.getByRole('dialog', { name: 'Disconnect Slack?' });
      await dialog.getByRole('button', { name: 'Disconnect' }).click();
      await expect(office.getByText('Slack is disconnected from Acme Office.')).toBeVisible();
      await expect(office.getByText('Slack is not connected.')).toBeVisible();
      await expect(office.getByText(`Disconnected by ${owner.person.firstName} ${owner.person.lastName}`)).toBeVisible();
      await expect(office.getByRole('button', { name: 'Connect Slack' })).toBeVisible();
    } finally {
      await office.context().close();
    }
  });
});
