import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { BrandMark } from '@/components/ui/brand-mark';

/** Props of {@link PublicLayout}. */
export interface PublicLayoutProps {
  children: ReactNode;
}

/**
 * The public layout (seed §2) for the unguarded short-link pages (/b, /q, /s — later issues):
 * content first, a small "made with Tandem" footer.
 */
export function PublicLayout({ children }: PublicLayoutProps) {
  return (
    <Box sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <Container component="main" maxWidth="md" sx={{ flex: 1, py: { xs: 3, sm: 6 } }}>
        {children}
      </Container>
      <Box component="footer" sx={{ py: 3, display: 'flex', justifyContent: 'center', gap: 1, alignItems: 'center' }}>
        <Typography variant="body2" color="text.secondary">
          Shared with
        </Typography>
        <BrandMark size={20} />
      </Box>
    </Box>
  );
}
