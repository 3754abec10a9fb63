/** The activity feature's public API (STYLE §1): other features record activity through it. */
export { recordActivity } from './activity-repository.js';
export {
  recordAnswerReceived,
  recordBriefChange,
  recordChatReply,
  recordMemberInvited,
  recordPlanChanged,
  recordSummaryPublished,
  recordTaskChange,
  type BriefChange,
} from './story.js';
export { overdueKey } from './overdue.js';
