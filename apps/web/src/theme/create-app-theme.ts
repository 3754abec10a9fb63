import type { ThemeName } from '@tandem/contract';
import { alpha, createTheme, type Theme } from '@mui/material/styles';
import { blend } from '@mui/system/colorManipulator';
import { themePalettes } from './palettes';

/** Card corner radius: Vuetify's "rounded xl" (seed §9), in px. */
export const CARD_RADIUS_PX = 24;
/** Text field height at "comfortable" density (seed §9), in px. */
export const FIELD_HEIGHT_PX = 48;
/** List item minimum height (seed §9), in px. */
export const LIST_ITEM_MIN_HEIGHT_PX = 45;

const severities = ['info', 'success', 'warning', 'error'] as const;

// "Inter Variable Fallback" (font-fallback.css) holds Inter's place with its metrics until it loads.
const fontFamily =
  '"Inter Variable", "Inter Variable Fallback", system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

/**
 * Builds the MUI theme `name` with the seed's look defaults (seed §9): cards rounded 24 px;
 * text fields and selects outlined, comfortable (48 px), primary colour; list items at least
 * 45 px tall; tooltips on top.
 */
export function createAppTheme(name: ThemeName): Theme {
  const p = themePalettes[name];
  const isDark = p.mode === 'dark';
  const onPrimary = isDark ? '#0B0D12' : '#FFFFFF';
  // An input's line is 1.4375em of body1 (15 px): 21.5625 px, so a field is FIELD_HEIGHT_PX tall like a large button (issue #8).
  const fieldPaddingY = (FIELD_HEIGHT_PX - 1.4375 * 15) / 2;
  const severityMain = {
    info: isDark ? '#8AB4F8' : '#1565C0',
    success: isDark ? '#81C995' : '#1E7B34',
    warning: isDark ? '#FFCC80' : '#A15C00',
    error: isDark ? '#FF8A80' : '#C62828',
  } as const;
  /*
   * Dark themes: MUI darkens a standard alert's background 90 % towards black, a black box on the
   * navy or grey cards (issue #8). Instead, the card's own colour tinted 14 % with the severity,
   * the theme's primary text on it (≥ 4.5:1 in every dark palette) and the severity's icon.
   */
  const darkAlertVariants = severities.map((severity) => ({
    props: { variant: 'standard' as const, severity },
    style: {
      backgroundColor: blend(p.paper, severityMain[severity], 0.14),
      color: p.textPrimary,
      '& .MuiAlert-icon': { color: severityMain[severity] },
    },
  }));
  return createTheme({
    palette: {
      mode: p.mode,
      primary: { main: p.primary, light: p.primaryLight, dark: p.primaryDark, contrastText: onPrimary },
      secondary: { main: isDark ? '#C9CED8' : '#374151' },
      error: { main: severityMain.error },
      success: { main: severityMain.success },
      warning: { main: severityMain.warning },
      info: { main: severityMain.info },
      background: { default: p.background, paper: p.paper },
      text: { primary: p.textPrimary, secondary: p.textSecondary },
      divider: p.divider,
    },
    shape: { borderRadius: 10 },
    typography: {
      fontFamily,
      h1: { fontSize: '1.75rem', fontWeight: 700, letterSpacing: '-0.02em', lineHeight: 1.25 },
      h2: { fontSize: '1.375rem', fontWeight: 600, letterSpacing: '-0.01em', lineHeight: 1.3 },
      h3: { fontSize: '1.125rem', fontWeight: 600, lineHeight: 1.4 },
      subtitle1: { fontWeight: 600 },
      body1: { fontSize: '0.9375rem', lineHeight: 1.6 },
      body2: { fontSize: '0.875rem', lineHeight: 1.55 },
      button: { textTransform: 'none', fontWeight: 600, letterSpacing: 0 },
      overline: { fontWeight: 600, letterSpacing: '0.08em' },
    },
    components: {
      MuiCssBaseline: {
        styleOverrides: {
          body: { WebkitFontSmoothing: 'antialiased', MozOsxFontSmoothing: 'grayscale' },
        },
      },
      MuiButton: {
        defaultProps: { disableElevation: true },
        styleOverrides: {
          root: { borderRadius: 10, minHeight: 40, paddingInline: 18 },
          sizeLarge: { minHeight: FIELD_HEIGHT_PX, fontSize: '0.9375rem' },
        },
      },
      MuiCard: {
        defaultProps: { elevation: 0 },
        styleOverrides: {
          root: {
            borderRadius: CARD_RADIUS_PX,
            border: `1px solid ${p.divider}`,
            boxShadow: isDark ? 'none' : '0 1px 2px rgba(16, 24, 40, 0.04), 0 8px 24px rgba(16, 24, 40, 0.06)',
          },
        },
      },
      MuiTextField: {
        defaultProps: { variant: 'outlined', color: 'primary', fullWidth: true },
      },
      MuiSelect: {
        defaultProps: { variant: 'outlined', color: 'primary' },
      },
      MuiOutlinedInput: {
        styleOverrides: {
          root: {
            borderRadius: 10,
            backgroundColor: p.paper,
            '&:hover:not(.Mui-focused):not(.Mui-error) .MuiOutlinedInput-notchedOutline': {
              borderColor: alpha(p.textPrimary, 0.45),
            },
          },
          input: { paddingTop: fieldPaddingY, paddingBottom: fieldPaddingY },
          notchedOutline: { borderColor: alpha(p.textPrimary, isDark ? 0.28 : 0.24) },
        },
      },
      MuiInputLabel: {
        styleOverrides: {
          outlined: {
            transform: `translate(14px, ${fieldPaddingY}px) scale(1)`,
            '&.MuiInputLabel-shrink': { transform: 'translate(14px, -9px) scale(0.75)' },
          },
        },
      },
      MuiListItem: { styleOverrides: { root: { minHeight: LIST_ITEM_MIN_HEIGHT_PX } } },
      MuiListItemButton: { styleOverrides: { root: { minHeight: LIST_ITEM_MIN_HEIGHT_PX } } },
      MuiMenuItem: { styleOverrides: { root: { minHeight: LIST_ITEM_MIN_HEIGHT_PX } } },
      MuiTooltip: { defaultProps: { placement: 'top', arrow: true } },
      MuiAppBar: {
        defaultProps: { elevation: 0, color: 'inherit' },
        styleOverrides: {
          root: { backgroundColor: p.paper, borderBottom: `1px solid ${p.divider}` },
        },
      },
      MuiDialog: { styleOverrides: { paper: { borderRadius: CARD_RADIUS_PX, backgroundImage: 'none' } } },
      MuiMenu: { styleOverrides: { paper: { borderRadius: 14, backgroundImage: 'none' } } },
      MuiPaper: { styleOverrides: { root: { backgroundImage: 'none' } } },
      MuiLink: { defaultProps: { underline: 'hover' }, styleOverrides: { root: { fontWeight: 500 } } },
      MuiAlert: { styleOverrides: { root: { borderRadius: 12, variants: isDark ? darkAlertVariants : [] } } },
    },
  });
}

const cache = new Map<ThemeName, Theme>();

/** The theme `name`, built once and cached. */
export function getAppTheme(name: ThemeName): Theme {
  let theme = cache.get(name);
  if (!theme) {
    theme = createAppTheme(name);
    cache.set(name, theme);
  }
  return theme;
}
