import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';

/**
 * The transition durations, in seconds, that the browser computes for the sign-in page's button
 * (MUI's ButtonBase moves its colours and shadow) and its email field's label (which slides up
 * when the field takes focus).
 */
async function transitionSeconds(page: Page): Promise<number[]> {
  const of = (selector: string) =>
    page.locator(selector).evaluate((element) =>
      getComputedStyle(element)
        .transitionDuration.split(',')
        .map((value) => parseFloat(value)),
    );
  const button = await of('button[type="submit"]');
  const label = await of('label:has-text("Email")');
  return [...button, ...label];
}

test('transitions run as designed for a person who has not asked for less motion', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await page.goto('/auth/login');
  const seconds = await transitionSeconds(page);
  expect(seconds.length).toBeGreaterThan(1);
  expect(Math.min(...seconds)).toBeGreaterThanOrEqual(0.1);
});

test('transitions end at once for a person who asks for less motion (WCAG 2.3.3)', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/auth/login');
  const seconds = await transitionSeconds(page);
  expect(seconds.length).toBeGreaterThan(1);
  expect(Math.max(...seconds)).toBeLessThan(0.001);
  // The label still moves out of the way when the field takes focus, without the slide.
  await page.getByLabel('Email').focus();
  await expect(page.locator('label:has-text("Email")')).toHaveClass(/MuiInputLabel-shrink/);
});
