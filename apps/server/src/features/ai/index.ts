/**
 * The AI feature's public API (issue #11; STYLE §1): the service other features generate through,
 * the provider interface they write tasks against, the month's usage for the subscription, and
 * the streamed-or-JSON reply of generation routes. Tests reach the model through the local
 * stand-in (src/test/ai-stand-in.ts: useAiStandIn / startAiStandIn), never through this module.
 */
export { AiService, type GenerationTask } from './ai-service.js';
export type * from './ai-provider.js';
export { countAiGenerationsThisMonth } from './ai-usage.js';
export { replyWithGeneration } from './generation-reply.js';
export { aiRoutes } from './ai-routes.js';
export { createModelProvider } from './model-provider.js';
