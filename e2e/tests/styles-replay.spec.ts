import type { Locator, Page } from '@playwright/test';
import { callApi, createOwner, expect, signIn, test } from './fixtures.js';

// Issue #13, docs/decisions/044-emotion-styles-replayed.md: a visit stores the style rules MUI
// inserted, and the next visit of the same build replays them instead of compiling and inserting
// them again. What a person sees must not change.

/** Emotion's class names on the page's elements (`css-…`, without the prefix). */
const classesOnPage = (page: Page) =>
  page.evaluate(() => {
    const names = new Set<string>();
    for (const element of Array.from(document.querySelectorAll('[class*="css-"]')))
      for (const name of Array.from(element.classList)) if (/^css-[\w-]+$/.test(name)) names.add(name.slice('css-'.length));
    return [...names];
  });

/** The stored styles (Cache Storage, decision 044): their class names and global styles' rules, or none. */
const storedStyles = (page: Page) =>
  page.evaluate(async () => {
    const response = await (await caches.open('tandem-styles')).match('/__tandem/emotion-styles.json');
    return response ? ((await response.json()) as { ids: string[]; globals: Record<string, string> }) : { ids: [], globals: {} };
  });

/** The class names of the rules the app's Emotion cache compiled and inserted in this page's life (not the replayed or global ones). */
const compiledClasses = (page: Page) =>
  page.evaluate(() => {
    const names = new Set<string>();
    for (const element of Array.from(document.querySelectorAll<HTMLStyleElement>('style[data-emotion="css"]')))
      for (const rule of Array.from(element.sheet?.cssRules ?? []))
        for (const match of rule.cssText.matchAll(/\.css-([\w-]+)/g)) names.add(match[1]!);
    return [...names];
  });

/** The class names the replayed style element holds (decision 044). */
const replayedIds = (page: Page) =>
  page.locator('style[data-emotion^="css "]').evaluate((element) => element.getAttribute('data-emotion')!.split(' ').slice(1));

/**
 * The text of each global style element (CssBaseline, each input's autofill keyframes). A compiled
 * global style's element is empty in a production build: Emotion inserts its rules into the
 * element's sheet, not its text.
 */
const globalStyleTexts = (page: Page) =>
  page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLStyleElement>('style[data-emotion^="css-global"]')).map(
      (element) => element.textContent ?? '',
    ),
  );

/** The computed look of each of `targets`. */
const looks = (targets: Locator[]) =>
  Promise.all(
    targets.map((target) =>
      target.evaluate((element) => {
        const style = getComputedStyle(element);
        return ['color', 'background-color', 'border-radius', 'padding', 'font-size', 'font-weight', 'display', 'width', 'height'].map(
          (property) => `${property}: ${style.getPropertyValue(property)}`,
        );
      }),
    ),
  );

test('a second visit replays the stored styles: no rule compiled again, every element looks the same, light and dark', async ({
  page,
  request,
}) => {
  const { person, token, workspace } = await createOwner(request, 'Rhea');
  await callApi(request, token, 'POST', `v1/workspaces/${workspace.id}/tasks`, { title: 'Book the car', priority: 'HIGH' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ colorScheme: 'light' });
  await signIn(page, person);
  await page.goto('/tasks');
  const list = page.getByRole('list', { name: 'Tasks' });
  const targets = [
    page.getByRole('heading', { level: 1, name: 'Tasks' }),
    page.getByRole('link', { name: 'New task' }),
    list.getByRole('listitem').first(),
    list.getByRole('combobox', { name: 'Status of “Book the car”' }),
    page.getByRole('navigation').last(),
    // CssBaseline's global style: the page's background and text colour.
    page.locator('body'),
  ];
  await expect(list.getByRole('listitem')).toHaveCount(1);

  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.reload();
    await expect(list.getByRole('listitem')).toHaveCount(1);
    // This visit's rules are stored once they stop coming.
    const onPage = await classesOnPage(page);
    await expect
      .poll(async () => {
        const stored = new Set((await storedStyles(page)).ids);
        return onPage.filter((name) => !stored.has(name));
      })
      .toEqual([]);
    const first = await looks(targets);

    await page.reload();
    await expect(list.getByRole('listitem')).toHaveCount(1);
    // Every style on the page came from the replay; none of them was compiled again.
    await expect(page.locator('style[data-emotion^="css "]'), `the replayed styles (${scheme})`).toHaveCount(1);
    const replayed = new Set(await replayedIds(page));
    const again = new Set(await compiledClasses(page));
    const now = await classesOnPage(page);
    expect(
      now.filter((name) => !replayed.has(name)),
      `classes not replayed (${scheme})`,
    ).toEqual([]);
    expect(
      now.filter((name) => again.has(name)),
      `classes compiled again (${scheme})`,
    ).toEqual([]);
    // Every global style came from the stored rules too (CssBaseline, the inputs' keyframes).
    const globalTexts = await globalStyleTexts(page);
    const storedGlobals = Object.values((await storedStyles(page)).globals);
    expect(globalTexts.length, `global styles (${scheme})`).toBeGreaterThan(0);
    expect(
      globalTexts.filter((css) => !storedGlobals.includes(css)),
      `global styles compiled again (${scheme})`,
    ).toEqual([]);
    expect(await looks(targets)).toEqual(first);
  }
});
