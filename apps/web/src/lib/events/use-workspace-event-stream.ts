import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import {
  dispatchWorkspaceEvent,
  resyncWorkspaceEventHandlers,
  type AnyWorkspaceEventHandler,
  type WorkspaceEventContext,
} from './event-handlers';
import { openWorkspaceEventStream } from './workspace-event-stream';

/**
 * The one subscription to a workspace's live events (ARCHITECTURE "events"): while `workspaceId`
 * is set, the stream is open ({@link openWorkspaceEventStream}: header auth, reconnection after
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
    return openWorkspaceEventStream({
      workspaceId,
      onEvent: (event) => dispatchWorkspaceEvent(latest.current.handlers, event, getContext()),
      onResync: () => resyncWorkspaceEventHandlers(latest.current.handlers, getContext()),
    });
  }, [workspaceId, queryClient]);
}
