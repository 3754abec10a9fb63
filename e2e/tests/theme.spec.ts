import type { Page } from '@playwright/test';
import { callApi, createActivatedPerson, createOwner, addMember, expect, newPerson, signIn, test } from './fixtures.js';

/** The page's background colour as the browser computes it. */
const background = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
/** Backgrounds of the brand theme (#F5F7FB) and of dark blue (#0A1128) — the two sides of "Match system". */
const BRAND_BACKGROUND = 'rgb(245, 247, 251)';
const DARK_BLUE_BACKGROUND = 'rgb(10, 17, 40)';
const BLUE_DARK_BACKGROUND = 'rgb(15, 17, 21)';

test('"Match system" is the default and follows the system; a fixed theme does not (issue #8)', async ({ page, request }) => {
  const person = await createActivatedPerson(request, newPerson('Sol'));
  await page.emulateMedia({ colorScheme: 'dark' });
  await signIn(page, person);
  await expect.poll(() => background(page)).toBe(DARK_BLUE_BACKGROUND);
  await page.emulateMedia({ colorScheme: 'light' });
  await expect.poll(() => background(page)).toBe(BRAND_BACKGROUND);

  await page.goto('/account');
  const themes = page.getByRole('radiogroup', { name: 'Theme' });
  await expect(themes.getByRole('radio', { name: 'Match system' })).toHaveAttribute('aria-checked', 'true');

  // A fixed light theme stays light while the system turns dark.
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/v1/profile') && r.request().method() === 'PATCH');
  await themes.getByRole('radio', { name: 'Tandem', exact: true }).click();
  expect((await saved).status()).toBe(200);
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.reload();
  await expect(themes.getByRole('radio', { name: 'Tandem', exact: true })).toHaveAttribute('aria-checked', 'true');
  expect(await background(page)).toBe(BRAND_BACKGROUND);

  // A fixed dark theme stays dark while the system is light. Its save is awaited, so the save of
  // "Match system" below is not confused with this one's answer on a slow machine.
  const dark = page.waitForResponse((r) => r.url().endsWith('/api/v1/profile') && r.request().method() === 'PATCH');
  await themes.getByRole('radio', { name: 'Blue dark' }).click();
  expect((await (await dark).json()).payload.themePreference).toBe('blue-dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await expect.poll(() => background(page)).toBe(BLUE_DARK_BACKGROUND);

  // Back to "Match system": kept on the profile, following the system again after a reload.
  const back = page.waitForResponse((r) => r.url().endsWith('/api/v1/profile') && r.request().method() === 'PATCH');
  await themes.getByRole('radio', { name: 'Match system' }).click();
  expect((await (await back).json()).payload.themePreference).toBe('system');
  await expect.poll(() => background(page)).toBe(BRAND_BACKGROUND);
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.reload();
  await expect(themes.getByRole('radio', { name: 'Match system' })).toHaveAttribute('aria-checked', 'true');
  await expect.poll(() => background(page)).toBe(DARK_BLUE_BACKGROUND);
});

for (const viewport of [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
]) {
  test(`theme cards are equal in height and every name fits on one line (${viewport.name}, issue #8)`, async ({ page, request }) => {
    await page.setViewportSize(viewport);
    const person = await createActivatedPerson(request, newPerson('Tove'));
    await signIn(page, person);
    for (const open of ['account page', 'theme dialog'] as const) {
      if (open === 'account page') {
        await page.goto('/account');
      } else {
        await page.goto('/dashboard/home');
        await page.getByRole('button', { name: 'Account menu' }).click();
        await page.getByRole('menuitem', { name: /Theme/ }).click();
      }
      const radios = page.getByRole('radiogroup', { name: 'Theme' }).getByRole('radio');
      await expect(radios).toHaveCount(15);
      const cards = await radios.evaluateAll((elements) =>
        elements.map((element) => {
          const label = Array.from(element.querySelectorAll('p, span')).find((node) => node.textContent && node.children.length === 0)!;
          const range = document.createRange();
          range.selectNodeContents(label);
          const lineTops = new Set(Array.from(range.getClientRects()).map((rect) => Math.round(rect.top)));
          return {
            name: label.textContent,
            height: Math.round(element.getBoundingClientRect().height),
            lines: lineTops.size,
            clipped: label.scrollWidth > label.clientWidth,
          };
        }),
      );
      expect(new Set(cards.map((card) => card.height)).size, `${open}: ${JSON.stringify(cards)}`).toBe(1);
      for (const card of cards) {
        expect({ name: card.name, lines: card.lines, clipped: card.clipped }, open).toEqual({ name: card.name, lines: 1, clipped: false });
      }
    }
  });
}

/** Every dark palette's name in the chooser (seed §1: six dark colours and dark blue). */
const darkThemes = [
  ['blue-dark', 'Blue dark'],
  ['aqua-dark', 'Aqua dark'],
  ['purple-dark', 'Purple dark'],
  ['green-dark', 'Green dark'],
  ['cyan-dark', 'Cyan dark'],
  ['orange-dark', 'Orange dark'],
  ['dark-blue', 'Dark blue'],
] as const;

test('info boxes are readable tints of the card in every dark theme, not black boxes (issue #8)', async ({ page, request }) => {
  const { token, workspace } = await createOwner(request, 'Nadia');
  const assistant = await createActivatedPerson(request, newPerson('Ines'));
  const assistantToken = await addMember(request, token, workspace.id, assistant, 'EXECUTIVEASSISTANT');
  await signIn(page, assistant);
  await page.evaluate((id) => localStorage.setItem('currentOrganization', id), workspace.id);

  for (const [themePreference, label] of darkThemes) {
    await callApi(request, assistantToken, 'PATCH', 'v1/profile', { themePreference });
    await page.goto('/workspaces/settings');
    const info = page.getByRole('alert').filter({ hasText: 'Only an owner or the executive can rename the workspace.' });
    await expect(info).toBeVisible();
    const colours = await info.evaluate((alert) => {
      /** sRGB relative luminance (WCAG 2.1). */
      const luminance = (css: string) => {
        const [r, g, b] = css
          .match(/\d+(\.\d+)?/g)!
          .slice(0, 3)
          .map((value) => {
            const channel = Number(value) / 255;
            return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
          });
        return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
      };
      const contrast = (a: number, b: number) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
      const box = luminance(getComputedStyle(alert).backgroundColor);
      const card = luminance(getComputedStyle(alert.closest('.MuiCard-root')!).backgroundColor);
      const text = luminance(getComputedStyle(alert.querySelector('.MuiAlert-message')!).color);
      return { textContrast: contrast(text, box), boxVersusCard: box / card };
    });
    expect(colours.textContrast, `${label}: text on the info box`).toBeGreaterThanOrEqual(4.5);
    // A tint of the card: never darker than the card it sits on.
    expect(colours.boxVersusCard, `${label}: the info box against its card`).toBeGreaterThanOrEqual(1);
  }
});
