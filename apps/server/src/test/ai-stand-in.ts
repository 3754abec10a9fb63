import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import type { AppConfig } from '../config/env.js';

/**
 * A local stand-in for an OpenAI-compatible model (issue #11: "mock only what is unreachable").
 * It listens on 127.0.0.1 (a free port), answers POST /v1/chat/completions as non-streaming JSON
 * or, when the body says `stream: true`, as Server-Sent Events chunks ending with `data: [DONE]`,
 * and records every request it got.
 *
 * Usage:
 * ```ts
 * const standIn = await startAiStandIn();                      // in beforeAll (the config needs its url)
 * const t = useTestApp({ ai: standIn.config() });              // baseUrl = standIn.url + '/v1'
 * standIn.reply({ json: { questions: [...] } });               // the next call's answer
 * standIn.reply((request) => ({ json: build(request.data()) })); // computed from what was sent
 * standIn.reply({ text: 'not json' }, { status: 500 }, { hang: true });
 * standIn.requests.length; standIn.requests[0].body;           // what the app sent
 * await standIn.close();                                       // in afterAll
 * ```
 * Replies are used in order, one per call; with none queued the stand-in answers 500 (a test that
 * forgot to script a reply fails loudly instead of passing on a default).
 */
export interface AiStandIn {
  /** http://127.0.0.1:{port} (the API lives under /v1). */
  readonly url: string;
  /** Every chat-completions request received, oldest first. */
  readonly requests: StandInRequest[];
  /** Queues replies for the next calls, in order. */
  reply(...replies: (StandInReply | ((request: StandInRequest) => StandInReply))[]): void;
  /** Forgets queued replies and recorded requests (between tests). */
  reset(): void;
  /** Resolves once `count` requests in all have arrived (a signal to await, never a sleep). */
  waitForRequests(count: number): Promise<void>;
  /** The app's AI configuration pointing at this stand-in (model "stand-in", key "test"). */
  config(overrides?: { timeoutMs?: number }): { baseUrl: string; apiKey: string; model: string; timeoutMs: number };
  close(): Promise<void>;
}

/** A request the stand-in got: the parsed JSON body and its headers. */
export interface StandInRequest {
  body: {
    model: string;
    stream?: boolean;
    messages: { role: string; content: string }[];
    response_format?: unknown;
    [key: string]: unknown;
  };
  headers: IncomingMessage['headers'];
  /** The last user message parsed as JSON (the app passes its data as JSON), or null when it is not JSON. */
  data(): unknown;
  /** The system message's text ('' when none). */
  system(): string;
  /** Resolves when this call's connection closes: for a `hang` reply, when the client gave up (aborted). */
  closed: Promise<void>;
}

/**
 * One scripted answer:
 * - `{ json }` the model's message is this value as JSON text (a valid output, or one failing the schema);
 * - `{ text }` the model's message is this raw text (e.g. invalid JSON);
 * - `{ status, body?, headers? }` an HTTP error (e.g. 500) with an OpenAI-style error body; the AI SDK
 *   retries a 5xx after its back-off (2 s) unless a `retry-after-ms` header says otherwise;
 * - `{ hang: true, partial? }` never finishes; the connection stays open until the client gives up
 *   (a timeout, a cancel). With `partial` and `stream: true` it first streams that text (progress).
 */
export type StandInReply =
  | { json: unknown }
  | { text: string }
  | { status: number; body?: unknown; headers?: Record<string, string> }
  | { hang: true; partial?: string };

const readBody = async (request: IncomingMessage): Promise<string> => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

const completionId = () => `chatcmpl-stand-in-${Date.now()}`;
const chunkOf = (
  id: string,
  model: string,
  delta: Record<string, unknown>,
  finishReason: string | null,
  extra: Record<string, unknown> = {},
) =>
  `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created: Math.floor(Date.now() / 1000), model, choices: [{ index: 0, delta, finish_reason: finishReason }], ...extra })}\n\n`;

