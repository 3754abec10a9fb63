import { createParser } from 'eventsource-parser';
import { afterEach, expect } from 'vitest';
import { parseWorkspaceEvent, type WorkspaceEventOf, type WorkspaceEventType } from '@tandem/contract';
import { CLIENT_ID } from './test-app.js';

/** One Server-Sent Event as read off the wire: its fields, or `comment` for a `:` line. */
export interface ServerSentEvent {
  event?: string;
  id?: string;
  data?: string;
  retry?: string;
  comment?: string;
}

/** An open `text/event-stream` read through fetch's body reader, one parsed event at a time. */
export interface EventStream {
  response: Response;
  /** The next event, 'timeout' when none came within `timeoutMs` (default 3 s), 'end' when the server closed. */
  next(timeoutMs?: number): Promise<ServerSentEvent | 'timeout' | 'end'>;
  /** The next event named `name` (skipping others, comments and retry lines): its JSON data and `id:` line. */
  nextNamed<T>(name: string, timeoutMs?: number): Promise<{ data: T; id?: string } | 'timeout' | 'end'>;
  close(): void;
}

/**
 * Opens event streams for the tests of one file and closes whatever is still open after each test.
 * @returns `open(url, headers)` → an {@link EventStream}.
 */
export function useEventStreams(): (url: string, headers?: Record<string, string>) => Promise<EventStream> {
  const openStreams: EventStream[] = [];
  afterEach(() => {
    for (const stream of openStreams.splice(0)) stream.close();
  });
  return async (url, headers = {}) => {
    const controller = new AbortController();
    const response = await fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: controller.signal });
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    // Parsed with eventsource-parser (the WHATWG algorithm), never by hand.
    const parsed: ServerSentEvent[] = [];
    const parser = createParser({
      onEvent: (message) =>
        parsed.push({ ...(message.event ? { event: message.event } : {}), ...(message.id ? { id: message.id } : {}), data: message.data }),
      onRetry: (retry) => parsed.push({ retry: String(retry) }),
      onComment: (comment) => parsed.push({ comment: comment.trim() }),
    });
    let pending: ReturnType<typeof reader.read> | undefined;
    const next: EventStream['next'] = async (timeoutMs = 3000) => {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const event = parsed.shift();
        if (event) return event;
        pending ??= reader.read();
        const result = await Promise.race([
          pending,
          new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), Math.max(0, deadline - Date.now()))),
        ]);
        if (result === 'timeout') return 'timeout';
        pending = undefined;
        if (result.done) return 'end';
        parser.feed(decoder.decode(result.value, { stream: true }));
      }
    };
    const stream: EventStream = {
      response,
      next,
      async nextNamed(name, timeoutMs = 3000) {
        const deadline = Date.now() + timeoutMs;
        for (;;) {
          const event = await next(Math.max(0, deadline - Date.now()));
          if (event === 'timeout' || event === 'end') return event;
          if (event.event === name) return { data: JSON.parse(event.data!) as never, ...(event.id ? { id: event.id } : {}) };
        }
      },
      close: () => controller.abort(),
    };
    openStreams.push(stream);
    return stream;
  };
}

/** A member whose workspace event stream a test opens. */
interface StreamMember {
  workspaceId: string;
  token: string;
}

/**
 * Opens `member`'s workspace event stream (GET {baseUrl}/api/v1/workspaces/{id}/events, 200
 * expected) through `open` (from {@link useEventStreams}). `next(type)` answers the next event of
 * that type — its data checked against the contract's WorkspaceEvent union — with its `id:` line,
 * or 'timeout' / 'end'.
 */
export async function openWorkspaceEvents(
  open: ReturnType<typeof useEventStreams>,
  baseUrl: string,
  member: StreamMember,
): Promise<{
  next<T extends WorkspaceEventType>(type: T, timeoutMs?: number): Promise<{ data: WorkspaceEventOf<T>; id?: string } | 'timeout' | 'end'>;
}> {
  const url = `${baseUrl}/api/v1/workspaces/${member.workspaceId}/events`;
  const stream = await open(url, { authorization: `Bearer ${member.token}`, 'x-client-id': CLIENT_ID });
  expect(stream.response.status).toBe(200);
  return {
    async next<T extends WorkspaceEventType>(type: T, timeoutMs?: number) {
      const event = await stream.nextNamed<WorkspaceEventOf<T>>(type, timeoutMs);
      if (event === 'timeout' || event === 'end') return event;
      expect(parseWorkspaceEvent(event.data)).toEqual(event.data);
      return event;
    },
  };
}

/** The Accept header of a generation call that asks for Server-Sent Events (contract GENERATION_EVENT_STREAM). */
export const acceptStream = { accept: 'text/event-stream' };

/** The events of a whole `text/event-stream` body, parsed with eventsource-parser: name and JSON data. */
export function parseEvents(body: string): { event: string; data: unknown }[] {
  const events: { event: string; data: unknown }[] = [];
  const parser = createParser({ onEvent: (message) => events.push({ event: message.event ?? 'message', data: JSON.parse(message.data) }) });
  parser.feed(body);
  return events;
}
