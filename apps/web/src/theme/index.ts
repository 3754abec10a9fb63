export { createAppTheme, getAppTheme, CARD_RADIUS_PX, FIELD_HEIGHT_PX, LIST_ITEM_MIN_HEIGHT_PX } from './create-app-theme';
export { themePalettes, type ThemePalette } from './palettes';
export { PREFERS_DARK_QUERY, resolveThemeName, usePrefersDark } from './resolve-theme';
