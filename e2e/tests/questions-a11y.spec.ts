import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import { callApi, createOwner, expect, expectNoSeriousA11yViolations, signInThroughUi, test, type Person } from './fixtures.js';

// Issue #10 "axe (WCAG 2.1 AA) clean on every screen including /q": each Questions screen with
// data on it, in the light and the dark theme ("Match system" follows the browser); the answer
// page on a phone while answering, after "I'm done", and once its link is revoked (410).

interface CreatedContact {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
}
interface RequestDetail {
  id: string;
  version: number;
  recipients: { id: string; contact: { id: string }; link: { url: string } }[];
}

/** The calendar date `days` from today, YYYY-MM-DD (UTC). */
function isoDate(days: number): string {
  return new Date(Date.now() + days * 24 * 3600 * 1000).toISOString().slice(0, 10);
}

/** Every item kind, two of them required (so "I'm done" needs only those). */
const ITEMS = [
  { kind: 'OPEN_TEXT', prompt: 'What worries you most about Q3?', required: true },
  { kind: 'SINGLE_CHOICE', prompt: 'Which region needs help first?', options: ['North', 'South'], required: true },
  { kind: 'MULTI_CHOICE', prompt: 'Which topics should the board cover?', options: ['Hiring', 'Budget', 'Travel'], required: false },
  { kind: 'SCALE_1_5', prompt: 'How confident are you in the plan?', required: false },
  { kind: 'YES_NO', prompt: 'Will you attend in person?', required: false },
  { kind: 'DATE', prompt: 'When can you present?', required: false },
];

/**
 * An owner's workspace with two people, one sent request to both (channel LINK, every item kind)
 * and one closed request (for the archive), all through the API.
 */
async function createQuestionsOffice(request: APIRequestContext) {
  const owner = await createOwner(request, 'Arthur');
  const base = `v1/workspaces/${owner.workspace.id}`;
  const unique = `${Date.now().toString(36)}${process.pid}`;
  const contacts: CreatedContact[] = [];
  for (const [firstName, lastName] of [
    ['Dana', 'Reyes'],
    ['Lee', 'Okafor'],
  ] as const) {
    contacts.push(
      await callApi<CreatedContact>(request, owner.token, 'POST', `${base}/contacts`, {
        firstName,
        lastName,
        email: `${firstName.toLowerCase()}.${unique}@example.test`,
        company: 'Northwind',
        title: 'VP Operations',
        tags: ['board'],
        timeZone: 'Europe/Oslo',
      }),
    );
  }
  const sendRequest = async (title: string) => {
    const draft = await callApi<RequestDetail>(request, owner.token, 'POST', `${base}/question-requests`, {
      title,
      context: 'The board meets on Thursday. A few short questions, please.',
      items: ITEMS,
      dueDate: isoDate(10),
      channel: 'LINK',
      remindAfterDays: 2,
      contactIds: contacts.map((contact) => contact.id),
    });
    await callApi(request, owner.token, 'POST', `${base}/question-requests/${draft.id}/send`, { version: draft.version }, 200);
    return callApi<RequestDetail>(request, owner.token, 'GET', `${base}/question-requests/${draft.id}`);
  };
  const sent = await sendRequest(`Board prep ${unique}`);
  const closed = await sendRequest(`Offsite ${unique}`);
  await callApi(request, owner.token, 'POST', `${base}/question-requests/${closed.id}/close`, { version: closed.version }, 200);
  return { owner, base, contacts, sent, sentTitle: `Board prep ${unique}`, closedTitle: `Offsite ${unique}` };
}

/** A signed-in page of its own context in `colorScheme`. */
async function signedInPage(browser: Browser, person: Person, colorScheme: 'light' | 'dark'): Promise<Page> {
  const page = await (await browser.newContext({ colorScheme })).newPage();
  await signInThroughUi(page, person);
  return page;
}

