import { GENERATION_EVENT_STREAM, type GenerationProgress } from '@tandem/contract';
import { EventSourceParserStream } from 'eventsource-parser/stream';
import { createApiError } from '@/lib/api-error';
import { authorizedFetch, errorOfResponse } from '@/lib/authorized-fetch';

/** What a streamed generation reports while it runs and how it is cancelled. */
export interface GenerationStreamOptions {
  /** Aborting it cancels the generation on the server too (it then does not count against the plan). */
  signal?: AbortSignal;
  onProgress?: (progress: GenerationProgress) => void;
}

/**
 * POSTs an AI generation (issue #11: …/questions/generate, …/summaries/generate, …/summaries/{id}/update,
 * …/briefs/{id}/draft) asking for Server-Sent Events (contract GENERATION_EVENT_STREAM): `progress`
 * events go to `onProgress`, `result` resolves its payload, `error` rejects with its ApiError. A
 * server that answers JSON instead (errors before the work starts, or no progress) is read as JSON.
 * Rejects ApiError (status 0 offline) or the signal's AbortError when cancelled.
 */
export async function postGeneration<T>(path: string, body: unknown, options: GenerationStreamOptions = {}): Promise<T> {
  const response = await authorizedFetch(path, {
    method: 'POST',
    body: JSON.stringify(body ?? {}),
    signal: options.signal,
    headers: { 'Content-Type': 'application/json', Accept: `${GENERATION_EVENT_STREAM}, application/json` },
  });
  if (!response.ok) throw await errorOfResponse(response);
  if (!(response.headers.get('content-type') ?? '').startsWith(GENERATION_EVENT_STREAM) || !response.body) {
    return ((await response.json()) as { payload: T }).payload;
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).pipeThrough(new EventSourceParserStream()).getReader();
  try {
    for (let next = await reader.read(); !next.done; next = await reader.read()) {
      const data = JSON.parse(next.value.data) as unknown;
      if (next.value.event === 'progress') options.onProgress?.(data as GenerationProgress);
      else if (next.value.event === 'result') return (data as { payload: T }).payload;
      else if (next.value.event === 'error') throw await createApiError((data as { status?: number }).status ?? 500, data);
    }
  } finally {
    reader.releaseLock();
  }
  throw await createApiError(502, { errorCode: 'INTERNAL', errorDisplayMessage: 'The generation stopped before it finished. Try again.' });
}
