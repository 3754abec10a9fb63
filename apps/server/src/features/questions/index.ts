/**
 * The questions feature's public API (STYLE §1; issue #10): its routes, the dashboard's "Waiting on"
 * and "New answers", the plan usage count, and what the demo seed writes requests with.
 */
export { questionsRoutes } from './questions-routes.js';
export { countActiveRequests } from './requests-repository.js';
export { findNewAnswers, findWaitingOn } from './waiting-on.js';
export { closeRequest, createRequest, recipientLinkExpiry } from './requests-service.js';
export { sendRequest } from './recipients-service.js';
export { answersRoutes } from './answers-routes.js';
export { publicQuestionRoutes } from './public-question-routes.js';
export { registerQuestionReminders, sendDueReminders } from './reminders.js';
export {
  findRecipientDelivery,
  noRecipientMessenger,
  recordDeliveryFailure,
  recordRecipientChannel,
  type RecipientDelivery,
  type RecipientMessenger,
} from './recipient-messengers.js';
export { postChannelMessage, recordChannelAnswer, type ChannelAnswerResult } from './answers-service.js';
export { findRecipientContext, type RecipientContext } from './answers-repository.js';