function sendCompletion(response: ServerResponse, model: string, content: string, stream: boolean): void {
  const id = completionId();
  const created = Math.floor(Date.now() / 1000);
  const usage = { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 };
  if (!stream) {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify({
        id,
        object: 'chat.completion',
        created,
        model,
        choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
        usage,
      }),
    );
    return;
  }
  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  const chunk = (delta: Record<string, unknown>, finishReason: string | null, extra: Record<string, unknown> = {}) =>
    chunkOf(id, model, delta, finishReason, extra);
  response.write(chunk({ role: 'assistant', content: '' }, null));
  // Several pieces, so a client sees partial output before the end.
  const size = Math.max(1, Math.ceil(content.length / 4));
  for (let start = 0; start < content.length; start += size) response.write(chunk({ content: content.slice(start, start + size) }, null));
  response.write(chunk({}, 'stop', { usage }));
  response.end('data: [DONE]\n\n');
}

/** Starts a stand-in on 127.0.0.1 at a free port. */
export async function startAiStandIn(): Promise<AiStandIn> {
  const requests: StandInRequest[] = [];
  let queue: (StandInReply | ((request: StandInRequest) => StandInReply))[] = [];
  let waiters: { count: number; resolve: () => void }[] = [];
  const hanging = new Set<ServerResponse>();

  const server = createServer((request, response) => {
    void (async () => {
      if (request.method !== 'POST' || !request.url?.endsWith('/v1/chat/completions')) {
        response.writeHead(404, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ error: { message: 'Not found', type: 'invalid_request_error' } }));
        return;
      }
      const body = JSON.parse(await readBody(request)) as StandInRequest['body'];
      const closed = once(response, 'close').then(() => undefined);
      const recorded: StandInRequest = {
        closed,
        body,
        headers: request.headers,
        data() {
          const user = body.messages.filter((message) => message.role === 'user').at(-1);
          try {
            return user ? (JSON.parse(user.content) as unknown) : null;
          } catch {
            return null;
          }
        },
        system: () => body.messages.find((message) => message.role === 'system')?.content ?? '',
      };
      requests.push(recorded);
      waiters = waiters.filter((waiter) => {
        if (requests.length < waiter.count) return true;
        waiter.resolve();
        return false;
      });
      const next = queue.shift();
      const scripted = typeof next === 'function' ? next(recorded) : next;
      if (!scripted) {
        response.writeHead(500, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ error: { message: 'The stand-in had no reply scripted.', type: 'server_error' } }));
      } else if ('hang' in scripted) {
        hanging.add(response);
        response.on('close', () => hanging.delete(response));
        if (scripted.partial !== undefined && body.stream === true) {
          const id = completionId();
          response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
          response.write(chunkOf(id, body.model, { role: 'assistant', content: scripted.partial }, null));
        }
      } else if ('status' in scripted) {
        response.writeHead(scripted.status, { 'content-type': 'application/json', ...scripted.headers });
        response.end(JSON.stringify(scripted.body ?? { error: { message: `Stand-in error ${scripted.status}`, type: 'server_error' } }));
      } else {
        const content = 'json' in scripted ? JSON.stringify(scripted.json) : scripted.text;
        sendCompletion(response, body.model, content, body.stream === true);
      }
    })().catch((error: unknown) => {
      response.writeHead(400, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { message: String(error), type: 'invalid_request_error' } }));
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    requests,
    reply(...replies) {
      queue.push(...replies);
    },
    reset() {
      queue = [];
      requests.length = 0;
      for (const response of hanging) response.destroy();
    },
    waitForRequests(count) {
      if (requests.length >= count) return Promise.resolve();
      return new Promise((resolve) => waiters.push({ count, resolve }));
    },
    config: ({ timeoutMs = 2_000 } = {}) => ({ baseUrl: `${url}/v1`, apiKey: 'test', model: 'stand-in', timeoutMs }),
    async close() {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}

/**
 * Starts a stand-in for the current test file (beforeAll) and closes it after (afterAll).
 * `appConfig` is filled in before later beforeAll hooks run, so register this BEFORE useTestApp:
 * `const ai = useAiStandIn(); const t = useTestApp(ai.appConfig);` then `ai.standIn.reply(…)`.
 */
export function useAiStandIn(options: { timeoutMs?: number } = {}): { readonly standIn: AiStandIn; appConfig: Partial<AppConfig> } {
  let standIn: AiStandIn | undefined;
  const appConfig: Partial<AppConfig> = {};
  beforeAll(async () => {
    standIn = await startAiStandIn();
    appConfig.ai = standIn.config(options);
  });
  afterAll(async () => {
    await standIn?.close();
  });
  return {
    get standIn() {
      if (!standIn) throw new Error('the AI stand-in is not started yet');
      return standIn;
    },
    appConfig,
  };
}
