import { z } from 'zod';

/**
 * Theme names (seed §1): the brand theme (default, custom blue primary), six colours with their
 * dark versions — twelve alternatives — and a separate dark blue.
 */
export const themeNames = [
  'brand',
  'blue',
  'aqua',
  'purple',
  'green',
  'cyan',
  'orange',
  'blue-dark',
  'aqua-dark',
  'purple-dark',
  'green-dark',
  'cyan-dark',
  'orange-dark',
  'dark-blue',
] as const;
export const ThemeNameSchema = z.enum(themeNames);
export type ThemeName = z.infer<typeof ThemeNameSchema>;
/** The brand theme (seed §1): the light theme of "Match system" and of the signed-out pages. */
export const DEFAULT_THEME: ThemeName = 'brand';
/** The theme "Match system" shows while the system prefers dark (as the signed-out pages do). */
export const SYSTEM_DARK_THEME: ThemeName = 'dark-blue';

/**
 * A person's theme choice (issue #8): 'system' follows the device's light/dark preference
 * ({@link DEFAULT_THEME} or {@link SYSTEM_DARK_THEME}); any theme name fixes that theme.
 */
export const themePreferences = ['system', ...themeNames] as const;
export const ThemePreferenceSchema = z.enum(themePreferences);
export type ThemePreference = z.infer<typeof ThemePreferenceSchema>;
/** Everyone who has not chosen matches the system (issue #8). */
export const DEFAULT_THEME_PREFERENCE: ThemePreference = 'system';
