/** The briefs feature's public API (STYLE §1): what other features (the dashboard) may use. */
export { BriefRows, type BriefRowsProps } from './components/brief-rows';
export { getBrowserTimeZone } from './utils/meeting-time';
export { usePrewarmedMeetingTimes } from './hooks/use-prewarmed-meeting-times';
export { SaveIndicator } from './components/save-indicator';
