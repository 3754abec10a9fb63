import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import {
  dispatchWorkspaceEvent,
  resyncWorkspaceEventHandlers,
  type AnyWorkspaceEventHandler,
  type WorkspaceEventContext,
} from './event-handlers';

/**
 * The one subscription to a workspace's live events (ARCHITECTURE "events"): while `workspaceId`
 * is set, the stream is open (`openWorkspaceEventStream` of ./workspace-event-stream, loaded once
 * the screen has rendered: its zod schema of every event type is no part of the first render,
 * issue #13; header auth, reconnection after
 * token expiry with Last-Event-ID, backoff 1 s … 30 s) and every event goes to the `handlers`
 * registered for its type; a reopened stream calls each handler's `onResync`. The stream closes
 * when `workspaceId` changes (workspace switch) or becomes null (sign-out). `memberId` and
 * `handlers` are read when an event arrives, so changing them does not reopen the stream.
 */
export function useWorkspaceEventStream(
  workspaceId: string | null,
  memberId: string | null,
  handlers: readonly AnyWorkspaceEventHandler[],
): void {
  const queryClient = useQueryClient();
  const latest = useRef({ memberId, handlers });
  useEffect(() => {
    latest.current = { memberId, handlers };
  });

  useEffect(() => {
    if (!workspaceId) return;
    const getContext = (): WorkspaceEventContext => ({ queryClient, workspaceId, memberId: latest.current.memberId });
    let isClosed = false;
    let close: (() => void) | undefined;
    // A failed load (a stale chunk after a deploy) leaves the page without live updates; the next
    // navigation reloads the app (lib/chunk-reload.ts).
    import('./workspace-event-stream').then(
      ({ openWorkspaceEventStream }) => {
        if (isClosed) return;
        close = openWorkspaceEventStream({
          workspaceId,
          onEvent: (event) => dispatchWorkspaceEvent(latest.current.handlers, event, getContext()),
          onResync: () => resyncWorkspaceEventHandlers(latest.current.handlers, getContext()),
        });
      },
      () => undefined,
    );
    return () => {
      isClosed = true;
      close?.();
    };
  }, [workspaceId, queryClient]);
}
