/** The tasks feature's public API (STYLE §1): what other features (the questions composer) may use. */
export { DueDateField, type DueDateFieldProps } from './components/due-date-field';
