/** The questions feature's public API (STYLE §1): what other features (the dashboard) may use. */
export { NewAnswerRows } from './components/new-answer-rows';
export { WaitingOnRows, type WaitingOnRowsProps } from './components/waiting-on-rows';
