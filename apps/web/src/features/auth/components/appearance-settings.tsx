import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useThemeChoice } from '../hooks/use-theme-choice';
import { ThemeGrid } from './theme-grid';

/**
 * The account page's Appearance card (issue #8: the theme is the person's own, kept on the
 * profile, so it lives with their account, not under workspace settings): "Match system" or one
 * of the 14 themes, applied at once.
 */
export function AppearanceSettings() {
  const headingId = useId();
  const { current, choose } = useThemeChoice();
  return (
    <Card component="section" aria-labelledby={headingId} sx={{ p: { xs: 2.5, sm: 4 } }}>
      <Typography id={headingId} variant="h2" sx={{ fontSize: '1.25rem' }}>
        Appearance
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, mb: 3 }}>
        Your theme applies to you on every device, in every workspace.
      </Typography>
      <ThemeGrid current={current} onSelect={choose} />
    </Card>
  );
}
