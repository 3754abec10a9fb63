import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';

const EMAIL_LABEL = 'label:has-text("Email")';

/**
 * Opens the sign-in page with the motion preference `reducedMotion` and returns the transition
 * durations, in seconds, that the browser computes for its button (MUI's ButtonBase moves its
 * colours and shadow) and its email field's label (which slides up when the field takes focus).
 */
async function signInPageTransitions(page: Page, reducedMotion: 'reduce' | 'no-preference'): Promise<number[]> {
  await page.emulateMedia({ reducedMotion });
  await page.goto('/auth/login');
  const seconds: number[] = [];
  for (const selector of ['button[type="submit"]', EMAIL_LABEL]) {
    const durations = await page.locator(selector).evaluate((element) =>
      getComputedStyle(element)
        .transitionDuration.split(',')
        .map((value) => parseFloat(value)),
    );
    seconds.push(...durations);
  }
  expect(seconds.length).toBeGreaterThan(1);
  return seconds;
}

test('transitions run as designed for a person who has not asked for less motion', async ({ page }) => {
  expect(Math.min(...(await signInPageTransitions(page, 'no-preference')))).toBeGreaterThanOrEqual(0.1);
});

test('transitions end at once for a person who asks for less motion (WCAG 2.3.3)', async ({ page }) => {
  expect(Math.max(...(await signInPageTransitions(page, 'reduce')))).toBeLessThan(0.001);
  // The label still moves out of the way when the field takes focus, without the slide.
  await page.getByLabel('Email').focus();
  await expect(page.locator(EMAIL_LABEL)).toHaveClass(/MuiInputLabel-shrink/);
});
