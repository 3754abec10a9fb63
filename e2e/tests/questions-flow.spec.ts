import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import { callApi, createOwner, expect, mailsTo, signInThroughUi, test, waitForMail, type Person } from './fixtures.js';

// Issue #10 "Tests → Browser": the assistant composes a request to two people by email; one opens
// the mailed link on a phone-sized viewport, answers half, reloads, finishes; the answer appears
// live on /questions/{id} and in that person's chat; a follow-up message round-trips both ways;
// the other recipient is reminded.

interface CreatedContact {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
}

/** A contact of the workspace made through the API (fixtures own their data); a unique email each. */
export async function createContact(request: APIRequestContext, token: string, workspaceId: string, firstName: string, lastName: string) {
  const unique = `${Date.now().toString(36)}${process.pid}${Math.random().toString(36).slice(2, 6)}`;
  return callApi<CreatedContact>(request, token, 'POST', `v1/workspaces/${workspaceId}/contacts`, {
    firstName,
    lastName,
    email: `${firstName.toLowerCase()}.${unique}@example.test`,
    company: 'Northwind',
    timeZone: 'America/New_York',
  });
}

/** The /q/{shortUrl} address in a mail's text part. */
export function answerLinkIn(text: string): string {
  const link = text.match(/https?:\/\/\S+\/q\/[A-Za-z0-9_-]+/)?.[0];
  expect(link, `no /q/ link in: ${text}`).toBeDefined();
  return link!;
}

