import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Toolbar from '@mui/material/Toolbar';
import type { ReactNode } from 'react';
import { PHONE_NAV_HEIGHT_PX } from './header-nav';

/** Props of {@link WorkflowLayout}. */
export interface WorkflowLayoutProps {
  /** Shown above the app bar (e.g. the impersonation banner). */
  banner?: ReactNode;
  /** Left part of the app bar (brand, workspace). */
  start: ReactNode;
  /** Right part of the app bar (activity, account menu). */
  end: ReactNode;
  children: ReactNode;
}

/**
 * The workflow layout (seed §2): the banner and the app bar stay at the top while the page
 * scrolls (the impersonation banner must stay visible, PRODUCT §5); the page content below, on
 * phones ending above the bottom navigation bar ({@link PHONE_NAV_HEIGHT_PX}, issue #8).
 */
export function WorkflowLayout({ banner, start, end, children }: WorkflowLayoutProps) {
  return (
    <Box sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <Box sx={{ position: 'sticky', top: 0, zIndex: 'appBar' }}>
        {banner}
        <AppBar position="static">
          <Toolbar sx={{ gap: { xs: 1, sm: 2 }, minHeight: { xs: 60, sm: 64 }, px: { xs: 1.5, sm: 3 } }}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: { xs: 1, sm: 2 }, minWidth: 0, flex: 1 }}>{start}</Box>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>{end}</Box>
          </Toolbar>
        </AppBar>
      </Box>
      <Container
        component="main"
        maxWidth="lg"
        sx={{
          flex: 1,
          pt: { xs: 2.5, sm: 5 },
          // On phones the main navigation is a bar over the bottom of the screen: the page ends above it.
          pb: { xs: `calc(24px + ${PHONE_NAV_HEIGHT_PX}px + env(safe-area-inset-bottom))`, sm: 5 },
          px: { xs: 2, sm: 3 },
        }}
      >
        {children}
      </Container>
    </Box>
  );
}
