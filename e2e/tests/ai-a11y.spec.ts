import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import {
  callApi,
  createAnsweredRequest,
  createOwner,
  expect,
  expectNoSeriousA11yViolations,
  signInThroughUi,
  test,
  type Person,
} from './fixtures.js';

// Issue #11 "axe (WCAG 2.1 AA) clean on every screen": the AI screens with data on them — question
// generation (empty and with a proposal), the summaries list, step 1, step 2, a summary in read and
// edit mode, the published /s page and a brief with the "Draft with AI" review open — in the light
// and the dark theme ("Match system" follows the browser), and a summary and its /s page at desktop
// and phone width (390 × 844).

interface SummaryDto {
  id: string;
  version: number;
  title: string;
  publication: { url: string } | null;
}

/** A token unique to this run, worker and call. */
const uniqueToken = () => `${Date.now().toString(36)}${process.pid}${Math.random().toString(36).slice(2, 6)}`;

/**
 * An owner's workspace with an answered request, a DRAFT summary of it (for step 2), a published
 * summary (for its page and /s) and a brief with a "Venue" section, all through the API.
 */
async function createAiOffice(request: APIRequestContext) {
  const owner = await createOwner(request, 'Arthur');
  const base = `v1/workspaces/${owner.workspace.id}`;
  const answered = await createAnsweredRequest(request, owner.token, owner.workspace.id, { title: `Offsite vote ${uniqueToken()}` });
  const generate = (title: string) =>
    callApi<SummaryDto>(request, owner.token, 'POST', `${base}/summaries/generate`, { title, scope: { requestIds: [answered.id] } });
  const draft = await generate(`Offsite draft ${uniqueToken()}`);
  const generated = await generate(`Offsite summary ${uniqueToken()}`);
  const published = await callApi<SummaryDto>(
    request,
    owner.token,
    'POST',
    `${base}/summaries/${generated.id}/publish`,
    { version: generated.version },
    200,
  );
  expect(published.publication?.url).toMatch(/\/s\/[A-Za-z0-9_-]+$/);
  const brief = await callApi<{ id: string }>(request, owner.token, 'POST', `${base}/briefs`, {
    title: `Offsite planning ${uniqueToken()}`,
    sections: [{ heading: 'Venue', body: '' }],
  });
  return { owner, answered, draft, published, publicPath: new URL(published.publication!.url).pathname, brief };
}

/** A signed-in page of its own context in `colorScheme` at `viewport`. */
async function signedInPage(
  browser: Browser,
  person: Person,
  colorScheme: 'light' | 'dark',
  viewport = { width: 1280, height: 720 },
): Promise<Page> {
  const page = await (await browser.newContext({ colorScheme, viewport })).newPage();
  await signInThroughUi(page, person);
  return page;
}

/** Opens `path`, waits for its heading, `shown` and the end of loading, then runs axe. */
async function checkScreen(page: Page, path: string, heading: string, shown: (page: Page) => Locator): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await expect(shown(page).first()).toBeVisible();
  await expect(page.getByRole('status', { name: /^Loading/ })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
}

for (const colorScheme of ['light', 'dark'] as const) {
  test(`axe finds nothing on the AI screens with data on them (${colorScheme})`, async ({ browser, request }) => {
    test.slow(); // nine screens, two axe passes each
    const office = await createAiOffice(request);
    const page = await signedInPage(browser, office.owner.person, colorScheme);
    try {
      await test.step('/questions/generate, empty and with a proposal', async () => {
        await checkScreen(page, '/questions/generate', 'Generate questions', (on) => on.getByRole('textbox', { name: 'Goal' }));
        await page.getByRole('textbox', { name: 'Goal' }).fill('Decide whether to move the offsite to Lisbon or keep it in Austin');
        await page.getByRole('spinbutton', { name: 'Number of questions' }).fill('3');
        await page.getByRole('button', { name: 'Generate', exact: true }).click();
        await expect(page.getByRole('list', { name: 'Proposed questions' }).getByRole('listitem', { name: /^Question \d$/ })).toHaveCount(
          3,
        );
        await expectNoSeriousA11yViolations(page);
      });
      await test.step('/questions/summaries', () =>
        checkScreen(page, '/questions/summaries', 'Summaries', (on) =>
          on.getByRole('list', { name: 'Summaries' }).getByText(office.published.title),
        ));
      await test.step('/questions/summaries/new', () =>
        checkScreen(page, `/questions/summaries/new?requestId=${office.answered.id}`, 'New summary', (on) =>
          on.getByRole('checkbox', { name: new RegExp(office.answered.title) }),
        ));
      await test.step('/questions/summaries/step2', () =>
        checkScreen(page, `/questions/summaries/step2?id=${office.draft.id}`, 'Review the summary', (on) =>
          on.getByRole('textbox', { name: 'Key point 1' }),
        ));
      await test.step('/questions/summaries/{id}, read and edit mode', async () => {
        await checkScreen(page, `/questions/summaries/${office.published.id}`, office.published.title, (on) =>
          on.getByRole('region', { name: 'Public link' }),
        );
        await page.getByRole('button', { name: 'Edit', exact: true }).click();
        await expect(page.getByRole('textbox', { name: 'Key point 1' })).toBeVisible();
        await expectNoSeriousA11yViolations(page);
      });
      await test.step('a brief with the Draft with AI review open', async () => {
        await page.goto(`/executive-briefs/${office.brief.id}`);
        await page.getByRole('button', { name: 'Draft with AI: “Venue”' }).click();
        await expectNoSeriousA11yViolations(page);
        await page.getByRole('form', { name: 'Draft with AI: “Venue”' }).getByRole('button', { name: 'Draft', exact: true }).click();
        await expect(
          page.getByRole('region', { name: 'AI draft for “Venue”' }).getByRole('list', { name: 'Drafted sentences' }),
        ).toBeVisible();
        await expectNoSeriousA11yViolations(page);
      });
    } finally {
      await page.context().close();
    }
  });

  for (const viewport of [
    { name: 'desktop', width: 1280, height: 720 },
    { name: 'phone', width: 390, height: 844 },
  ]) {
    test(`axe finds nothing on a summary and its /s page (${colorScheme}, ${viewport.name})`, async ({ browser, request, baseURL }) => {
      const office = await createAiOffice(request);
      const isPhone = viewport.name === 'phone';
      const page = await signedInPage(browser, office.owner.person, colorScheme, viewport);
      const reader = await (await browser.newContext({ baseURL, colorScheme, viewport, isMobile: isPhone, hasTouch: isPhone })).newPage();
      try {
        await checkScreen(page, `/questions/summaries/${office.published.id}`, office.published.title, (on) =>
          on.getByRole('region', { name: 'Key points' }),
        );
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
        await page.getByRole('button', { name: 'Edit', exact: true }).click();
        await expect(page.getByRole('textbox', { name: 'Key point 1' })).toBeVisible();
        await expectNoSeriousA11yViolations(page);
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

        await checkScreen(reader, office.publicPath, office.published.title, (on) =>
          on.getByRole('heading', { level: 2, name: 'Key points' }),
        );
        expect(await reader.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      } finally {
        await page.context().close();
        await reader.context().close();
      }
    });
  }
}