/** The local calendar date `days` from today as typed into a date field: MMDDYYYY. */
function typedDate(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(date.getMonth() + 1)}${pad(date.getDate())}${date.getFullYear()}`;
}

/** A signed-in page of its own browser context (desktop). */
async function signedInPage(browser: Browser, person: Person): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInThroughUi(page, person);
  return page;
}

/** A signed-out recipient on a phone (390 × 844, touch): a fresh context with no tokens. */
async function phonePage(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  return context.newPage();
}

/** Picks `name` in the composer's People autocomplete by typing part of it. */
async function pickRecipient(page: Page, contact: CreatedContact): Promise<void> {
  const people = page.getByRole('combobox', { name: 'People' });
  await people.fill(contact.lastName);
  await page.getByRole('option', { name: new RegExp(`${contact.firstName} ${contact.lastName}`) }).click();
  await expect(page.getByRole('button', { name: `${contact.firstName} ${contact.lastName}` })).toBeVisible();
}

const questionCard = (page: Page, number: number): Locator =>
  page.getByRole('list', { name: 'Questions' }).getByRole('listitem', { name: `Question ${number}` });

test('the assistant asks two people by email; one answers on a phone, live on the request and in the chat; messages go both ways; the other is reminded @postgres', async ({
  browser,
  request,
  baseURL,
}) => {
  test.slow(); // two browsers, five mails, live updates
  const { person: assistant, token, workspace } = await createOwner(request, 'Arthur');
  const dana = await createContact(request, token, workspace.id, 'Dana', `Reyes${Date.now().toString(36)}`);
  const lee = await createContact(request, token, workspace.id, 'Lee', `Okafor${Date.now().toString(36)}`);
  const title = `Board prep ${Date.now()}`;
  const office = await signedInPage(browser, assistant);
  const phone = await phonePage(browser, baseURL);
  try {
    // Compose on /questions/new: title, context, two questions of different kinds, two people, email, due date, reminders.
    await office.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Questions' }).click();
    await expect(office.getByRole('heading', { level: 1, name: 'Questions' })).toBeVisible();
    await office.getByRole('link', { name: 'New request' }).click();
    await expect(office).toHaveURL(/\/questions\/new$/);
    await expect(office.getByRole('heading', { level: 1, name: 'New request' })).toBeVisible();
    await office.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
    // The first save creates the draft and the address becomes /questions/{id}; the composer is
    // mounted again there (typed text is handed over, but a menu open at that moment closes), so the
    // test waits for it before opening menus.
    await expect(office).toHaveURL(/\/questions\/[0-9a-f-]{36}$/, { timeout: 30_000 });
    await expect(office.getByRole('heading', { level: 1, name: 'Draft request' })).toBeVisible();
    await office.getByRole('textbox', { name: 'Context', exact: true }).fill('The board meets on Thursday.\nTwo short questions, please.');
    await questionCard(office, 1).getByRole('textbox', { name: 'Question', exact: true }).fill('What worries you most about Q3?');
    await office.getByRole('button', { name: 'Add question' }).click();
    const second = questionCard(office, 2);
    await second.getByRole('textbox', { name: 'Question', exact: true }).fill('Which region needs help first?');
    await second.getByRole('combobox', { name: 'Answer type' }).click();
    await office.getByRole('option', { name: 'Single choice' }).click();
    await second.getByRole('textbox', { name: 'Option 1' }).fill('North');
    await second.getByRole('textbox', { name: 'Option 2' }).fill('South');
    await pickRecipient(office, dana);
    await pickRecipient(office, lee);
    await office.getByRole('radio', { name: 'Email' }).check();
    await office.getByRole('group', { name: 'Due date' }).getByRole('spinbutton', { name: 'Month' }).click();
    await office.keyboard.type(typedDate(10));
    await office.getByRole('combobox', { name: 'Reminders' }).click();
    await office.getByRole('option', { name: 'Remind after 3 days' }).click();
    // The preview shows what each person will see.
    await expect(office.getByRole('region', { name: 'Preview' }).getByText('Which region needs help first?')).toBeVisible();
    const sentAt = Date.now();
    await office.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(office.getByRole('heading', { level: 1, name: 'Draft request' })).toBeHidden({ timeout: 30_000 });
    const requestId = office.url().split('/').at(-1)!;
    await expect(office.getByRole('heading', { level: 1, name: title })).toBeVisible();
    const people = office.getByRole('list', { name: 'People asked' });
    await expect(people.getByRole('listitem')).toHaveCount(2);

    // Each person gets a mail with their own link.
    const danaMail = await waitForMail(request, dana.email, new RegExp(`Arthur asks: ${title}`), sentAt);
    const leeMail = await waitForMail(request, lee.email, new RegExp(`Arthur asks: ${title}`), sentAt);
    const danaLink = answerLinkIn(danaMail.text);
    const leeLink = answerLinkIn(leeMail.text);
    expect(danaLink).not.toBe(leeLink);

    // Dana opens hers on a phone and answers half: "Saved" under the answer.
    await phone.goto(danaLink);
    await expect(phone.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(phone.getByText('Hi Dana,')).toBeVisible();
    await expect(phone.getByText('0 of 2 answered')).toBeVisible();
    const firstQuestion = phone.getByRole('listitem', { name: 'Question 1' });
    await firstQuestion.getByRole('textbox', { name: /What worries you most about Q3\?/ }).fill('Hiring in the north.');
    await firstQuestion.getByRole('textbox').blur();
    await expect(firstQuestion.getByText('Saved', { exact: true })).toBeVisible();
    await expect(phone.getByText('1 of 2 answered')).toBeVisible();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    // Without a reload, the assistant sees Dana's answer and her state.
    const danaRow = people.getByRole('listitem', { name: `Dana ${dana.lastName}` });
    await expect(office.getByRole('list', { name: 'Answers by person' }).getByText('Hiring in the north.')).toBeVisible({
      timeout: 30_000,
    });
    await expect(danaRow.getByText('Partly answered', { exact: true })).toBeVisible();

    // A reload (or another device) continues where she stopped.
    await phone.reload();
    await expect(phone.getByRole('listitem', { name: 'Question 1' }).getByRole('textbox')).toHaveValue('Hiring in the north.');
    await expect(phone.getByText('1 of 2 answered')).toBeVisible();
    await phone.getByRole('listitem', { name: 'Question 2' }).getByRole('radio', { name: 'South' }).check();
    await expect(phone.getByRole('listitem', { name: 'Question 2' }).getByText('Saved', { exact: true })).toBeVisible();
    await phone.getByRole('button', { name: 'I’m done' }).click();
    await expect(phone.getByRole('heading', { name: 'Thank you, Dana!' })).toBeFocused();

    // Live on the request: answered, with both answers.
    await expect(danaRow.getByText(/^Answered$/)).toBeVisible({ timeout: 30_000 });
    await expect(office.getByRole('list', { name: 'Answers by person' }).getByText('South', { exact: true })).toBeVisible();

    // Dana's chat shows her answers; a follow-up reaches her by mail and on her page.
    await office.goto(`/questions/people/${dana.id}/chat`);
    await expect(office.getByRole('heading', { level: 1, name: `Conversation with Dana ${dana.lastName}` })).toBeVisible();
    const conversation = office.getByRole('list', { name: 'Conversation' });
    await expect(conversation.getByText('Hiring in the north.')).toBeVisible();
    const followUpAt = Date.now();
    await office.getByRole('textbox', { name: 'Message to Dana' }).fill('Thanks! Which hires do you mean?');
    await office.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(conversation.getByText('Thanks! Which hires do you mean?')).toBeVisible();
    await expect(office.getByRole('textbox', { name: 'Message to Dana' })).toHaveValue('');
    const followUp = await waitForMail(request, dana.email, /sent you a message about/, followUpAt);
    expect(followUp.text).toContain('Thanks! Which hires do you mean?');
    expect(answerLinkIn(followUp.text)).toBe(danaLink);
    await phone.goto(danaLink);
    const thread = phone.getByRole('list', { name: 'Messages' });
    await expect(thread.getByText('Thanks! Which hires do you mean?')).toBeVisible();

    // The message box grows with its lines (CSS field-sizing, no hidden copy measuring it) and
    // shrinks back to its two rows.
    const messageBox = phone.getByRole('textbox', { name: 'Your message' });
    const heightOf = async () => (await messageBox.boundingBox())!.height;
    const twoRows = await heightOf();
    await messageBox.fill('One\ntwo\nthree\nfour\nfive\nsix');
    expect(await heightOf()).toBeGreaterThan(twoRows + 60);
    expect(await phone.locator('textarea[aria-hidden]').count()).toBe(0);

    // Her reply from the public page appears live in the assistant's chat.
    await messageBox.fill('Two engineers for the Oslo team.');
    expect(await heightOf()).toBe(twoRows);
    await phone.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(thread.getByText('Two engineers for the Oslo team.')).toBeVisible();
    await expect(conversation.getByText('Two engineers for the Oslo team.')).toBeVisible({ timeout: 30_000 });

    // Lee has not answered: "Remind" mails him again.
    await office.goto(`/questions/${requestId}`);
    const leeRow = office.getByRole('list', { name: 'People asked' }).getByRole('listitem', { name: `Lee ${lee.lastName}` });
    await expect(office.getByRole('list', { name: 'People asked' }).getByRole('listitem', { name: `Dana ${dana.lastName}` })).toBeVisible();
    await expect(
      office.getByRole('list', { name: 'People asked' }).getByRole('button', { name: `Remind Dana ${dana.lastName}` }),
    ).toHaveCount(0);
    const remindAt = Date.now();
    await leeRow.getByRole('button', { name: `Remind Lee ${lee.lastName}` }).click();
    const reminder = await waitForMail(request, lee.email, new RegExp(`^Reminder: ${title}$`), remindAt);
    expect(answerLinkIn(reminder.text)).toBe(leeLink);
    await expect(leeRow.getByText(/1 reminder sent/)).toBeVisible();
    // Dana was not reminded: her only mails are the request and the follow-up.
    expect((await mailsTo(request, dana.email)).map((mail) => mail.subject)).toEqual([
      `Arthur asks: ${title}`,
      expect.stringMatching(/sent you a message about/),
    ]);
  } finally {
    await office.context().close();
    await phone.context().close();
  }
});
