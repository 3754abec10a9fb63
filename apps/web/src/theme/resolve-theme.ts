import useMediaQuery from '@mui/material/useMediaQuery';
import { DEFAULT_THEME, SYSTEM_DARK_THEME, type ThemeName, type ThemePreference } from '@tandem/contract';

/** The media query of the device's dark preference (the system's light/dark setting). */
export const PREFERS_DARK_QUERY = '(prefers-color-scheme: dark)';

/**
 * The theme to show for a person's `preference` (issue #8): a fixed theme as chosen; 'system' —
 * and no preference at all, i.e. signed out — follow the device: {@link SYSTEM_DARK_THEME} (dark
 * blue) when it prefers dark, else {@link DEFAULT_THEME} (the brand theme, seed §1).
 */
export function resolveThemeName(preference: ThemePreference | undefined, prefersDark: boolean): ThemeName {
  if (preference && preference !== 'system') return preference;
  return prefersDark ? SYSTEM_DARK_THEME : DEFAULT_THEME;
}

/** True while the device prefers dark; re-renders when the system setting changes. */
export function usePrefersDark(): boolean {
  return useMediaQuery(PREFERS_DARK_QUERY, { noSsr: true });
}
