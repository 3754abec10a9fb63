/** The briefs feature's public API (STYLE §1): the dashboard reads brief lists through it. */
export { briefsRoutes } from './briefs-routes.js';
export { countBriefs, dayBounds, findBriefListItems, meetingWithin, todayIn } from './briefs-repository.js';
