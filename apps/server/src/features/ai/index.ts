/**
 * The AI feature's public API (issue #11; STYLE §1): the service other features generate through,
 * the provider interface they write tasks against, and the month's usage for the subscription.
 */
export { AiService, type GenerationTask } from './ai-service.js';
export type * from './ai-provider.js';
export { countAiGenerationsThisMonth } from './ai-usage.js';
export { replyWithGeneration } from './generation-reply.js';
export { aiRoutes } from './ai-routes.js';
