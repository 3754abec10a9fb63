/** The briefs feature's public API (STYLE §1): its routes, and the brief lists the dashboard reads. */
export { briefsRoutes } from './briefs-routes.js';
export { briefTemplatesRoutes } from './templates-routes.js';
export { shareLinksRoutes } from './share-links-routes.js';
export { publicBriefRoutes } from './public-brief-routes.js';
export { countBriefs, dayBounds, findBriefListItems, meetingWithin, todayIn } from './briefs-repository.js';
