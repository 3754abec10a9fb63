import { createParser } from 'eventsource-parser';
import { CLIENT_ID, type Session } from './tandem.js';

/** One request's fate, as a client sees it (issue #14: "a client that records every request's fate"). */
export interface Fate {
  label: string;
  /** ms since the load started (performance.now() based). */
  sentAt: number;
  endedAt: number;
  /** The HTTP status, or undefined when the call failed without one. */
  status?: number;
  /** The failure (e.g. ECONNREFUSED, ECONNRESET, 'timeout') when there was no status. */
  error?: string;
  retryAfter?: string | null;
  connection?: string | null;
  body?: unknown;
}

/** The code of a fetch failure: undici puts the socket's error in `cause`. */
export function failureCode(error: unknown): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) return 'timeout';
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? String(error);
}

export interface Request {
  label: string;
  method: string;
  url: string;
  body?: unknown;
  headers?: Record<string, string>;
}

/**
 * Sends `request` to `baseUrl` and records its fate; never throws. Calls time out after
 * `timeoutMs` (a hang is recorded as 'timeout').
 */
export async function send(
  baseUrl: string,
  session: Session | undefined,
  request: Request,
  origin: number,
  timeoutMs = 10_000,
): Promise<Fate> {
  const sentAt = performance.now() - origin;
  try {
    const response = await fetch(`${baseUrl}${request.url}`, {
      method: request.method,
      headers: {
        'x-client-id': CLIENT_ID,
        ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(session ? { authorization: `Bearer ${session.token}` } : {}),
        ...request.headers,
      },
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text) as unknown;
    } catch {
      // not JSON
    }
    return {
      label: request.label,
      sentAt,
      endedAt: performance.now() - origin,
      status: response.status,
      retryAfter: response.headers.get('retry-after'),
      connection: response.headers.get('connection'),
      body,
    };
  } catch (error) {
    return { label: request.label, sentAt, endedAt: performance.now() - origin, error: failureCode(error) };
  }
}

export interface Load {
  fates: Fate[];
  /** The origin of the fates' times (performance.now()). */
  origin: number;
  /** Stops the workers and resolves once every request in flight has its fate. */
  stop(): Promise<void>;
}

/**
 * `workers` loops, each sending `next(worker, i)` one after another until stopped; every
 * request's fate is recorded. `pauseMs` between two requests of a worker keeps writes bounded.
 */
export function startLoad(
  baseUrl: string,
  session: Session,
  workers: number,
  next: (worker: number, sequence: number) => Request,
  options: { pauseMs?: (worker: number) => number; timeoutMs?: number } = {},
): Load {
  const origin = performance.now();
  const fates: Fate[] = [];
  let running = true;
  const loops = Array.from({ length: workers }, async (_, worker) => {
    for (let sequence = 0; running; sequence += 1) {
      fates.push(await send(baseUrl, session, next(worker, sequence), origin, options.timeoutMs));
      const pause = options.pauseMs?.(worker) ?? 0;
      if (pause > 0 && running) await new Promise((resolve) => setTimeout(resolve, pause));
    }
  });
  return {
    fates,
    origin,
    stop: async () => {
      running = false;
      await Promise.all(loops);
    },
  };
}

/** One Server-Sent Event: its `event:` name, `id:` and data. */
export interface StreamEvent {
  event?: string;
  id?: string;
  data: string;
}

export interface LiveStream {
  status: number;
  events: StreamEvent[];
  /** 'end' when the server closed the stream cleanly, else the failure's code. */
  ended: Promise<string>;
  close(): void;
}

/** Opens the workspace's event stream (events-routes.ts), with Last-Event-ID when given. */
export async function openStream(baseUrl: string, session: Session, lastEventId?: string): Promise<LiveStream> {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/api/v1/workspaces/${session.workspaceId}/events`, {
    headers: {
      accept: 'text/event-stream',
      'x-client-id': CLIENT_ID,
      authorization: `Bearer ${session.token}`,
      ...(lastEventId ? { 'last-event-id': lastEventId } : {}),
    },
    signal: controller.signal,
  });
  const events: StreamEvent[] = [];
  const parser = createParser({
    onEvent: (message) =>
      events.push({ data: message.data, ...(message.event ? { event: message.event } : {}), ...(message.id ? { id: message.id } : {}) }),
  });
  const ended = (async () => {
    if (!response.body) return 'no body';
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return 'end';
        parser.feed(decoder.decode(value, { stream: true }));
      }
    } catch (error) {
      return failureCode(error);
    }
  })();
  return { status: response.status, events, ended, close: () => controller.abort() };
}
