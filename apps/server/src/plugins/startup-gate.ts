import type { onRequestHookHandler } from 'fastify';

/**
 * Holds API requests while start-up work their answers depend on is still running: the demo
 * workspace's seed on a new embedded database (server.ts; issue #13, cold start). The server
 * listens as soon as the app is built, so the probes (/healthz, /readyz) and the web app's files
 * answer at once, and the browser loads the app while the demo is written; an API request that
 * arrives meanwhile waits for the work to settle and never sees it half done. Without held work
 * the hook continues at once: one property read per request.
 */
export class StartupGate {
  private pending: Promise<void> | undefined;

  /**
   * Holds every request that passes {@link onRequest} until `work` settles, fulfilled or rejected
   * (the caller handles a failure; held requests then go on to answer as the app can). `work`
   * gets a rejection handler here, so a failure is never an unhandled rejection.
   */
  holdUntil(work: Promise<unknown>): void {
    const settled = work.then(
      () => undefined,
      () => undefined,
    );
    this.pending = settled;
    void settled.then(() => {
      if (this.pending === settled) this.pending = undefined;
    });
  }

  /** Fastify onRequest hook: continues at once, or once the held work settles. A callback hook: no promise per request. */
  readonly onRequest: onRequestHookHandler = (_request, _reply, done) => {
    if (this.pending === undefined) return done();
    void this.pending.then(() => done());
  };
}