for (const colorScheme of ['light', 'dark'] as const) {
  test(`axe finds nothing on the Questions screens with data on them (${colorScheme})`, async ({ browser, request }) => {
    test.slow(); // nine screens, two axe passes each
    const office = await createQuestionsOffice(request);
    const [dana] = office.contacts;
    const page = await signedInPage(browser, office.owner.person, colorScheme);
    try {
      const screens: [path: string, heading: string, shown: string | ((page: Page) => Locator)][] = [
        ['/questions', 'Questions', office.sentTitle],
        ['/questions/new', 'New request', (on) => on.getByRole('region', { name: 'Preview' })],
        [`/questions/${office.sent.id}`, office.sentTitle, 'Dana Reyes'],
        ['/questions/list', 'All requests', office.sentTitle],
        ['/questions/legacy', 'Archive', office.closedTitle],
        ['/questions/people', 'People', 'Lee Okafor'],
        ['/questions/people/new', 'Add a person', (on) => on.getByRole('textbox', { name: 'First name' })],
        [`/questions/people/${dana!.id}`, 'Dana Reyes', office.sentTitle],
        [`/questions/people/${dana!.id}/chat`, 'Conversation with Dana Reyes', office.sentTitle],
      ];
      for (const [path, heading, shown] of screens) {
        await test.step(path, async () => {
          await page.goto(path);
          await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
          await expect(typeof shown === 'string' ? page.getByText(shown, { exact: true }).first() : shown(page)).toBeVisible();
          await expect(page.getByRole('status', { name: /^Loading/ })).toHaveCount(0);
          await expectNoSeriousA11yViolations(page);
        });
      }
      // The answers grouped by question, and the composer with a choice question's options open.
      await page.goto(`/questions/${office.sent.id}`);
      await page.getByRole('button', { name: 'By question' }).click();
      await expect(page.getByRole('button', { name: 'By question' })).toHaveAttribute('aria-pressed', 'true');
      await expectNoSeriousA11yViolations(page);
    } finally {
      await page.context().close();
    }
  });

  test(`the answer page on a phone: axe finds nothing while answering, on the thank-you and once revoked (${colorScheme})`, async ({
    browser,
    request,
    baseURL,
  }) => {
    test.slow();
    const office = await createQuestionsOffice(request);
    const danaLink = office.sent.recipients.find((recipient) => recipient.contact.id === office.contacts[0]!.id)!.link.url;
    const phone = await (
      await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, colorScheme })
    ).newPage();
    const assistant = await signedInPage(browser, office.owner.person, colorScheme);
    try {
      await phone.goto(danaLink);
      await expect(phone.getByRole('heading', { level: 1, name: office.sentTitle })).toBeVisible();
      await expect(phone.getByRole('listitem', { name: /^Question \d$/ })).toHaveCount(ITEMS.length);
      await expectNoSeriousA11yViolations(phone);

      const first = phone.getByRole('listitem', { name: 'Question 1' });
      await first.getByRole('textbox').fill('Hiring in the north.');
      await first.getByRole('textbox').blur();
      await expect(first.getByText('Saved', { exact: true })).toBeVisible();
      await phone.getByRole('listitem', { name: 'Question 4' }).getByRole('button', { name: '4 of 5' }).click();
      await expect(phone.getByRole('listitem', { name: 'Question 4' }).getByText('Saved', { exact: true })).toBeVisible();
      // "I'm done" with a required question left: the page says which, and axe still finds nothing.
      await phone.getByRole('button', { name: 'I’m done' }).click();
      await expect(phone.getByRole('alert')).toContainText('A few questions still need an answer.');
      await expectNoSeriousA11yViolations(phone);

      await phone.getByRole('listitem', { name: 'Question 2' }).getByRole('radio', { name: 'North' }).check();
      await expect(phone.getByRole('listitem', { name: 'Question 2' }).getByText('Saved', { exact: true })).toBeVisible();
      await phone.getByRole('button', { name: 'I’m done' }).click();
      await expect(phone.getByRole('heading', { name: 'Thank you, Dana!' })).toBeFocused();
      await expectNoSeriousA11yViolations(phone);

      // The assistant revokes Dana's link on the request page (after a confirm); her page is gone.
      await assistant.goto(`/questions/${office.sent.id}`);
      await assistant.getByRole('button', { name: 'Revoke link of Dana Reyes' }).click();
      const confirm = assistant.getByRole('dialog', { name: 'Revoke the link of Dana Reyes?' });
      await expectNoSeriousA11yViolations(assistant);
      await confirm.getByRole('button', { name: 'Revoke link' }).click();
      await expect(confirm).toBeHidden();
      await expect(
        assistant.getByRole('list', { name: 'People asked' }).getByRole('listitem', { name: 'Dana Reyes' }).getByText('Link revoked'),
      ).toBeVisible();

      await phone.reload();
      await expect(phone.getByRole('heading', { level: 1, name: 'This link is no longer active' })).toBeVisible();
      await expect(phone.getByText(office.sentTitle)).toHaveCount(0);
      await expect(phone.getByText('Hiring in the north.')).toHaveCount(0);
      await expectNoSeriousA11yViolations(phone);
    } finally {
      await phone.context().close();
      await assistant.context().close();
    }
  });
}
