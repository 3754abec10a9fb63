import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** Props of {@link AuthHeading}. */
export interface AuthHeadingProps {
  title: string;
  subtitle?: ReactNode;
}

/** The page's one h1 with an optional line of explanation, at the top of the auth card. */
export function AuthHeading({ title, subtitle }: AuthHeadingProps) {
  return (
    <Box sx={{ mb: 3.5 }}>
      <Typography variant="h1">{title}</Typography>
      {subtitle && (
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {subtitle}
        </Typography>
      )}
    </Box>
  );
}
