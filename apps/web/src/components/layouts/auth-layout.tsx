import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { BrandMark } from '@/components/ui/brand-mark';

/** Props of {@link AuthLayout}. */
export interface AuthLayoutProps {
  children: ReactNode;
}

/**
 * The auth layout (seed §2): the product name above a centred card on a softly tinted page;
 * the card fills the width on phones (down to 360 px).
 */
export function AuthLayout({ children }: AuthLayoutProps) {
  return (
    <Box
      sx={(theme) => ({
        minHeight: '100dvh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        px: { xs: 2, sm: 3 },
        py: { xs: 4, sm: 8 },
        bgcolor: 'background.default',
        backgroundImage:
          theme.palette.mode === 'light'
            ? `radial-gradient(60rem 30rem at 50% -10rem, ${theme.palette.primary.light}, transparent)`
            : 'none',
      })}
    >
      <Box component="header" sx={{ mb: { xs: 3, sm: 4 } }}>
        <BrandMark size={36} />
      </Box>
      <Card component="main" sx={{ width: '100%', maxWidth: 440, p: { xs: 3, sm: 5 } }}>
        {children}
      </Card>
      <Typography component="footer" variant="body2" color="text.secondary" sx={{ mt: 4, textAlign: 'center' }}>
        The shared workspace of an executive and their assistants.
      </Typography>
    </Box>
  );
}
