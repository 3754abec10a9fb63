import type { WorkspaceEvent, WorkspaceEventOf, WorkspaceEventType } from '@tandem/contract';
import type { QueryClient } from '@tanstack/react-query';

/** What a handler gets besides the event: the app's query cache and who is looking at which workspace. */
export interface WorkspaceEventContext {
  queryClient: QueryClient;
  /** The workspace whose stream delivered the event (events of another workspace never reach a handler). */
  workspaceId: string;
  /** The signed-in member's id in that workspace, or null while the session is still loading. */
  memberId: string | null;
}

/**
 * One feature's reaction to one event type of the workspace stream (ARCHITECTURE "events"): the
 * feature updates its own cache entries in `handle`; `onResync` runs when the stream reopened
 * without being able to resume (after a token expiry, a server-side end, a network failure), so
 * the feature refetches what it may have missed. Both must return quickly: start work, don't await.
 */
export interface WorkspaceEventHandler<T extends WorkspaceEventType = WorkspaceEventType> {
  type: T;
  handle: (event: WorkspaceEventOf<T>, ctx: WorkspaceEventContext) => void;
  onResync?: (ctx: WorkspaceEventContext) => void;
}

/** A handler of any event type; a list of these is what the app registers. */
export type AnyWorkspaceEventHandler = { [T in WorkspaceEventType]: WorkspaceEventHandler<T> }[WorkspaceEventType];

/**
 * Declares a handler with its event narrowed by `type`, e.g.
 * `defineWorkspaceEventHandler({ type: 'task', handle: (event) => event.taskId })`.
 */
export function defineWorkspaceEventHandler<T extends WorkspaceEventType>(handler: WorkspaceEventHandler<T>): WorkspaceEventHandler<T> {
  return handler;
}

/** Reports a handler's failure without stopping the other handlers (it still reaches the console). */
function reportLater(error: unknown): void {
  setTimeout(() => {
    throw error;
  });
}

/**
 * Calls every handler registered for `event.type`, in registration order. Ignores an event of
 * another workspace than `ctx.workspaceId`. A handler that throws does not stop the others.
 */
export function dispatchWorkspaceEvent(
  handlers: readonly AnyWorkspaceEventHandler[],
  event: WorkspaceEvent,
  ctx: WorkspaceEventContext,
): void {
  if (event.workspaceId !== ctx.workspaceId) return;
  for (const handler of handlers) {
    if (handler.type !== event.type) continue;
    try {
      (handler.handle as (event: WorkspaceEvent, ctx: WorkspaceEventContext) => void)(event, ctx);
    } catch (error) {
      reportLater(error);
    }
  }
}

/** Calls every handler's `onResync` once (a handler registered for two types is two registrations). */
export function resyncWorkspaceEventHandlers(handlers: readonly AnyWorkspaceEventHandler[], ctx: WorkspaceEventContext): void {
  for (const handler of handlers) {
    try {
      handler.onResync?.(ctx);
    } catch (error) {
      reportLater(error);
    }
  }
}
