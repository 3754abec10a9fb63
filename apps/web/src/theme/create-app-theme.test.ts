import { getContrastRatio, getLuminance } from '@mui/material/styles';
import { themeNames } from '@tandem/contract';
import { describe, expect, it } from 'vitest';
import { createAppTheme } from './create-app-theme';
import { themePalettes } from './palettes';
import { resolveThemeName } from './resolve-theme';

describe('resolveThemeName (issue #8 "Match system")', () => {
  it('follows the system for "system" and for no preference (signed out)', () => {
    expect(resolveThemeName('system', false)).toBe('brand');
    expect(resolveThemeName('system', true)).toBe('dark-blue');
    expect(resolveThemeName(undefined, false)).toBe('brand');
    expect(resolveThemeName(undefined, true)).toBe('dark-blue');
  });

  it('keeps a fixed theme whatever the system prefers', () => {
    for (const name of themeNames) {
      expect(resolveThemeName(name, true)).toBe(name);
      expect(resolveThemeName(name, false)).toBe(name);
    }
  });
});

type AlertStyle = { backgroundColor: string; color: string };
const darkThemes = themeNames.filter((name) => themePalettes[name].mode === 'dark');

describe('standard alerts in dark themes (issue #8: no black box on navy)', () => {
  it.each(darkThemes)('%s: each severity is a tint of the card, with text at 4.5:1 or more', (name) => {
    const theme = createAppTheme(name);
    const palette = themePalettes[name];
    const root = theme.components?.MuiAlert?.styleOverrides?.root as { variants: { props: { severity: string }; style: AlertStyle }[] };
    const severities = root.variants.map((variant) => variant.props.severity);
    expect(severities).toEqual(['info', 'success', 'warning', 'error']);
    for (const { props, style } of root.variants) {
      expect(getLuminance(style.backgroundColor), `${props.severity} box vs card`).toBeGreaterThanOrEqual(getLuminance(palette.paper));
      expect(getContrastRatio(style.color, style.backgroundColor), `${props.severity} text`).toBeGreaterThanOrEqual(4.5);
    }
  });
});
