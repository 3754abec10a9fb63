import { ThemeProvider } from '@mui/material/styles';
import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { getAppTheme } from '@/theme/create-app-theme';

/** Renders `ui` inside the app's MUI theme (the brand theme), as component tests need it. */
export function renderWithTheme(ui: ReactElement, options?: Omit<RenderOptions, 'wrapper'>) {
  const Wrapper = ({ children }: { children: ReactNode }) => <ThemeProvider theme={getAppTheme('brand')}>{children}</ThemeProvider>;
  return render(ui, { wrapper: Wrapper, ...options });
}
