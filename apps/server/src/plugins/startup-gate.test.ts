import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { StartupGate } from './startup-gate.js';

/** An app whose /api scope is behind `gate` and whose /free route is not, as app.ts builds it. */
async function appWith(gate: StartupGate) {
  const app = Fastify();
  app.get('/free', async () => 'free');
  await app.register(
    async (api) => {
      api.addHook('onRequest', gate.onRequest);
      api.get('/held', async () => 'answered');
    },
    { prefix: '/api' },
  );
  await app.ready();
  return app;
}

/** A promise with its resolve and reject functions. */
function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((fulfil, fail) => ((resolve = fulfil), (reject = fail)));
  return { promise, resolve, reject };
}

describe('StartupGate (the API held while the demo is seeded)', () => {
  it('answers a held request only once the work is done, and requests outside the gate at once', async () => {
    const gate = new StartupGate();
    const app = await appWith(gate);
    const work = deferred();
    gate.holdUntil(work.promise);
    const answers: string[] = [];
    const held = app.inject('/api/held').then((response) => answers.push(response.body));
    // Asked later, answered while the first still waits.
    expect((await app.inject('/free')).body).toBe('free');
    expect(answers).toEqual([]);
    work.resolve();
    await held;
    expect(answers).toEqual(['answered']);
    // Settled: the next request goes straight through.
    expect((await app.inject('/api/held')).statusCode).toBe(200);
    await app.close();
  });

  it('lets held requests go on when the work fails (the caller handles the failure)', async () => {
    const gate = new StartupGate();
    const app = await appWith(gate);
    const work = deferred();
    gate.holdUntil(work.promise);
    const held = app.inject('/api/held');
    expect((await app.inject('/free')).statusCode).toBe(200);
    work.reject(new Error('seed failed'));
    expect((await held).body).toBe('answered');
    await expect(work.promise).rejects.toThrow('seed failed');
    await app.close();
  });

  it('holds nothing when no work was given', async () => {
    const app = await appWith(new StartupGate());
    expect((await app.inject('/api/held')).body).toBe('answered');
    await app.close();
  });
});
