import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import GlobalStyles from '@mui/material/GlobalStyles';
import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { BrandMark } from '@/components/ui/brand-mark';

/** Printing a public page: black on white, no shadows, no page background (PRODUCT §3). */
const printStyles = {
  '@media print': {
    'html, body': { background: '#fff !important', color: '#000 !important' },
  },
};

/** Props of {@link PublicLayout}. */
export interface PublicLayoutProps {
  children: ReactNode;
  /**
   * Controls at the right end of the brand bar (e.g. a page's "Print" button). They are hidden
   * when printing. The bar never holds navigation or an account menu: the visitor has no session.
   */
  actions?: ReactNode;
}

/**
 * The public layout (seed §2; PRODUCT §3, §5) of the unguarded short-link pages /b/{id},
 * /q/{shortUrl} and /s/{id}: a brand bar (the Tandem mark and optional `actions`), then the
 * content in a centred column. While it is shown the document carries
 * `<meta name="robots" content="noindex">` and `<meta name="referrer" content="no-referrer">`
 * (React 19 hoists both into <head>; the server sends the same as headers). Prints black on
 * white without the bar's controls or any shadow.
 */
export function PublicLayout({ children, actions }: PublicLayoutProps) {
  return (
    <Box
      sx={{
        minHeight: '100dvh',
        display: 'flex',
        flexDirection: 'column',
        bgcolor: 'background.default',
        '@media print': {
          minHeight: 'auto',
          bgcolor: '#fff',
          color: '#000',
          '& *': { color: '#000 !important', boxShadow: 'none !important', textShadow: 'none !important' },
          '& a': { textDecoration: 'underline' },
        },
      }}
    >
      <meta name="robots" content="noindex" />
      <meta name="referrer" content="no-referrer" />
      <GlobalStyles styles={printStyles} />
      <Box
        component="header"
        sx={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 2,
          px: { xs: 2, sm: 3 },
          py: 1.5,
          borderBottom: 1,
          borderColor: 'divider',
          bgcolor: 'background.paper',
          '@media print': { bgcolor: 'transparent', borderColor: '#000', px: 0 },
        }}
      >
        <BrandMark size={28} />
        {actions && <Box sx={{ display: 'flex', gap: 1, displayPrint: 'none' }}>{actions}</Box>}
      </Box>
      <Container component="main" maxWidth="md" sx={{ flex: 1, py: { xs: 3, sm: 5 }, '@media print': { py: 2, px: 0 } }}>
        {children}
      </Container>
    </Box>
  );
}

/**
 * The public layout as a route element (router.tsx `publicRoutes`): the matched public page in
 * its content area.
 */
export function PublicLayoutRoute() {
  return (
    <PublicLayout>
      <Outlet />
    </PublicLayout>
  );
}
