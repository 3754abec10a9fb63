import type { GenerationProgress } from '@tandem/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startAiStandIn, type AiStandIn } from '../../test/ai-stand-in.js';
import { describeModelFailure } from './fallback-reason.js';
import { createModelProvider } from './model-provider.js';

/** The OpenAI-compatible provider against the local stand-in (issue #11): no network beyond 127.0.0.1. */
describe('createModelProvider', () => {
  let standIn: AiStandIn;
  beforeAll(async () => {
    standIn = await startAiStandIn();
  });
  afterAll(() => standIn.close());
  beforeEach(() => standIn.reset());

  const question = { prompt: 'Which risks worry you most?', kind: 'OPEN_TEXT', options: [], required: true, reason: 'Names the risks.' };
  const task = { goal: 'Understand Q3 risks', audience: 'Regional managers', count: 1 };
  const run = (timeoutMs = 2_000, signal = new AbortController().signal) => {
    const progress: GenerationProgress[] = [];
    const provider = createModelProvider(standIn.config({ timeoutMs }));
    return { progress, result: provider.generateQuestions(task, { signal, onProgress: (event) => progress.push(event) }) };
  };
  const failureOf = async (promise: Promise<unknown>) =>
    describeModelFailure(
      await promise.then(
        () => null,
        (error: unknown) => error,
      ),
    );

  it('streams the completion, reports the partial text and returns the validated output', async () => {
    standIn.reply({ json: { questions: [question] } });
    const { progress, result } = run();
    expect(await result).toEqual([question]);
    const [request] = standIn.requests;
    expect(request?.body).toMatchObject({ model: 'stand-in', stream: true });
    expect(request?.headers.authorization).toBe('Bearer test');
    expect(request?.system()).toContain('verbatim');
    expect(request?.system()).toContain('Never count');
    expect(request?.data()).toEqual(task);
    expect(progress.length).toBeGreaterThan(1);
    expect(progress.at(-1)).toEqual({ stage: 'model', message: 'Writing…', partialText: JSON.stringify({ questions: [question] }) });
  });

  it('rejects invalid JSON and output that fails the schema', async () => {
    standIn.reply({ text: 'Here are some questions: 1. Why?' });
    expect(await failureOf(run().result)).toBe('The AI model’s answer was not valid JSON.');
    standIn.reply({ json: { questions: [{ ...question, kind: 'ESSAY' }] } });
    expect(await failureOf(run().result)).toBe('The AI model’s answer did not have the expected shape.');
  });

  it('retries an HTTP 500 exactly once', async () => {
    const failure = { status: 500, headers: { 'retry-after-ms': '10' } };
    standIn.reply(failure, failure);
    expect(await failureOf(run().result)).toBe('The AI model answered with an error (HTTP 500).');
    expect(standIn.requests).toHaveLength(2);
    standIn.reset();
    standIn.reply(failure, { json: { questions: [question] } });
    expect(await run().result).toEqual([question]);
  });

  it('gives up after the timeout', async () => {
    standIn.reply({ hang: true }, { hang: true });
    const started = performance.now();
    expect(await failureOf(run(300).result)).toBe('The AI model did not answer within 0.3 seconds.');
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it('rejects with the caller’s abort reason when cancelled', async () => {
    standIn.reply({ hang: true });
    const controller = new AbortController();
    const { result } = run(5_000, controller.signal);
    await standIn.waitForRequests(1);
    controller.abort(new DOMException('cancelled', 'AbortError'));
    await expect(result).rejects.toMatchObject({ name: 'AbortError' });
  });
});
