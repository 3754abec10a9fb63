import type { ActivityItem } from '@tandem/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { API_BASE_URL, CLIENT_ID } from '@/config/env';
import { refreshSession } from '@/lib/api-client';
import { readStorage } from '@/lib/token-storage';
import { reloadProfile } from '@/features/auth/stores/session-store';
import { tasksQueryKey } from '@/features/tasks/api/get-tasks';
import { activityQueryOptions } from '../api/get-activity';

/** Longest pause between reconnection attempts after the server closed the stream, ms. */
const MAX_RECONNECT_DELAY_MS = 30_000;

/** The stream's URL: EventSource cannot send headers, so token and client id ride in the query (contract activity.ts). */
function getEventsUrl(workspaceId: string, accessToken: string): string {
  const query = new URLSearchParams({ access_token: accessToken, client_id: CLIENT_ID });
  return `${API_BASE_URL}/v1/workspaces/${encodeURIComponent(workspaceId)}/events?${query.toString()}`;
}

/** What the stream delivered, as handed to `onEvent`. */
export type WorkspaceEvent = { type: 'activity'; item: ActivityItem } | { type: 'task' } | { type: 'reconnected' };

/**
 * Live activity (PRODUCT §4: GET v1/workspaces/{id}/events, Server-Sent Events): while a workspace
 * is open, each `activity` event invalidates the activity query and reloads the profile, so the
 * header's new-activity dot (seed §4: hasNewActivityItems) lights up; each `task` event refetches
 * the task lists; a stream reopened after its token expired refetches both, as it cannot resume.
 * `onEvent` lets the caller refresh what else an event touches. The stream is closed when `workspaceId` changes (workspace
 * switch) or becomes null (sign-out). When the server ends the stream (e.g. an expired token), the
 * session is refreshed once and the stream reopens with backoff (1 s, 2 s … 30 s).
 */
export function useWorkspaceEvents(workspaceId: string | null, onEvent?: (event: WorkspaceEvent) => void): void {
  const queryClient = useQueryClient();
  const onEventRef = useRef(onEvent);
  useEffect(() => {
    onEventRef.current = onEvent;
  });

  useEffect(() => {
    if (!workspaceId) return;
    let source: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    let isClosed = false;
    let hasConnected = false;

    /** `activity`: the feed and the profile (the header's dot) refresh; the caller learns the item. */
    const handleActivity = (event: MessageEvent<string>) => {
      failures = 0;
      void queryClient.invalidateQueries({ queryKey: activityQueryOptions(workspaceId).queryKey });
      void reloadProfile();
      try {
        onEventRef.current?.({ type: 'activity', item: JSON.parse(event.data) as ActivityItem });
      } catch {
        // A malformed event still refreshed the feed above.
      }
    };

    /** `task` ({taskId, action, version}, contract tasks.ts): task lists and the open task refetch. */
    const handleTask = () => {
      failures = 0;
      void queryClient.invalidateQueries({ queryKey: tasksQueryKey(workspaceId) });
      onEventRef.current?.({ type: 'task' });
    };

    const connect = () => {
      const accessToken = readStorage('accessToken');
      if (!accessToken || isClosed) return;
      source = new EventSource(getEventsUrl(workspaceId, accessToken));
      source.addEventListener('open', () => {
        failures = 0;
        // A reopened stream (new token) starts without Last-Event-ID: refetch what it may have missed.
        if (hasConnected) {
          void queryClient.invalidateQueries({ queryKey: activityQueryOptions(workspaceId).queryKey });
          void queryClient.invalidateQueries({ queryKey: tasksQueryKey(workspaceId) });
          void reloadProfile();
          onEventRef.current?.({ type: 'reconnected' });
        }
        hasConnected = true;
      });
      source.addEventListener('activity', handleActivity);
      source.addEventListener('task', handleTask);
      source.addEventListener('error', () => {
        // CONNECTING: the browser retries by itself. CLOSED: the server refused; we reconnect.
        if (!source || source.readyState !== EventSource.CLOSED || isClosed) return;
        source = null;
        const delay = Math.min(MAX_RECONNECT_DELAY_MS, 1000 * 2 ** failures);
        failures += 1;
        timer = setTimeout(() => {
          const isSameToken = readStorage('accessToken') === accessToken;
          if (isSameToken) void refreshSession().then((isRefreshed) => isRefreshed && connect());
          else connect();
        }, delay);
      });
    };

    connect();
    return () => {
      isClosed = true;
      clearTimeout(timer);
      source?.close();
    };
  }, [workspaceId, queryClient]);
}
