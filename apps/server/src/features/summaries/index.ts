/**
 * The summaries feature's public API (issue #11; STYLE §1): its workspace routes and the public
 * /s/{id} route.
 */
export { summariesRoutes } from './summaries-routes.js';
export { publicSummaryRoutes } from './public-summary-routes.js';
