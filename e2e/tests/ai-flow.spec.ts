import type { APIRequestContext, Browser, Page } from '@playwright/test';
import {
  callApi,
  createAnsweredRequest,
  createOwner,
  expect,
  signIn,
  signInThroughUi,
  test,
  waitForMail,
  type Person,
} from './fixtures.js';

// Issue #11 "Tests → Browser", with the built-in provider (no AI_* settings): the office generates
// questions, edits them and sends them by email; two people answer on a phone and disagree; the
// answers are summarised (progress, then the review citing people by name), an action item becomes
// a task, the summary is published, read signed out on a phone and unpublished (410). A brief
// section is drafted from the answers (Accept saves, Discard writes nothing), and a confidential
// request's "Summarise answers" says why it is unavailable.

interface CreatedContact {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
}

/** A token unique to this run, worker and call (data of one run never meets another's). */
const uniqueToken = () => `${Date.now().toString(36)}${process.pid}${Math.random().toString(36).slice(2, 6)}`;

/** A contact made through the API (fixtures own their data); a unique last name and email each. */
async function createContact(request: APIRequestContext, token: string, workspaceId: string, firstName: string, lastName: string) {
  const unique = uniqueToken();
  return callApi<CreatedContact>(request, token, 'POST', `v1/workspaces/${workspaceId}/contacts`, {
    firstName,
    lastName: `${lastName}${unique.slice(0, 6)}`,
    email: `${firstName.toLowerCase()}.${unique}@example.test`,
    company: 'Northwind',
    timeZone: 'Europe/Lisbon',
  });
}

const fullName = (contact: CreatedContact) => `${contact.firstName} ${contact.lastName}`;

/** The /q/{shortUrl} address in a mail's text part. */
function answerLinkIn(text: string): string {
  const link = text.match(/https?:\/\/\S+\/q\/[A-Za-z0-9_-]+/)?.[0];
  expect(link, `no /q/ link in: ${text}`).toBeDefined();
  return link!;
}

/** A signed-in office page of its own desktop context (the clipboard allowed, for "Copy"). */
async function officePage(browser: Browser, baseURL: string | undefined, person: Person): Promise<Page> {
  const context = await browser.newContext({ baseURL, permissions: ['clipboard-read', 'clipboard-write'] });
  const page = await context.newPage();
  await signInThroughUi(page, person);
  return page;
}

/** A signed-out phone (390 × 844, touch): a fresh context with no tokens. */
async function phonePage(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  return context.newPage();
}

/**
 * Holds the next POST to `urlPattern` until `release()` is called, so the screen's progress state
 * is seen for certain (the built-in provider answers in milliseconds) before the answer arrives.
 */
async function holdRequest(page: Page, urlPattern: string) {
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    urlPattern,
    async (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      await gate;
      return route.continue();
    },
    { times: 1 },
  );
  return { release };
}

/** One person answers on the phone: a choice and a reason, then "I'm done". */
async function answerOnPhone(phone: Page, link: string, firstName: string, choice: string, reason: string): Promise<void> {
  await phone.goto(link);
  await expect(phone.getByText(`Hi ${firstName},`)).toBeVisible();
  const first = phone.getByRole('listitem', { name: 'Question 1' });
  await first.getByRole('radio', { name: choice }).check();
  await expect(first.getByText('Saved', { exact: true })).toBeVisible();
  const second = phone.getByRole('listitem', { name: 'Question 2' });
  await second.getByRole('textbox').fill(reason);
  await second.getByRole('textbox').blur();
  await expect(second.getByText('Saved', { exact: true })).toBeVisible();
  await phone.getByRole('button', { name: 'I’m done' }).click();
  await expect(phone.getByRole('heading', { name: `Thank you, ${firstName}!` })).toBeFocused();
}

