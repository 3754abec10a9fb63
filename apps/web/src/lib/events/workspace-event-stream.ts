import { fetchEventSource } from '@microsoft/fetch-event-source';
import type { WorkspaceEvent } from '@tandem/contract';
import { API_BASE_URL, CLIENT_ID } from '../../config/env';
import { refreshSession } from '../api-client';
import { readStorage } from '../token-storage';

/** First pause before reopening a stream, ms; it doubles after each failed attempt. */
export const FIRST_RECONNECT_DELAY_MS = 1_000;
/** Longest pause between reopening attempts, ms. */
export const MAX_RECONNECT_DELAY_MS = 30_000;
/**
 * A stream that stayed open this long was healthy: the next reopen waits the first delay again.
 * One that ends sooner (a proxy that cuts it, a server refusing it) keeps backing off.
 */
export const HEALTHY_STREAM_MS = 2_000;

/** What the stream needs from the outside world; replaced in tests. */
export interface WorkspaceEventStreamDependencies {
  fetch: typeof fetch;
  /** The stored access token, or null once signed out. */
  readAccessToken: () => string | null;
  /** Refreshes the session once (lib/api-client): true when a new access token is stored. */
  refreshSession: () => Promise<boolean>;
  now: () => number;
  /**
   * Loads the contract's `parseWorkspaceEvent`. Its zod schema of every event type (every feature's
   * objects) is built when its module runs: loaded with the first message, not with the page
   * (issue #13: that build was one of a signed-in page's long tasks).
   */
  loadParser: () => Promise<EventParser>;
}

/** Data of a message → its event, or undefined for anything unknown or malformed. */
export type EventParser = (data: unknown) => WorkspaceEvent | undefined;

/** Options of {@link openWorkspaceEventStream}. */
export interface WorkspaceEventStreamOptions {
  workspaceId: string;
  /** Every message that parses as a WorkspaceEvent (contract events.ts); others are ignored. */
  onEvent: (event: WorkspaceEvent) => void;
  /** The stream reopened (not its first opening): events may have been missed meanwhile. */
  onResync: () => void;
  dependencies?: Partial<WorkspaceEventStreamDependencies>;
}

/** How one connection ended. */
type Outcome = { kind: 'ended' | 'unauthorized' | 'failed'; openedFor: number | null };

/** A refused opening: not a 200 text/event-stream. */
class StreamRefusedError extends Error {
  constructor(readonly status: number) {
    super(`The event stream was refused (${status}).`);
  }
}

const defaultDependencies: WorkspaceEventStreamDependencies = {
  fetch: (...args) => fetch(...args),
  readAccessToken: () => readStorage('accessToken'),
  refreshSession,
  now: () => Date.now(),
  loadParser: () => import('./parse-workspace-event').then((module) => module.parseWorkspaceEvent),
};

/** GET v1/workspaces/{id}/events (PRODUCT §4); the token travels in a header, never in the URL. */
export function getEventsUrl(workspaceId: string): string {
  return `${API_BASE_URL}/v1/workspaces/${encodeURIComponent(workspaceId)}/events`;
}

function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
  });
}

/**
 * Opens a workspace's live event stream (PRODUCT §4 `events`, text/event-stream) with
 * fetch-event-source, authenticated by the `Authorization: Bearer` and `X-Client-Id` headers.
 * Each message's data is parsed with the contract's `parseWorkspaceEvent` (loaded with the first
 * message) and handed to `onEvent` in the order the messages came; unknown or malformed ones are
 * skipped, and none is handed on once the stream is closed. The last `id:` seen (activity item ids) is sent back as `Last-Event-ID` on
 * every reopening, so the server replays up to 100 missed activity events.
 *
 * The stream keeps running while the tab is hidden (`openWhenHidden`): a hidden tab still lights
 * the new-activity dot and keeps caches current, and avoids a resync on every tab switch.
 *
 * When the server ends the stream (its access token expired, the session or membership ended, the
 * server resynchronised) or answers 401, the session is refreshed once — unless the stored token
 * already changed — and the stream reopens with the new token; a failed refresh stops it (the app
 * signs out). Other failures (network, 5xx) reopen with the same token. Reopening waits 1 s, 2 s, 4 s
 * … 30 s; the delay starts over after a stream that stayed open. Each reopening calls `onResync`.
 *
 * Returns the function that closes the stream for good (sign-out, workspace switch).
 */
