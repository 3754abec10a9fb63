import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { useThemeChoice } from '../hooks/use-theme-choice';
import { ThemeGrid } from './theme-grid';

/**
 * The settings' Appearance tab (PRODUCT §3): the theme grid of the theme dialog. The theme is the
 * person's own (kept on the profile), not the workspace's, so every member may change it.
 */
export function AppearanceSettings() {
  const { current, choose } = useThemeChoice();
  return (
    <Card component="section" sx={{ p: { xs: 2.5, sm: 4 } }}>
      <Typography variant="h2" sx={{ fontSize: '1.25rem' }}>
        Appearance
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, mb: 3 }}>
        Your theme applies to you on every device, in every workspace.
      </Typography>
      <ThemeGrid current={current} onSelect={choose} />
    </Card>
  );
}
