import { parseWorkspaceEvent, type WorkspaceEvent } from '@tandem/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openWorkspaceEventStream, type WorkspaceEventStreamDependencies } from './workspace-event-stream';

const workspaceId = '6f1c1b8e-3f7a-4a47-9a3e-2f1d1c0b9a11';
const activity: WorkspaceEvent = {
  type: 'activity',
  workspaceId,
  itemId: '0b9a7d2e-1c3f-4e5a-8b6c-7d8e9f0a1b2c',
  kind: 'MEMBER_JOINED',
  actorMemberId: null,
};
const task: WorkspaceEvent = { type: 'task', workspaceId, taskId: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d', action: 'updated', version: 2 };

/** One server answer whose body the test writes and ends. */
function streamResponse(status = 200) {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  const encoder = new TextEncoder();
  const contentType = status === 200 ? 'text/event-stream' : 'application/json';
  return {
    response: new Response(status === 200 ? body : '{}', { status, headers: { 'content-type': contentType } }),
    send: (text: string) => controller.enqueue(encoder.encode(text)),
    end: () => controller.close(),
  };
}

type Answer = ReturnType<typeof streamResponse> | 'network-error';

let answers: Answer[];
let requests: { url: string; headers: Record<string, string> }[];
let token: string | null;
let refreshResult: boolean;
let deps: WorkspaceEventStreamDependencies;
let events: WorkspaceEvent[];
let resyncs: number;

function open() {
  return openWorkspaceEventStream({
    workspaceId,
    onEvent: (event) => events.push(event),
    onResync: () => (resyncs += 1),
    dependencies: deps,
  });
}

/** Lets the stream's promises run, then moves the clock by `ms`. */
const elapse = (ms = 0) => vi.advanceTimersByTimeAsync(ms);

beforeEach(() => {
  vi.useFakeTimers();
  // fetch-event-source uses window's timers and document's visibility events.
  vi.stubGlobal('window', globalThis);
  vi.stubGlobal('document', { hidden: false, addEventListener: () => undefined, removeEventListener: () => undefined });
  answers = [];
  requests = [];
  token = 'token-1';
  refreshResult = true;
  events = [];
  resyncs = 0;
  deps = {
    fetch: vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      requests.push({ url: String(input), headers: { ...(init?.headers as Record<string, string>) } });
      const answer = answers.shift();
      if (!answer) return new Promise<Response>(() => undefined);
      if (answer === 'network-error') throw new TypeError('Failed to fetch');
      return answer.response;
    }),
    readAccessToken: () => token,
    refreshSession: vi.fn(async () => {
      if (refreshResult) token = `token-${Number(token?.split('-')[1] ?? 0) + 1}`;
      return refreshResult;
    }),
    now: () => Date.now(),
    loadParser: vi.fn(async () => parseWorkspaceEvent),
  };
});

/** A parser load the test settles: `resolve()` hands over the contract's parser, `reject()` fails it. */
function deferredParser() {
  let settle!: { resolve: () => void; reject: () => void };
  const loaded = new Promise<typeof parseWorkspaceEvent>((resolve, reject) => {
    settle = { resolve: () => resolve(parseWorkspaceEvent), reject: () => reject(new TypeError('Failed to fetch a module')) };
  });
  return { loaded, ...settle };
}

/** An open stream whose parser load the test settles, with `task` sent and waiting for it. */
async function openWithTaskWaitingForParser() {
  const first = streamResponse();
  answers.push(first);
  const parser = deferredParser();
  vi.mocked(deps.loadParser).mockReturnValueOnce(parser.loaded);
  const close = open();
  await elapse();
  first.send(message(task));
  await elapse();
  return { first, parser, close };
}

