/** The activity feature's public API (STYLE §1): what other features (the dashboard) may use. */
export { useActivity } from './api/get-activity';
export { describeActivity, type MemberName } from './utils/describe-activity';
