import type { EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { THEME_ID } from '@mui/material/styles';
import { ThemeProvider } from '@mui/system';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Toaster } from '@/components/ui/toaster';
import { useSession } from '@/lib/session/session-store';
import { queryClient } from '@/lib/query-client';
import { getAppTheme } from '@/theme/create-app-theme';
import { resolveThemeName, usePrefersDark } from '@/theme/resolve-theme';

/** Props of {@link AppProvider}. */
export interface AppProviderProps {
  children: ReactNode;
  /** The Emotion cache MUI's styles go into (main.tsx: the replaying one); default Emotion's own. */
  styleCache?: EmotionCache;
}

/**
 * App-wide providers: the Emotion cache of MUI's styles (when given), the MUI theme (the signed-in
 * user's themePreference; "Match system" and the signed-out pages show the brand theme, or dark blue
 * while the system prefers dark: seed §1, issue #8), CSS baseline, TanStack Query and the toaster
 * (seed §4).
 */
export function AppProvider({ children, styleCache }: AppProviderProps) {
  const prefersDark = usePrefersDark();
  // The theme's name, not the preference: signing in with "Match system" (or no choice) changes
  // nothing here, so the first render, a transition in slices (decision 027), is not thrown away and
  // redone in one piece when the session's person arrives mid-render (issue #13).
  const themeName = useSession((session) => resolveThemeName(session.user?.themePreference, prefersDark));
  const themed = (
    <ThemeProvider themeId={THEME_ID} theme={getAppTheme(themeName)}>
      <CssBaseline enableColorScheme />
      <QueryClientProvider client={queryClient}>
        {children}
        <Toaster />
      </QueryClientProvider>
    </ThemeProvider>
  );
  return styleCache ? <CacheProvider value={styleCache}>{themed}</CacheProvider> : themed;
}