export function openWorkspaceEventStream({ workspaceId, onEvent, onResync, dependencies }: WorkspaceEventStreamOptions): () => void {
  const deps = { ...defaultDependencies, ...dependencies };
  const closer = new AbortController();
  let lastEventId: string | null = null;
  let hasOpened = false;
  let parser: Promise<EventParser | undefined> | undefined;
  // Messages are handed on one after another, in the order they came, once the parser is here.
  let delivered: Promise<void> = Promise.resolve();
  const deliver = (data: string) => {
    // A failed load skips the messages waiting for it and is tried again by the next one (a stale
    // chunk after a deploy: the next navigation reloads the app, lib/chunk-reload.ts).
    const loading = (parser ??= deps.loadParser().catch(() => (parser = undefined)));
    delivered = delivered.then(async () => {
      const event = (await loading)?.(data);
      // onEvent (dispatchWorkspaceEvent) reports its handlers' failures itself, never throwing.
      if (event && !closer.signal.aborted) onEvent(event);
    });
  };

  const connectOnce = async (accessToken: string): Promise<Outcome> => {
    const attempt = new AbortController();
    const stop = () => attempt.abort();
    closer.signal.addEventListener('abort', stop, { once: true });
    let openedAt: number | null = null;
    const headers: Record<string, string> = { Authorization: `Bearer ${accessToken}`, 'X-Client-Id': CLIENT_ID };
    if (lastEventId) headers['Last-Event-ID'] = lastEventId;
    const openedFor = () => (openedAt === null ? null : deps.now() - openedAt);
    try {
      await fetchEventSource(getEventsUrl(workspaceId), {
        method: 'GET',
        headers,
        signal: attempt.signal,
        openWhenHidden: true,
        fetch: deps.fetch,
        onopen: async (response) => {
          const contentType = response.headers.get('content-type') ?? '';
          if (response.status !== 200 || !contentType.startsWith('text/event-stream')) throw new StreamRefusedError(response.status);
          openedAt = deps.now();
          if (hasOpened) onResync();
          hasOpened = true;
        },
        onmessage: (message) => {
          if (message.id) lastEventId = message.id;
          // A heartbeat or `retry:` line dispatches a message without data: nothing to parse.
          if (message.data) deliver(message.data);
        },
        onerror: (error: unknown) => {
          // No retry inside the library: the loop below decides (fresh token, backoff).
          throw error;
        },
      });
      return { kind: 'ended', openedFor: openedFor() };
    } catch (error) {
      const isUnauthorized = error instanceof StreamRefusedError && error.status === 401;
      return { kind: isUnauthorized ? 'unauthorized' : 'failed', openedFor: openedFor() };
    } finally {
      closer.signal.removeEventListener('abort', stop);
    }
  };

  const run = async () => {
    let failures = 0;
    while (!closer.signal.aborted) {
      const accessToken = deps.readAccessToken();
      if (!accessToken) return;
      const outcome = await connectOnce(accessToken);
      if (closer.signal.aborted) return;
      if (outcome.openedFor !== null && outcome.openedFor >= HEALTHY_STREAM_MS) failures = 0;
      await wait(Math.min(MAX_RECONNECT_DELAY_MS, FIRST_RECONNECT_DELAY_MS * 2 ** failures), closer.signal);
      failures += 1;
      if (closer.signal.aborted) return;
      const needsNewToken = outcome.kind !== 'failed' && deps.readAccessToken() === accessToken;
      if (needsNewToken && !(await deps.refreshSession())) return;
    }
  };

  void run();
  return () => closer.abort();
}
