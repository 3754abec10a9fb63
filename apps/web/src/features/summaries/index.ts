/** The summaries feature's public API (STYLE §1): what other features (the public summary page) may use. */
export { SpreadBars, type SpreadBarsProps } from './components/spread-bars';
