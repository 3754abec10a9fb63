/** The activity feature's public API (STYLE §1): what other features (the dashboard) may use. */
export { useActivity } from './api/get-activity';
export { ACTIVITY_EMPTY_HINT, ACTIVITY_EMPTY_TITLE, ActivityEntry } from './components/activity-entry';
export { describeActivity, type MemberName } from './utils/describe-activity';
