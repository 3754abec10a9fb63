import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** Props of {@link SettingsSection}. */
export interface SettingsSectionProps {
  title: string;
  description?: ReactNode;
  /** Buttons on the right of the heading (e.g. "Invite member"). */
  actions?: ReactNode;
  children: ReactNode;
}

/** One card of the settings page: an h2, a line of explanation, its content (cards rounded, seed §9). */
export function SettingsSection({ title, description, actions, children }: SettingsSectionProps) {
  return (
    <Card component="section" sx={{ p: { xs: 2.5, sm: 4 } }}>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap', mb: 3 }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h2" sx={{ fontSize: '1.25rem' }}>
            {title}
          </Typography>
          {description && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, maxWidth: 620 }}>
              {description}
            </Typography>
          )}
        </Box>
        {actions && <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>{actions}</Box>}
      </Box>
      {children}
    </Card>
  );
}
