import type { ThemeName } from '@tandem/contract';

/** Colours of one theme. All text/background pairs meet WCAG AA (4.5:1). */
export interface ThemePalette {
  mode: 'light' | 'dark';
  /** Primary colour; white (light) or near-black (dark) text on it passes 4.5:1. */
  primary: string;
  primaryLight: string;
  primaryDark: string;
  background: string;
  paper: string;
  textPrimary: string;
  textSecondary: string;
  divider: string;
  /** Display name in the theme chooser. */
  label: string;
}

const light = { background: '#F6F7F9', paper: '#FFFFFF', textPrimary: '#111827', textSecondary: '#4B5563', divider: '#E5E7EB' };
const dark = { background: '#0F1115', paper: '#171A21', textPrimary: '#F3F4F6', textSecondary: '#B4BAC5', divider: '#2A2F3A' };

/**
 * The 14 themes (seed §1): 'brand' (custom blue; the light side of "Match system", the default),
 * six colours light and dark, and a separate dark blue with a navy background (the dark side).
 */
export const themePalettes: Record<ThemeName, ThemePalette> = {
  brand: {
    mode: 'light',
    primary: '#2454D6',
    primaryLight: '#E8EEFC',
    primaryDark: '#1A3FA8',
    ...light,
    background: '#F5F7FB',
    label: 'Tandem',
  },
  blue: { mode: 'light', primary: '#1565C0', primaryLight: '#E3F0FC', primaryDark: '#0D4A8F', ...light, label: 'Blue' },
  aqua: { mode: 'light', primary: '#00796B', primaryLight: '#DFF3F0', primaryDark: '#005A4F', ...light, label: 'Aqua' },
  purple: { mode: 'light', primary: '#6D28D9', primaryLight: '#EFE7FC', primaryDark: '#5318B0', ...light, label: 'Purple' },
  green: { mode: 'light', primary: '#2E7D32', primaryLight: '#E5F3E6', primaryDark: '#1F5E23', ...light, label: 'Green' },
  cyan: { mode: 'light', primary: '#00718A', primaryLight: '#DDF2F7', primaryDark: '#005466', ...light, label: 'Cyan' },
  orange: { mode: 'light', primary: '#C2410C', primaryLight: '#FDEBDD', primaryDark: '#9A3309', ...light, label: 'Orange' },
  'blue-dark': { mode: 'dark', primary: '#8AB4F8', primaryLight: '#1C2A44', primaryDark: '#5E93EC', ...dark, label: 'Blue dark' },
  'aqua-dark': { mode: 'dark', primary: '#5ED3C3', primaryLight: '#143330', primaryDark: '#35B3A2', ...dark, label: 'Aqua dark' },
  'purple-dark': { mode: 'dark', primary: '#C4A5FA', primaryLight: '#2A2140', primaryDark: '#A67EF2', ...dark, label: 'Purple dark' },
  'green-dark': { mode: 'dark', primary: '#86D48A', primaryLight: '#1B3320', primaryDark: '#5FB865', ...dark, label: 'Green dark' },
  'cyan-dark': { mode: 'dark', primary: '#5CD0E6', primaryLight: '#123039', primaryDark: '#2FB2CC', ...dark, label: 'Cyan dark' },
  'orange-dark': { mode: 'dark', primary: '#FFB072', primaryLight: '#3A2618', primaryDark: '#F28F45', ...dark, label: 'Orange dark' },
  'dark-blue': {
    mode: 'dark',
    primary: '#7FA6FF',
    primaryLight: '#1A2A55',
    primaryDark: '#5A88F5',
    background: '#0A1128',
    paper: '#111B3A',
    textPrimary: '#EEF2FF',
    textSecondary: '#B3BEDB',
    divider: '#24325C',
    label: 'Dark blue',
  },
};
