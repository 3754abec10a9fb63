import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The headers every answer carries (PRODUCT §5), for the few answers Fastify sends before any
     * hook runs (plugins/errors.ts frameworkErrors).
     */
    securityHeaders: Readonly<Record<string, string>>;
  }
}

/**
 * The headers `helmet` would set with `options`, computed once: none of Tandem's depends on the
 * request (no CSP nonces), so setting the same object on every answer replaces running helmet's
 * middleware — which rebuilds the policy strings — per request (issue #13, decision 021).
 * Header names are lower case; a header helmet removes (X-Powered-By) is never set by Fastify.
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return headers;
}

/**
 * The headers of PRODUCT §5: a strict Content-Security-Policy (script-src without
 * 'unsafe-inline', object-src 'none', base-uri 'none', frame-ancestors 'none'), nosniff,
 * Referrer-Policy no-referrer everywhere (reset and public pages included), HSTS only over
 * HTTPS, and Cache-Control: no-store on every API answer. Styles allow 'unsafe-inline' because
 * MUI (emotion) injects style elements at run time; scripts never do. The policy is helmet's
 * ({@link helmetHeaders}), set when a request arrives, so streamed answers (SSE) carry it too.
 */
async function securityHeadersPlugin(app: FastifyInstance, options: { https: boolean }) {
  const headers = helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'https://*.posthog.com'],
        manifestSrc: ["'self'"],
        workerSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
      },
    },
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: options.https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });
  app.decorate('securityHeaders', headers);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
}

export default fp(securityHeadersPlugin, { name: 'security-headers' });
