import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { callApi, createOwner, expect, expectNoSeriousA11yViolations, test } from './fixtures.js';

// Issue #9 "Browser tests": a share link opens signed out on a phone-sized viewport, prints to a
// clean page, asks for its passcode when it has one, and stops working after revoke.

interface CreatedBrief {
  id: string;
  title: string;
}
interface CreatedLink {
  id: string;
}

/** An owner's workspace with one brief (meeting in New York next month, three sections), made through the API. */
async function createSharedBrief(request: APIRequestContext) {
  const owner = await createOwner(request, 'Olive');
  const meetingAt = new Date(Date.now() + 30 * 24 * 3600 * 1000);
  meetingAt.setUTCHours(18, 0, 0, 0);
  const brief = await callApi<CreatedBrief>(request, owner.token, 'POST', `v1/workspaces/${owner.workspace.id}/briefs`, {
    title: 'Board meeting: Q1 budget',
    meetingAt: meetingAt.toISOString(),
    meetingTimeZone: 'America/New_York',
    sections: [
      { heading: 'Purpose', body: 'Approve the **Q1 budget** and the hiring plan.' },
      { heading: 'Attendees and their positions', body: '- Dana (chair): supportive\n- Lee (audit): wants the cash forecast first' },
      { heading: 'Risks', body: 'Cash runway drops under 12 months if sales slip. <img src=x onerror="window.__xss = 1">' },
    ],
  });
  const linksPath = `v1/workspaces/${owner.workspace.id}/briefs/${brief.id}/share-links`;
  return { owner, brief, linksPath };
}

/** A signed-out visitor on a phone (390 × 844, touch, dark mode: axe checks its contrast): a fresh context with no tokens. */
async function openOnPhone(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    colorScheme: 'dark',
  });
  return context.newPage();
}

test('a share link opens signed out on a phone, prints one clean column, and stops working after revoke @postgres', async ({
  browser,
  request,
  baseURL,
}) => {
  const { owner, brief, linksPath } = await createSharedBrief(request);
  const link = await callApi<CreatedLink>(request, owner.token, 'POST', linksPath, { label: 'For the board chair' });

  const page = await openOnPhone(browser, baseURL);
  const response = await page.goto(`/b/${link.id}`);
  expect(response?.headers()['x-robots-tag']).toContain('noindex');
  await expect(page.getByRole('heading', { level: 1, name: brief.title })).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  await expect(page.getByText('Olive', { exact: true })).toBeVisible();
  await expect(page.getByText(/\d{1,2}:00 (AM|PM)/).first()).toBeVisible();
  await expect(page.getByText(/\((Eastern (Daylight|Standard) Time)\)/)).toBeVisible();
  await expect(page.getByRole('heading', { level: 2 })).toHaveText(['Purpose', 'Attendees and their positions', 'Risks']);
  await expect(page.getByText('Q1 budget', { exact: true })).toHaveJSProperty('tagName', 'STRONG');
  // The raw HTML of a section stays inert text (issue #9: markdown rendered with the safe component).
  expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
  await expect(page.locator('main img')).toHaveCount(0);
  // Readable on a phone: nothing wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await expectNoSeriousA11yViolations(page);

  // Print: the Print button is gone, the brand bar has no background,
  // and the sections stand in one column under the meeting header.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  expect(await page.getByRole('banner').evaluate((bar) => getComputedStyle(bar).backgroundColor)).toBe('rgba(0, 0, 0, 0)');
  const sections = page.locator('main section');
  await expect(sections).toHaveCount(3);
  const boxes = await sections.evaluateAll((elements) => elements.map((element) => element.getBoundingClientRect().toJSON() as DOMRect));
  for (const [index, box] of boxes.entries()) {
    expect(box.left).toBe(boxes[0]!.left);
    if (index > 0) expect(box.top).toBeGreaterThanOrEqual(boxes[index - 1]!.bottom);
  }
  const header = await page.getByRole('heading', { level: 1 }).boundingBox();
  expect(header!.y).toBeLessThan(boxes[0]!.top);
  const pdf = await page.pdf({ format: 'A4' });
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  await page.emulateMedia({ media: 'screen' });

  // The view was counted: "opened once" for the sharer.
  const [listed] = (await callApi<{ items: { id: string; viewCount: number }[] }>(request, owner.token, 'GET', linksPath)).items;
  expect(listed).toMatchObject({ id: link.id });
  expect(listed!.viewCount).toBeGreaterThanOrEqual(1);

  await callApi(request, owner.token, 'POST', `${linksPath}/${link.id}/revoke`, undefined, 200);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'This link is no longer active' })).toBeVisible();
  await expect(page.getByText(brief.title)).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await page.context().close();
});

test('a link with a passcode asks for it: a wrong one is refused, the right one opens the brief', async ({ browser, request, baseURL }) => {
  const { owner, brief, linksPath } = await createSharedBrief(request);
  const link = await callApi<CreatedLink>(request, owner.token, 'POST', linksPath, { passcode: 'harbour-light-7' });

  const page = await openOnPhone(browser, baseURL);
  await page.goto(`/b/${link.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'This brief is protected' })).toBeVisible();
  await expect(page.getByText(brief.title)).toHaveCount(0);
  await expect(page.getByLabel('Passcode')).toBeFocused();
  await expectNoSeriousA11yViolations(page);

  await page.getByLabel('Passcode').fill('harbour-light-8');
  await page.getByRole('button', { name: 'Open brief' }).click();
  await expect(page.getByText(/That passcode isn't right/)).toBeVisible();
  await expect(page.getByLabel('Passcode')).toBeFocused();

  await page.getByLabel('Passcode').fill('harbour-light-7');
  await page.getByRole('button', { name: 'Open brief' }).click();
  await expect(page.getByRole('heading', { level: 1, name: brief.title })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Purpose' })).toBeVisible();

  // Nothing is remembered: a reload asks again.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'This brief is protected' })).toBeVisible();
  await page.context().close();
});

test("the workspace's public-links switch stops every link and brings them back", async ({ page, browser, request, baseURL }) => {
  const { owner, brief, linksPath } = await createSharedBrief(request);
  const link = await callApi<CreatedLink>(request, owner.token, 'POST', linksPath, {});
  const visitor = await openOnPhone(browser, baseURL);

  await page.goto('/auth/login');
  await page.getByLabel('Email').fill(owner.person.email);
  await page.getByLabel('Password', { exact: true }).fill(owner.person.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/home$/);
  await page.goto('/workspaces/settings');
  const toggle = page.getByRole('switch', { name: 'Allow public links' });
  await expect(toggle).toBeChecked();
  await expectNoSeriousA11yViolations(page);

  await toggle.click();
  await expect(toggle).not.toBeChecked();
  await visitor.goto(`/b/${link.id}`);
  await expect(visitor.getByRole('heading', { level: 1, name: 'This link is no longer active' })).toBeVisible();

  await toggle.click();
  await expect(toggle).toBeChecked();
  await visitor.reload();
  await expect(visitor.getByRole('heading', { level: 1, name: brief.title })).toBeVisible();
  await visitor.context().close();
});
