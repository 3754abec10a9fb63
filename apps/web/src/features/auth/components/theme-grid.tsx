import Check from '@mui/icons-material/Check';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import { themeNames, type ThemeName } from '@tandem/contract';
import { themePalettes } from '@/theme/palettes';

/** Props of {@link ThemeGrid}. */
export interface ThemeGridProps {
  current: ThemeName;
  onSelect: (name: ThemeName) => void;
}

/**
 * All 14 themes (seed §1) with their names and a colour preview; the current one is checked (a
 * radio group named "Theme", keyboard operable). Used by the theme dialog and the settings'
 * Appearance tab.
 */
export function ThemeGrid({ current, onSelect }: ThemeGridProps) {
  return (
    <Box
      role="radiogroup"
      aria-label="Theme"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(3, 1fr)' },
        gap: 1.5,
        pt: 0.5,
      }}
    >
      {themeNames.map((name) => {
        const palette = themePalettes[name];
        const isChecked = name === current;
        return (
          <ButtonBase
            key={name}
            role="radio"
            aria-checked={isChecked}
            onClick={() => onSelect(name)}
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
            <Box
              sx={{
                bgcolor: palette.background,
                p: 1.25,
                display: 'flex',
                gap: 0.75,
                alignItems: 'center',
              }}
            >
              <Box sx={{ width: 28, height: 28, borderRadius: '8px', bgcolor: palette.primary }} />
              <Box sx={{ flex: 1 }}>
                <Box
                  sx={{
                    height: 6,
                    borderRadius: '14px',
                    bgcolor: palette.textPrimary,
                    opacity: 0.8,
                    width: '70%',
                    mb: 0.75,
                  }}
                />
                <Box
                  sx={{
                    height: 6,
                    borderRadius: '14px',
                    bgcolor: palette.textSecondary,
                    opacity: 0.6,
                    width: '45%',
                  }}
                />
              </Box>
            </Box>
            <Box
              sx={{
                display: 'flex',
                alignItems: 'center',
                justifyContent: 'space-between',
                px: 1.25,
                py: 1,
              }}
            >
              <Typography variant="body2" sx={{ fontWeight: isChecked ? 600 : 500 }}>
                {palette.label}
              </Typography>
              {isChecked && <Check fontSize="small" color="primary" aria-hidden="true" />}
            </Box>
          </ButtonBase>
        );
      })}
    </Box>
  );
}
