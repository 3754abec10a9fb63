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
export const DEFAULT_THEME: ThemeName = 'brand';
