import type { ComposerHandoff } from '../hooks/use-request-autosave';

/**
 * The composer's state on its way from /questions/new to /questions/{id} (issue #10 "no lost
 * typing"). The first save replaces the URL; until the new route mounts, the old composer is still
 * on screen and still takes typing, so it keeps this entry current after every change, and the new
 * route reads it when it renders (a router-state snapshot taken at the first save lost what was
 * typed in between). One entry at a time; the route drops it when it leaves.
 */
const handoffs = new Map<string, ComposerHandoff>();

/** Keeps `handoff` as the newest state of its request's composer (replacing any other). */
export function keepComposerHandoff(handoff: ComposerHandoff): void {
  handoffs.clear();
  handoffs.set(handoff.requestId, handoff);
}

/** The newest handed-over state of request `requestId`'s composer, or null. Pure (a read). */
export function readComposerHandoff(requestId: string): ComposerHandoff | null {
  return handoffs.get(requestId) ?? null;
}

/** Forgets the handed-over state of `requestId` (the route that took it over has left). */
export function dropComposerHandoff(requestId: string): void {
  handoffs.delete(requestId);
}
