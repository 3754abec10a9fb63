import CssBaseline from '@mui/material/CssBaseline';
import useMediaQuery from '@mui/material/useMediaQuery';
import { THEME_ID } from '@mui/material/styles';
import { ThemeProvider } from '@mui/system';
import { DEFAULT_THEME } from '@tandem/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Toaster } from '@/components/ui/toaster';
import { useSession } from '@/lib/session/session-store';
import { queryClient } from '@/lib/query-client';
import { getAppTheme } from '@/theme/create-app-theme';

/** Props of {@link AppProvider}. */
export interface AppProviderProps {
  children: ReactNode;
}

/**
 * App-wide providers: the MUI theme (the signed-in user's themePreference; before sign-in the
 * brand theme, or dark blue when the system prefers dark, seed §1), CSS baseline, TanStack Query
 * and the toaster (seed §4).
 */
export function AppProvider({ children }: AppProviderProps) {
  const prefersDark = useMediaQuery('(prefers-color-scheme: dark)', { noSsr: true });
  const preference = useSession((session) => session.user?.themePreference);
  const themeName = preference ?? (prefersDark ? 'dark-blue' : DEFAULT_THEME);
  return (
    <ThemeProvider themeId={THEME_ID} theme={getAppTheme(themeName)}>
      <CssBaseline enableColorScheme />
      <QueryClientProvider client={queryClient}>
        {children}
        <Toaster />
      </QueryClientProvider>
    </ThemeProvider>
  );
}
