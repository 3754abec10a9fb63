import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import type { ReactNode } from 'react';
import { BrandMark } from '@/components/ui/brand-mark';

/** Props of {@link MainLayout}. */
export interface MainLayoutProps {
  children: ReactNode;
}

/** The main layout (seed §2): brand header and a centred content column. No route uses it yet. */
export function MainLayout({ children }: MainLayoutProps) {
  return (
    <Box sx={{ minHeight: '100dvh', bgcolor: 'background.default' }}>
      <Box component="header" sx={{ px: 3, py: 2 }}>
        <BrandMark size={28} />
      </Box>
      <Container component="main" maxWidth="md" sx={{ py: 4 }}>
        {children}
      </Container>
    </Box>
  );
}
