/**
 * The summaries feature's public API (issue #11; STYLE §1): its workspace routes and the public
 * /s/{id} route, and the hand-written summary the demo seed saves.
 */
export { summariesRoutes } from './summaries-routes.js';
export { publicSummaryRoutes } from './public-summary-routes.js';
export { createSummaryFromProposal } from './summaries-service.js';
export { findScopeRequests, getSummaryRow, getWorkspaceName, type SummaryRow } from './summaries-repository.js';