const message = (event: WorkspaceEvent) => `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('openWorkspaceEventStream (PRODUCT §4 events)', () => {
  it('sends the token in headers, never in the URL, and passes on only valid workspace events', async () => {
    const first = streamResponse();
    answers.push(first);
    const close = open();
    await elapse();
    expect(requests).toHaveLength(1);
    expect(requests[0]!.url).toBe(`/api/v1/workspaces/${workspaceId}/events`);
    expect(requests[0]!.headers).toMatchObject({ Authorization: 'Bearer token-1', 'X-Client-Id': 'tandem-web' });
    expect(requests[0]!.headers).not.toHaveProperty('Last-Event-ID');

    first.send('retry: 5000\n\n: heartbeat\n\n');
    first.send(`event: activity\nid: ${activity.itemId}\ndata: ${JSON.stringify(activity)}\n\n`);
    first.send(`event: brief\ndata: ${JSON.stringify({ type: 'brief', workspaceId, briefId: 'b1' })}\n\n`);
    first.send('event: task\ndata: {not json\n\n');
    first.send(`event: task\ndata: ${JSON.stringify(task)}\n\n`);
    await elapse();
    expect(events).toEqual([activity, task]);
    expect(resyncs).toBe(0);
    close();
  });

  it('after the server ends the stream, refreshes once and reopens with the new token and Last-Event-ID', async () => {
    const first = streamResponse();
    const second = streamResponse();
    answers.push(first, second);
    const close = open();
    await elapse();
    first.send(`event: activity\nid: ${activity.itemId}\ndata: ${JSON.stringify(activity)}\n\n`);
    await elapse(5_000);
    first.end();
    await elapse(999);
    expect(requests).toHaveLength(1);
    await elapse(1);
    expect(deps.refreshSession).toHaveBeenCalledTimes(1);
    expect(requests).toHaveLength(2);
    expect(requests[1]!.headers).toMatchObject({ Authorization: 'Bearer token-2', 'Last-Event-ID': activity.itemId });
    expect(requests[1]!.url).not.toContain('token');
    expect(resyncs).toBe(1);
    close();
  });

  it('refreshes after a 401 and stops when the refresh fails (the app signs out)', async () => {
    answers.push(streamResponse(401), streamResponse(401));
    open();
    await elapse(1_000);
    expect(deps.refreshSession).toHaveBeenCalledTimes(1);
    expect(requests.map((request) => request.headers.Authorization)).toEqual(['Bearer token-1', 'Bearer token-2']);
    refreshResult = false;
    await elapse(2_000);
    expect(deps.refreshSession).toHaveBeenCalledTimes(2);
    await elapse(60_000);
    expect(requests).toHaveLength(2);
  });

  it('retries a network failure with the same token, backing off 1 s, 2 s, 4 s', async () => {
    answers.push('network-error', 'network-error', 'network-error');
    open();
    await elapse();
    expect(requests).toHaveLength(1);
    await elapse(1_000);
    expect(requests).toHaveLength(2);
    await elapse(1_999);
    expect(requests).toHaveLength(2);
    await elapse(1);
    expect(requests).toHaveLength(3);
    await elapse(4_000);
    expect(requests).toHaveLength(4);
    expect(deps.refreshSession).not.toHaveBeenCalled();
    expect(new Set(requests.map((request) => request.headers.Authorization))).toEqual(new Set(['Bearer token-1']));
  });

  it('stops for good when closed (sign-out, workspace switch), and when no token is stored', async () => {
    const first = streamResponse();
    answers.push(first);
    const close = open();
    await elapse();
    close();
    first.end();
    await elapse(60_000);
    expect(requests).toHaveLength(1);

    token = null;
    open();
    await elapse(60_000);
    expect(requests).toHaveLength(1);
  });

  it('loads the parser with the first message, not with the stream, and hands on what waited for it in order', async () => {
    const first = streamResponse();
    answers.push(first);
    const parser = deferredParser();
    vi.mocked(deps.loadParser).mockReturnValueOnce(parser.loaded);
    const close = open();
    await elapse(5_000);
    first.send(': heartbeat\n\n');
    await elapse();
    expect(deps.loadParser).not.toHaveBeenCalled();

    first.send(message(task));
    first.send(message(activity));
    await elapse();
    expect(deps.loadParser).toHaveBeenCalledTimes(1);
    expect(events).toEqual([]);
    parser.resolve();
    await elapse();
    expect(events).toEqual([task, activity]);

    first.send(message(task));
    await elapse();
    expect(events).toEqual([task, activity, task]);
    expect(deps.loadParser).toHaveBeenCalledTimes(1);
    close();
  });

  it('skips the messages of a failed parser load and loads again with the next message', async () => {
    const { first, parser, close } = await openWithTaskWaitingForParser();
    parser.reject();
    await elapse();
    expect(events).toEqual([]);

    first.send(message(activity));
    await elapse();
    expect(deps.loadParser).toHaveBeenCalledTimes(2);
    expect(events).toEqual([activity]);
    expect(requests).toHaveLength(1);
    close();
  });

  it('hands on nothing once closed, even what came before the parser did', async () => {
    const { parser, close } = await openWithTaskWaitingForParser();
    close();
    parser.resolve();
    await elapse();
    expect(events).toEqual([]);
  });

  it("by default loads the contract's parser", async () => {
    const first = streamResponse();
    answers.push(first);
    const { loadParser: _stub, ...withoutParser } = deps;
    const close = openWorkspaceEventStream({
      workspaceId,
      onEvent: (event) => events.push(event),
      onResync: () => undefined,
      dependencies: withoutParser,
    });
    await elapse();
    first.send(message(task));
    // A real dynamic import: its first transform, with three test workers on two cores, can take
    // longer than waitFor's default second.
    await vi.waitFor(() => expect(events).toEqual([task]), { timeout: 15_000 });
    close();
  });
});