test('generate questions, send them, two people disagree on a phone, summarise with citations, make a task, publish, read signed out and unpublish @postgres', async ({
  browser,
  request,
  baseURL,
}) => {
  test.slow(); // three browsers, two mails, two generations
  const { person: assistant, token, workspace } = await createOwner(request, 'Arthur');
  const dana = await createContact(request, token, workspace.id, 'Dana', 'Reyes');
  const lee = await createContact(request, token, workspace.id, 'Lee', 'Okafor');
  const unique = uniqueToken();
  const requestTitle = `Offsite vote ${unique}`;
  const summaryTitle = `Offsite summary ${unique}`;
  const office = await officePage(browser, baseURL, assistant);
  const phone = await phonePage(browser, baseURL);
  const reader = await phonePage(browser, baseURL);
  try {
    // /questions/generate: the goal, one chosen person and how many questions.
    await office.goto('/questions/generate');
    await expect(office.getByRole('heading', { level: 1, name: 'Generate questions' })).toBeVisible();
    await office.getByRole('textbox', { name: 'Goal' }).fill('Decide whether to move the offsite to Lisbon or keep it in Austin');
    const people = office.getByRole('combobox', { name: 'People' });
    await people.fill(dana.lastName);
    await office.getByRole('option', { name: new RegExp(fullName(dana)) }).click();
    await expect(office.getByRole('button', { name: fullName(dana) })).toBeVisible();
    await office.getByRole('spinbutton', { name: 'Number of questions' }).fill('3');
    const generated = office.waitForResponse(
      (response) => response.url().endsWith('/questions/generate') && response.request().method() === 'POST',
    );
    await office.getByRole('button', { name: 'Generate', exact: true }).click();
    expect((await generated).status()).toBe(200);

    // The proposal: three questions, each with the reason it is asked.
    const proposal = office.getByRole('list', { name: 'Proposed questions' });
    const proposed = proposal.getByRole('listitem', { name: /^Question \d$/ });
    await expect(proposed).toHaveCount(3);
    for (const item of await proposed.all()) await expect(item.getByText('Why:')).toBeVisible();
    await expect(
      proposal.getByRole('listitem', { name: 'Question 1' }).getByRole('textbox', { name: 'Question', exact: true }),
    ).toHaveValue(/offsite/);

    // Drop the third (asked first: it has text), edit the second.
    await proposal.getByRole('button', { name: 'Remove question 3' }).click();
    const drop = office.getByRole('dialog', { name: 'Drop this question?' });
    await drop.getByRole('button', { name: 'Drop' }).click();
    await expect(drop).toBeHidden();
    await expect(proposed).toHaveCount(2);
    const secondPrompt = proposal.getByRole('listitem', { name: 'Question 2' }).getByRole('textbox', { name: 'Question', exact: true });
    await secondPrompt.fill('What is the main reason for your choice?');
    const firstPrompt = await proposal
      .getByRole('listitem', { name: 'Question 1' })
      .getByRole('textbox', { name: 'Question', exact: true })
      .inputValue();

    // The composer holds the two questions and Dana; a unique title, Lee added, by email.
    await office.getByRole('button', { name: 'Continue to composer' }).click();
    await expect(office).toHaveURL(/\/questions\/[0-9a-f-]{36}$/, { timeout: 30_000 });
    await expect(office.getByRole('heading', { level: 1, name: 'Draft request' })).toBeVisible();
    const composerItems = office.getByRole('list', { name: 'Questions' }).getByRole('listitem', { name: /^Question \d$/ });
    await expect(composerItems).toHaveCount(2);
    await expect(composerItems.nth(0).getByRole('textbox', { name: 'Question', exact: true })).toHaveValue(firstPrompt);
    await expect(composerItems.nth(1).getByRole('textbox', { name: 'Question', exact: true })).toHaveValue(
      'What is the main reason for your choice?',
    );
    await expect(office.getByRole('button', { name: fullName(dana) })).toBeVisible();
    await office.getByRole('textbox', { name: 'Title', exact: true }).fill(requestTitle);
    await office.getByRole('combobox', { name: 'People' }).fill(lee.lastName);
    await office.getByRole('option', { name: new RegExp(fullName(lee)) }).click();
    await expect(office.getByRole('button', { name: fullName(lee) })).toBeVisible();
    await office.getByRole('radio', { name: 'Email' }).check();
    const sentAt = Date.now();
    await office.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(office.getByRole('heading', { level: 1, name: requestTitle })).toBeVisible({ timeout: 30_000 });
    const requestId = office.url().split('/').at(-1)!;

    // Each opens their mailed link on a phone; they disagree.
    const danaMail = await waitForMail(request, dana.email, new RegExp(`Arthur asks: ${requestTitle}`), sentAt);
    const leeMail = await waitForMail(request, lee.email, new RegExp(`Arthur asks: ${requestTitle}`), sentAt);
    await answerOnPhone(
      phone,
      answerLinkIn(danaMail.text),
      'Dana',
      'Lisbon',
      'Lisbon cuts the travel time for the European leads. We should book the venue by Friday.',
    );
    await answerOnPhone(
      phone,
      answerLinkIn(leeMail.text),
      'Lee',
      'Austin',
      'I disagree with moving it. The sales team is in Austin and flying everyone to Europe will blow the budget.',
    );

    // "Summarise answers" on the request: step 1 has the request chosen.
    await office.goto(`/questions/${requestId}`);
    await expect(office.getByRole('list', { name: 'Answers by person' }).getByText('Austin', { exact: true })).toBeVisible({
      timeout: 30_000,
    });
    await office.getByRole('link', { name: 'Summarise answers' }).click();
    await expect(office).toHaveURL(new RegExp(`/questions/summaries/new\\?requestId=${requestId}$`));
    await expect(office.getByRole('heading', { level: 1, name: 'New summary' })).toBeVisible();
    await expect(office.getByRole('checkbox', { name: new RegExp(requestTitle) })).toBeChecked();
    await office.getByRole('textbox', { name: 'Title' }).fill(summaryTitle);
    const held = await holdRequest(office, '**/summaries/generate');
    await office.getByRole('button', { name: 'Generate', exact: true }).click();
    await expect(office.getByRole('progressbar', { name: 'Generating the summary' })).toBeVisible();
    held.release();
    await expect(office).toHaveURL(/\/questions\/summaries\/step2\?id=[0-9a-f-]{36}$/, { timeout: 30_000 });
    await expect(office.getByRole('heading', { level: 1, name: 'Review the summary' })).toBeVisible();

    // The review: key points cite both people by name.
    const keyPoints = office.getByRole('region', { name: 'Key points' });
    await expect(keyPoints.getByRole('textbox', { name: 'Key point 1' })).toBeVisible();
    await expect(keyPoints.getByRole('listitem', { name: `${fullName(dana)}'s answer (show)` }).first()).toBeVisible();
    await expect(keyPoints.getByRole('listitem', { name: `${fullName(lee)}'s answer (show)` }).first()).toBeVisible();

    // Dana's "we should book the venue" became an action item: make a task of it.
    const actions = office.getByRole('region', { name: 'Action items' });
    await expect(actions.getByRole('textbox', { name: 'Action item 1' })).toHaveValue(/book the venue by Friday/i);
    await actions.getByRole('button', { name: 'Make task' }).first().click();
    const makeTask = office.getByRole('dialog', { name: 'Make a task' });
    await makeTask.getByRole('button', { name: 'Make task' }).click();
    await expect(makeTask).toBeHidden();
    await expect(actions.getByRole('link', { name: 'Open the task' })).toBeVisible();

    await office.getByRole('button', { name: 'Save summary' }).click();
    await expect(office).toHaveURL(/\/questions\/summaries\/[0-9a-f-]{36}$/, { timeout: 30_000 });
    await expect(office.getByRole('heading', { level: 1, name: summaryTitle })).toBeVisible();
    await expect(
      office
        .getByRole('region', { name: 'Key points' })
        .getByText(new RegExp(fullName(lee)))
        .first(),
    ).toBeVisible();

    // Publish (default expiry) and copy the /s link.
    await office.getByRole('button', { name: 'Publish', exact: true }).click();
    const publish = office.getByRole('dialog', { name: 'Publish summary' });
    await publish.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect(publish).toBeHidden();
    const linkPanel = office.getByRole('region', { name: 'Public link' });
    await expect(linkPanel.getByRole('textbox', { name: 'Link' })).toHaveValue(/\/s\/[A-Za-z0-9_-]+$/);
    await linkPanel.getByRole('button', { name: 'Copy' }).click();
    await expect(office.getByText('Link copied.')).toBeVisible();
    const publicLink = await office.evaluate(() => navigator.clipboard.readText());
    expect(publicLink).toBe(await linkPanel.getByRole('textbox', { name: 'Link' }).inputValue());

    // Signed out on a phone: title, key points with names, and the counts.
    await reader.goto(publicLink);
    await expect(reader.getByRole('heading', { level: 1, name: summaryTitle })).toBeVisible();
    await expect(reader.getByRole('heading', { level: 2, name: 'Key points' })).toBeVisible();
    await expect(reader.getByText(new RegExp(`— .*${fullName(lee)}`)).first()).toBeVisible();
    // The counted key point names each side once (the built-in once repeated "others: Austin 1").
    await expect(reader.getByText(/^Split: 1 chose Lisbon and 1 Austin\b/).first()).toBeVisible();
    await expect(reader.getByText(/others:/)).toHaveCount(0);
    await expect(reader.getByText('1 of 2 said “Lisbon”')).toBeVisible();
    await expect(reader.getByText('1 of 2 said “Austin”')).toBeVisible();
    await expect(reader.getByText('Book the venue by Friday.')).toBeVisible();
    expect(await reader.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    // Unpublish (asked first): the link answers 410 and the page says so.
    await linkPanel.getByRole('button', { name: 'Unpublish' }).click();
    const unpublish = office.getByRole('dialog', { name: 'Unpublish this summary?' });
    await unpublish.getByRole('button', { name: 'Unpublish' }).click();
    await expect(unpublish).toBeHidden();
    await expect(linkPanel.getByText(/is no longer active/)).toBeVisible();
    const gone = reader.waitForResponse((response) => /\/api\/v1\/public\/summaries\//.test(response.url()));
    await reader.reload();
    expect((await gone).status()).toBe(410);
    await expect(reader.getByRole('heading', { level: 1, name: 'This link is no longer active' })).toBeVisible();
    await expect(reader.getByText(summaryTitle)).toHaveCount(0);
  } finally {
    await office.context().close();
    await phone.context().close();
    await reader.context().close();
  }
});

interface BriefDto {
  id: string;
  version: number;
  sections: { id: string; heading: string; body: string }[];
}

test('"Draft with AI" on a brief section: the review cites its sources, Accept puts the draft in the section and saves it, Discard writes nothing', async ({
  page,
  request,
}) => {
  const { person, token, workspace } = await createOwner(request, 'Olive');
  const answered = await createAnsweredRequest(request, token, workspace.id, { title: `Offsite vote ${uniqueToken()}` });
  const briefPath = `v1/workspaces/${workspace.id}/briefs`;
  const brief = await callApi<BriefDto>(request, token, 'POST', briefPath, {
    title: `Offsite planning ${uniqueToken()}`,
    sections: [{ heading: 'Venue', body: '' }],
  });
  await signIn(page, person);
  await page.goto(`/executive-briefs/${brief.id}`);
  const body = page.getByRole('textbox', { name: 'Text of “Venue”' });
  await expect(body).toHaveValue('');

  // Draft: the review shows sentences, each with its source chips; nothing is in the section yet.
  await page.getByRole('button', { name: 'Draft with AI: “Venue”' }).click();
  const drafted = page.waitForResponse((response) => response.url().endsWith(`/briefs/${brief.id}/draft`));
  await page.getByRole('form', { name: 'Draft with AI: “Venue”' }).getByRole('button', { name: 'Draft', exact: true }).click();
  expect((await drafted).status()).toBe(200);
  const review = page.getByRole('region', { name: 'AI draft for “Venue”' });
  const sentences = review
    .getByRole('list', { name: 'Drafted sentences' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('list', { name: 'Sources' }) });
  await expect(sentences.first()).toBeVisible();
  await expect(review.getByText(/The venue in Lisbon is cheaper/)).toBeVisible();
  const [dana] = answered.contacts;
  await expect(review.getByRole('link', { name: new RegExp(`^Source: ${dana.firstName} ${dana.lastName}`) }).first()).toBeVisible();
  await expect(body).toHaveValue('');

  // Accept: the section holds the draft, it is saved and a reload shows it.
  const saved = page.waitForResponse(
    (response) => response.url().endsWith(`/briefs/${brief.id}`) && response.request().method() === 'PATCH' && response.ok(),
  );
  await review.getByRole('button', { name: 'Accept' }).click();
  await expect(review).toBeHidden();
  await expect(body).toHaveValue(/The venue in Lisbon is cheaper/);
  await saved;
  await expect(page.getByRole('status').filter({ hasText: /^Saved$/ })).toBeVisible();
  const accepted = await body.inputValue();
  await page.reload();
  await expect(body).toHaveValue(accepted);
  const afterAccept = await callApi<BriefDto>(request, token, 'GET', `${briefPath}/${brief.id}`);
  expect(afterAccept.sections[0]!.body).toBe(accepted);

  // A second draft, discarded: the section and the stored brief stay as they were.
  await page.getByRole('button', { name: 'Draft with AI: “Venue”' }).click();
  await page.getByRole('form', { name: 'Draft with AI: “Venue”' }).getByRole('button', { name: 'Draft', exact: true }).click();
  await expect(review.getByRole('list', { name: 'Drafted sentences' })).toBeVisible();
  await review.getByRole('button', { name: 'Discard' }).click();
  await expect(review).toBeHidden();
  await expect(page.getByRole('button', { name: 'Draft with AI: “Venue”' })).toBeVisible();
  await expect(body).toHaveValue(accepted);
  const afterDiscard = await callApi<BriefDto>(request, token, 'GET', `${briefPath}/${brief.id}`);
  expect(afterDiscard).toMatchObject({ version: afterAccept.version, sections: [{ body: accepted }] });
});

test('a confidential request: "Summarise answers" is disabled and says why', async ({ page, request }) => {
  const { person, token, workspace } = await createOwner(request, 'Arthur');
  const secret = await createAnsweredRequest(request, token, workspace.id, { title: `Board pay ${uniqueToken()}`, confidential: true });
  await signIn(page, person);
  await page.goto(`/questions/${secret.id}`);
  await expect(page.getByRole('heading', { level: 1, name: secret.title })).toBeVisible();
  const summarise = page.getByRole('button', { name: 'Summarise answers' });
  await expect(summarise).toBeDisabled();
  await expect(summarise).toHaveAccessibleDescription('Confidential requests are never sent to an AI assistant.');
  await expect(page.getByText('Confidential requests are never sent to an AI assistant.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Summarise answers' })).toHaveCount(0);

  // Step 1 lists it but it cannot be chosen, with the same reason.
  await page.goto('/questions/summaries/new');
  await expect(page.getByRole('checkbox', { name: new RegExp(secret.title) })).toBeDisabled();
  await expect(page.getByText('Confidential: never sent to an AI assistant')).toBeVisible();
});
