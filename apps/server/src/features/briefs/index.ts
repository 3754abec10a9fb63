/**
 * The briefs feature's public API (STYLE §1): its routes, the brief lists the dashboard reads, and
 * the service calls and template library the demo seed writes its briefs with.
 */
export { briefsRoutes } from './briefs-routes.js';
export { briefTemplatesRoutes } from './templates-routes.js';
export { shareLinksRoutes } from './share-links-routes.js';
export { publicBriefRoutes } from './public-brief-routes.js';
export { briefListsStatement, getBrief, meetingWithin } from './briefs-repository.js';
export { acknowledgeBrief, createBrief, markBriefReady, markSection, updateBrief } from './briefs-service.js';
export { builtInTemplates } from './built-in-templates.js';
