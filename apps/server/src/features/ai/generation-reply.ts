import { GENERATION_EVENT_STREAM, type ErrorEnvelope, type GenerationProgress } from '@tandem/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors.js';
import { settleHijackedReply } from '../../plugins/idempotency.js';
import type { GenerationOptions } from './ai-provider.js';

/** One Server-Sent Events message (the data is JSON on one line: no newline can break the frame). */
const sseMessage = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/**
 * Answers a generation call (contract GENERATION_EVENT_STREAM). `produce` runs the generation with
 * a signal that aborts when the caller goes away (cancel) and a progress sink.
 * - Plain JSON by default: resolves `{ payload }` for the route to send with `status`.
 * - With `Accept: text/event-stream`: the stream opens at the first progress event; `progress`
 *   events, then one `result` ({ payload }) or `error` (envelope + status). An error before any
 *   progress (validation, 402, 403, 404, 409) is thrown and answers as plain JSON. A streamed
 *   answer settles its Idempotency-Key itself (plugins/idempotency.ts): a replay gets the result
 *   as plain JSON; a cancelled one may run again.
 * @returns the `{ payload }` to send, or undefined when the answer was streamed.
 */
export async function replyWithGeneration<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  produce: (options: GenerationOptions) => Promise<T>,
  status = 200,
): Promise<{ payload: T } | undefined> {
  const controller = new AbortController();
  const abort = () => {
    if (!reply.raw.writableEnded) controller.abort(new DOMException('The generation was cancelled.', 'AbortError'));
  };
  reply.raw.on('close', abort);
  const wantsStream = (request.headers.accept ?? '').includes(GENERATION_EVENT_STREAM);
  let streaming = false;
  const open = () => {
    if (streaming) return;
    streaming = true;
    reply.hijack();
    const headers: Record<string, string | number | string[]> = {};
    for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) headers[name] = value;
    reply.raw.writeHead(status, {
      ...headers,
      'content-type': `${GENERATION_EVENT_STREAM}; charset=utf-8`,
      'cache-control': 'no-store',
      'x-accel-buffering': 'no',
    });
  };
  const onProgress = (progress: GenerationProgress) => {
    if (!wantsStream || controller.signal.aborted) return;
    open();
    reply.raw.write(sseMessage('progress', progress));
  };
  try {
    const payload = await produce({ signal: controller.signal, onProgress });
    if (!streaming) return { payload };
    // Settled before the last event, so a client that replays right after reading it gets the answer.
    await settle(request, { status, body: { payload } });
    reply.raw.end(sseMessage('result', { payload }));
    return undefined;
  } catch (error) {
    if (!streaming) throw error;
    if (controller.signal.aborted) {
      await settle(request, null);
      return undefined;
    }
    const { status: errorStatus, ...envelope } = errorEvent(request, error);
    await settle(request, { status: errorStatus, body: envelope });
    reply.raw.end(sseMessage('error', { ...envelope, status: errorStatus }));
    return undefined;
  } finally {
    reply.raw.off('close', abort);
  }
}

/** A streamed (hijacked) answer's Idempotency-Key; a failure to settle it must not lose the answer. */
async function settle(request: FastifyRequest, answer: { status: number; body: unknown } | null): Promise<void> {
  try {
    await settleHijackedReply(request, answer);
  } catch (error) {
    request.log.error({ err: error }, 'could not settle the Idempotency-Key of a streamed generation');
  }
}

/** The `error` event of a stream that had started: the envelope the error handler would send. */
function errorEvent(request: FastifyRequest, error: unknown): ErrorEnvelope & { status: number } {
  if (error instanceof AppError) {
    return {
      status: error.statusCode,
      errorCode: error.errorCode,
      errorDisplayMessage: error.errorDisplayMessage,
      errorData: error.errorData,
    };
  }
  request.log.error({ err: error }, 'generation failed');
  return { status: 500, errorCode: 'INTERNAL', errorDisplayMessage: 'Something went wrong on our side. Please try again.' };
}
