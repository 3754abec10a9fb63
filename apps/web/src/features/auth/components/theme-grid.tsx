import Check from '@mui/icons-material/Check';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import { DEFAULT_THEME, SYSTEM_DARK_THEME, themePreferences, type ThemePreference } from '@tandem/contract';
import { useId } from 'react';
import { themePalettes, type ThemePalette } from '@/theme/palettes';

/** Props of {@link ThemeGrid}. */
export interface ThemeGridProps {
  current: ThemePreference;
  onSelect: (preference: ThemePreference) => void;
}

/** The label of a theme preference in the chooser: "Match system", "Tandem", "Blue dark"… */
export function themePreferenceLabel(preference: ThemePreference): string {
  return preference === 'system' ? 'Match system' : themePalettes[preference].label;
}

/**
 * A miniature of `palette`: its primary colour and, unless `compact` (one half of "Match
 * system"), two lines of text on its background.
 */
function PalettePreview({ palette, compact = false }: { palette: ThemePalette; compact?: boolean }) {
  return (
    <Box
      sx={{
        flex: 1,
        minWidth: 0,
        bgcolor: palette.background,
        p: 1.25,
        display: 'flex',
        gap: 0.75,
        alignItems: 'center',
        justifyContent: compact ? 'center' : 'flex-start',
      }}
    >
      <Box sx={{ width: 28, height: 28, flexShrink: 0, borderRadius: '8px', bgcolor: palette.primary }} />
      <Box sx={{ flex: 1, display: compact ? 'none' : 'block' }}>
        <Box sx={{ height: 6, borderRadius: '14px', bgcolor: palette.textPrimary, opacity: 0.8, width: '70%', mb: 0.75 }} />
        <Box sx={{ height: 6, borderRadius: '14px', bgcolor: palette.textSecondary, opacity: 0.6, width: '45%' }} />
      </Box>
    </Box>
  );
}

/**
 * The theme chooser's cards (issue #8, seed §1): "Match system" first — the brand theme while the
 * device is light, dark blue while it is dark; the default — then the 14 themes, each with its
 * name and a colour preview. The current one is checked (a radio group named "Theme", keyboard
 * operable). Every card has the same height and its name stays on one line (issue #8 layout).
 * Used by the theme dialog and the account page.
 */
export function ThemeGrid({ current, onSelect }: ThemeGridProps) {
  const systemNoteId = useId();
  return (
    <>
      <Box
        role="radiogroup"
        aria-label="Theme"
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))' },
          gridAutoRows: '1fr',
          gap: 1.5,
          pt: 0.5,
        }}
      >
        {themePreferences.map((preference) => {
          const isChecked = preference === current;
          const label = themePreferenceLabel(preference);
          return (
            <ButtonBase
              key={preference}
              role="radio"
              aria-checked={isChecked}
              aria-describedby={preference === 'system' ? systemNoteId : undefined}
              onClick={() => onSelect(preference)}
              sx={{
                display: 'flex',
                flexDirection: 'column',
                alignItems: 'stretch',
                textAlign: 'left',
                borderRadius: '14px',
                border: '2px solid',
                borderColor: isChecked ? 'primary.main' : 'divider',
                overflow: 'hidden',
                '&.Mui-focusVisible': {
                  outline: '2px solid',
                  outlineColor: 'primary.main',
                  outlineOffset: 2,
                },
              }}
            >
              <Box sx={{ display: 'flex', flex: 1, position: 'relative' }}>
                {preference === 'system' ? (
                  <>
                    <PalettePreview palette={themePalettes[DEFAULT_THEME]} compact />
                    <PalettePreview palette={themePalettes[SYSTEM_DARK_THEME]} compact />
                  </>
                ) : (
                  <PalettePreview palette={themePalettes[preference]} />
                )}
                {isChecked && (
                  <Box
                    aria-hidden="true"
                    sx={{
                      position: 'absolute',
                      top: 6,
                      right: 6,
                      width: 22,
                      height: 22,
                      borderRadius: '50%',
                      bgcolor: 'primary.main',
                      color: 'primary.contrastText',
                      display: 'flex',
                      alignItems: 'center',
                      justifyContent: 'center',
                    }}
                  >
                    <Check sx={{ fontSize: 16 }} />
                  </Box>
                )}
              </Box>
              <Typography variant="body2" noWrap title={label} sx={{ px: 1.25, py: 1, fontWeight: isChecked ? 600 : 500 }}>
                {label}
              </Typography>
            </ButtonBase>
          );
        })}
      </Box>
      <Typography id={systemNoteId} variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
        Match system shows {themePalettes[DEFAULT_THEME].label} while your device is in light mode and{' '}
        {themePalettes[SYSTEM_DARK_THEME].label} while it is in dark mode.
      </Typography>
    </>
  );
}
