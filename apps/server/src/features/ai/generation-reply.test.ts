import type { GeneratedQuestions } from '@tandem/contract';
import { like } from 'drizzle-orm';
import { createParser } from 'eventsource-parser';
import Fastify from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { idempotencyKeys } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { useAiStandIn } from '../../test/ai-stand-in.js';
import { CLIENT_ID, useTestApp } from '../../test/test-app.js';
import { signUpOwner, type SignedInMember } from '../../test/workspace-fixtures.js';
import { aiUrls, countGenerations, insertGenerations } from './ai-test-fixtures.js';
import { acceptStream, parseEvents } from '../../test/event-stream.js';
import { replyWithGeneration } from './generation-reply.js';

/** replyWithGeneration on its own: what a stream says once it has started (issue #11). */
describe('replyWithGeneration', () => {
  const app = Fastify();
  let failWith: unknown;
  app.post('/generate', async (request, reply) => {
    const answer = await replyWithGeneration(request, reply, async ({ onProgress }) => {
      onProgress({ stage: 'reading', message: 'Reading 2 answers…', fraction: 0.5 });
      if (failWith) throw failWith;
      return { done: true };
    });
    return answer ? reply.send(answer) : reply;
  });
  afterAll(() => app.close());

  it('answers plain JSON without Accept: text/event-stream (progress is not sent)', async () => {
    failWith = undefined;
    const response = await app.inject({ method: 'POST', url: '/generate' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ payload: { done: true } });
  });

  it('streams progress, then the result', async () => {
    failWith = undefined;
    const response = await app.inject({ method: 'POST', url: '/generate', headers: acceptStream });
    expect(response.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(parseEvents(response.body)).toEqual([
      { event: 'progress', data: { stage: 'reading', message: 'Reading 2 answers…', fraction: 0.5 } },
      { event: 'result', data: { payload: { done: true } } },
    ]);
  });

  it('ends a started stream with an `error` event carrying the envelope and its status', async () => {
    failWith = new AppError('CONFLICT', 'That changed meanwhile.');
    const conflict = await app.inject({ method: 'POST', url: '/generate', headers: acceptStream });
    expect(conflict.statusCode).toBe(200);
    expect(parseEvents(conflict.body).at(-1)).toEqual({
      event: 'error',
      data: { status: 409, errorCode: 'CONFLICT', errorDisplayMessage: 'That changed meanwhile.' },
    });
    failWith = new Error('boom: secret details');
    const crash = await app.inject({ method: 'POST', url: '/generate', headers: acceptStream });
    const last = parseEvents(crash.body).at(-1);
    expect(last).toEqual({
      event: 'error',
      data: { status: 500, errorCode: 'INTERNAL', errorDisplayMessage: 'Something went wrong on our side. Please try again.' },
    });
  });
});

/** Streamed generations through the real app: JSON errors before the stream, cancel, Idempotency-Key. */
describe('streamed generations (model provider)', () => {
  const ai = useAiStandIn({ timeoutMs: 5_000 });
  const t = useTestApp(ai.appConfig);
  // fetch's pool may keep a spare connection that never carried a request; the app's close would wait for it.
  // (Registered after useTestApp, so it runs before the app closes.)
  afterAll(() => t.app.server.closeAllConnections());
  let owner: SignedInMember;
  let baseUrl: string;
  beforeAll(async () => {
    owner = await signUpOwner(t, { firstName: 'Stella', lastName: 'Stream' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    baseUrl = `http://127.0.0.1:${address.port}`;
  });
  beforeEach(() => ai.standIn.reset());

  const output = {
    questions: [{ prompt: 'What is blocking the launch?', kind: 'OPEN_TEXT', options: [], required: true, reason: 'Finds blockers.' }],
  };
  const body = { goal: 'Launch readiness', count: 1 };
  const keyRows = (key: string) =>
    t.db
      .select()
      .from(idempotencyKeys)
      .where(like(idempotencyKeys.scopedKey, `%:${key}`));

  it('answers errors found before the work as plain JSON with their status, whatever the Accept', async () => {
    const invalid = await t.post(aiUrls.generate(owner.workspaceId), { goal: '' }, { token: owner.token, headers: acceptStream });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.headers['content-type']).toContain('application/json');
    const other = await signUpOwner(t);
    await insertGenerations(t, other.workspaceId, 20);
    const limited = await t.post(aiUrls.generate(other.workspaceId), body, { token: other.token, headers: acceptStream });
    expect(limited.statusCode).toBe(402);
    expect(limited.json()).toMatchObject({ errorCode: 'PLAN_LIMIT' });
    expect(ai.standIn.requests).toHaveLength(0);
  });

  /** POSTs over a real socket and resolves at the first `progress` event, with a way to hang up. */
  async function openGeneration(headers: Record<string, string> = {}) {
    const controller = new AbortController();
    const response = await fetch(`${baseUrl}${aiUrls.generate(owner.workspaceId)}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${owner.token}`,
        'x-client-id': CLIENT_ID,
        'content-type': 'application/json',
        ...acceptStream,
        ...headers,
      },
      body: JSON.stringify(body),
      signal: controller.signal,
    });
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let progressed = false;
    const parser = createParser({ onEvent: (event) => (progressed ||= event.event === 'progress') });
    while (!progressed) {
      const { value, done } = await reader.read();
      if (done) throw new Error('the stream ended before any progress');
      parser.feed(decoder.decode(value, { stream: true }));
    }
    return controller;
  }

  it('cancels when the caller hangs up: the model call is aborted and the generation does not count', async () => {
    const before = await countGenerations(t, owner.workspaceId);
    ai.standIn.reply({ hang: true, partial: '{"questions":[' });
    const connection = await openGeneration({ 'idempotency-key': 'cancel-me' });
    expect(await countGenerations(t, owner.workspaceId)).toBe(before + 1);
    connection.abort();
    // The stand-in sees its connection closed only when the provider's signal aborted the call.
    await ai.standIn.requests[0]!.closed;
    await vi.waitFor(async () => expect(await countGenerations(t, owner.workspaceId)).toBe(before), { timeout: 3_000 });
    await vi.waitFor(async () => expect(await keyRows('cancel-me')).toHaveLength(0), { timeout: 3_000 });
    expect(ai.standIn.requests).toHaveLength(1);

    // The key is free again: a retry runs (not 409 "in flight").
    ai.standIn.reply({ json: output });
    const retry = await t.post(aiUrls.generate(owner.workspaceId), body, {
      token: owner.token,
      headers: { ...acceptStream, 'idempotency-key': 'cancel-me' },
    });
    expect(retry.statusCode).toBe(200);
    expect(parseEvents(retry.body).at(-1)?.event).toBe('result');
  });

  it('cancels a plain JSON generation too', async () => {
    const before = await countGenerations(t, owner.workspaceId);
    ai.standIn.reply({ hang: true });
    const controller = new AbortController();
    const pending = fetch(`${baseUrl}${aiUrls.generate(owner.workspaceId)}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${owner.token}`, 'x-client-id': CLIENT_ID, 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: controller.signal,
    }).catch((error: unknown) => error);
    await ai.standIn.waitForRequests(1);
    controller.abort();
    expect(await pending).toMatchObject({ name: 'AbortError' });
    await ai.standIn.requests[0]!.closed;
    await vi.waitFor(async () => expect(await countGenerations(t, owner.workspaceId)).toBe(before), { timeout: 3_000 });
  });

  it('replays a streamed answer for the same Idempotency-Key as JSON, without generating again', async () => {
    const before = await countGenerations(t, owner.workspaceId);
    ai.standIn.reply({ json: output });
    const headers = { ...acceptStream, 'idempotency-key': 'stream-once' };
    const first = await t.post(aiUrls.generate(owner.workspaceId), body, { token: owner.token, headers });
    const result = parseEvents(first.body).at(-1);
    expect(result?.event).toBe('result');
    const replay = await t.post(aiUrls.generate(owner.workspaceId), body, { token: owner.token, headers });
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json<{ payload: GeneratedQuestions }>()).toEqual(result?.data);
    expect(ai.standIn.requests).toHaveLength(1);
    expect(await countGenerations(t, owner.workspaceId)).toBe(before + 1);
  });
});
